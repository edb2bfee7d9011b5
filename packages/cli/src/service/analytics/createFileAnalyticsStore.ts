/**
 * The analytics of `trove serve` in its data folder: one file a day, `<dir>/<YYYY-MM-DD>.json`
 * (`{ counters: [[project, collection, metric, key, n]…], labels: [[project, collection, id,
 * title, url]…] }`), rewritten when that day's counters change: a temporary file, fsynced, renamed
 * over it, the folder fsynced (as writeFileAtomic.ts, but asynchronously: searches are answered
 * while the disk syncs).
 * A day's file is bounded by the caps of the recorder (createAnalytics.ts); files older than
 * `retentionDays` are deleted. The day's hashing key lives in memory only: a restart makes a new
 * one (the day's sessions are then counted again, never linked to the old hashes).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { mkdir, open, rename } from 'node:fs/promises';
import { join } from 'node:path';
import type { AnalyticsRecord, AnalyticsStore, Counter, PostLabel } from './AnalyticsStore.ts';
import { spaceOf } from './analyticsMetrics.ts';
import { addDays } from './dayOf.ts';

const DAY_FILE = /^(\d{4}-\d{2}-\d{2})\.json$/;

interface Day {
  counters: Map<string, Counter>;
  labels: Map<string, PostLabel>;
}

const counterKey = (c: Omit<Counter, 'n' | 'day'>) => `${c.project}\u0000${c.collection}\u0000${c.metric}\u0000${c.key}`;
const labelKey = (l: Pick<PostLabel, 'project' | 'collection' | 'id'>) => `${l.project}\u0000${l.collection}\u0000${l.id}`;

export function createFileAnalyticsStore(dir: string, retentionDays: number): AnalyticsStore {
  const days = new Map<string, Day>();
  let key: { day: string; secret: Buffer } | undefined;

  /** A day's file as kept (an unreadable file counts as empty and is replaced on the next write). */
  function load(day: string): Day {
    let loaded = days.get(day);
    if (loaded) return loaded;
    loaded = { counters: new Map(), labels: new Map() };
    const file = join(dir, `${day}.json`);
    if (existsSync(file)) {
      try {
        const data = JSON.parse(readFileSync(file, 'utf8')) as { counters?: unknown[]; labels?: unknown[] };
        for (const row of data.counters ?? []) {
          if (!Array.isArray(row) || row.length !== 5 || typeof row[4] !== 'number') continue;
          const [project, collection, metric, k, n] = row.map((v, i) => (i === 4 ? v : String(v))) as [
            string,
            string,
            string,
            string,
            number,
          ];
          const counter = { day, project, collection, metric, key: k, n };
          loaded.counters.set(counterKey(counter), counter);
        }
        for (const row of data.labels ?? []) {
          if (!Array.isArray(row) || row.length !== 5) continue;
          const [project, collection, id, title, url] = row.map(String) as [string, string, string, string, string];
          loaded.labels.set(labelKey({ project, collection, id }), { day, project, collection, id, title, url });
        }
      } catch {
        // a damaged file: its counts are lost, the service goes on
      }
    }
    days.set(day, loaded);
    return loaded;
  }

  async function save(day: string, data: Day): Promise<void> {
    await mkdir(dir, { recursive: true });
    const counters = [...data.counters.values()].map((c) => [c.project, c.collection, c.metric, c.key, c.n]);
    const labels = [...data.labels.values()].map((l) => [l.project, l.collection, l.id, l.title, l.url]);
    const temp = join(dir, `.${day}.json.tmp-${process.pid}`);
    const file = await open(temp, 'w', 0o644);
    try {
      await file.writeFile(JSON.stringify({ counters, labels }));
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(temp, join(dir, `${day}.json`));
    const folder = await open(dir, 'r');
    try {
      await folder.sync();
    } finally {
      await folder.close();
    }
  }

  function dayFiles(): string[] {
    if (!existsSync(dir)) return [];
    return readdirSync(dir)
      .map((name) => DAY_FILE.exec(name)?.[1])
      .filter((day): day is string => day !== undefined)
      .sort();
  }

  return {
    async add(record) {
      const touched = new Set<string>();
      for (const c of record.counters) {
        const data = load(c.day);
        const k = counterKey(c);
        const kept = data.counters.get(k);
        if (kept) kept.n += c.n;
        else data.counters.set(k, { ...c });
        touched.add(c.day);
      }
      for (const l of record.labels) {
        load(l.day).labels.set(labelKey(l), { ...l });
        touched.add(l.day);
      }
      for (const day of touched) await save(day, load(day));
      // Only the newest days stay in memory.
      for (const day of [...days.keys()].sort().slice(0, -2)) days.delete(day);
    },

    async keys(day, project, collection, space) {
      const found = new Set<string>();
      for (const c of load(day).counters.values()) {
        if (c.project === project && c.collection === collection && spaceOf(c.metric) === space) found.add(c.key);
      }
      return found;
    },

    async read(from, to) {
      const out: AnalyticsRecord = { counters: [], labels: [] };
      for (const day of dayFiles()) {
        if (day < from || day > to) continue;
        const data = load(day);
        out.counters.push(...data.counters.values());
        out.labels.push(...data.labels.values());
      }
      return out;
    },

    async dayKey(day) {
      if (key?.day === day) return key.secret;
      key = { day, secret: randomBytes(32) };
      const oldest = addDays(day, -(retentionDays - 1));
      for (const old of dayFiles()) {
        if (old >= oldest) continue;
        rmSync(join(dir, `${old}.json`), { force: true });
        days.delete(old);
      }
      // What a crash mid-write left.
      for (const name of existsSync(dir) ? readdirSync(dir) : []) {
        if (/^\..*\.tmp-\d+$/.test(name)) rmSync(join(dir, name), { force: true });
      }
      return key.secret;
    },

    async close() {
      key = undefined;
      days.clear();
    },
  };
}
