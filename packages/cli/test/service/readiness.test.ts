/**
 * Ready means ready (issue 32 §1): `trove serve` (a real process, the command from the sources)
 * polled from the moment it is spawned, by a client as fast as it can, on every start-up path —
 * `--seed` on a data folder and on an empty PostgreSQL database, a restart from a data folder with
 * snapshots and a log, a process joining a PostgreSQL record of many batches. Every answer is
 * refused (a 5xx, or no connection yet) or complete (every document), and health is never `ok`
 * before the answers are complete.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnServe } from '../../../../scripts/spawnServe.ts';
import { freePort, type Postgres, startPostgres } from '../../../../scripts/startPostgres.ts';

const TOKEN = 'ready-token';
const SEARCH = `/api/v2/projects/demo/collections/blog/search/default?q=&limit=0&token=${TOKEN}`;

const processes: ChildProcess[] = [];
const folders: string[] = [];
let cluster: Postgres | undefined;

afterAll(async () => {
  await Promise.all(processes.map(stop));
  await cluster?.stop();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
}, 60_000);

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'trove-ready-'));
  folders.push(dir);
  return dir;
}

interface Answer {
  what: 'search' | 'health';
  /** 0: no connection. */
  status: number;
  documents?: number;
  ok?: boolean;
  retryAfter?: string | null;
  message?: string;
}

/**
 * Spawns `trove serve` on a port chosen beforehand and polls search and health, alternately, from
 * the moment of the spawn until `documents` are found five times in a row (or 60 s pass).
 */
async function pollFromSpawn(args: string[], env: Record<string, string>, documents: number) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const answers: Answer[] = [];
  const spawned = spawnServe(args, { TROVE_TOKEN: TOKEN, ...env, PORT: String(port) });
  spawned.then(({ child }) => processes.push(child)).catch(() => {});
  const started = Date.now();
  let complete = 0;
  while (complete < 5 && Date.now() - started < 60_000) {
    for (const what of ['search', 'health'] as const) {
      try {
        const res = await fetch(base + (what === 'search' ? SEARCH : '/_trove/health'));
        const body = (await res.json()) as any;
        const answer: Answer = { what, status: res.status, retryAfter: res.headers.get('retry-after') };
        if (what === 'search') {
          answer.documents = body.response?.found_documents;
          if (res.status !== 200) answer.message = body.response;
        } else {
          answer.ok = body.ok;
          answer.documents = body.collections?.find((c: { project: string }) => c.project === 'demo')?.documents;
          answer.message = body.starting;
        }
        answers.push(answer);
        if (what === 'search' && res.status === 200 && answer.documents === documents) complete++;
        else if (what === 'search') complete = 0;
      } catch {
        answers.push({ what, status: 0 });
      }
    }
  }
  const { child } = await spawned;
  return { answers, child, base };
}

/** The rule: refused or complete, and health not ok before the reads are complete. */
function expectReadyMeansReady(answers: Answer[], documents: number): void {
  const searches = answers.filter((a) => a.what === 'search');
  expect(searches.filter((a) => a.status === 200 && a.documents === documents).length).toBeGreaterThanOrEqual(5);
  const wrong = answers.filter((a, i) => {
    if (a.status === 0) return false;
    if (a.what === 'search') return a.status === 200 ? a.documents !== documents : a.status < 500;
    // Health: 503 and not ok while starting; ok only once every later read is complete.
    if (a.status === 200) return !a.ok || answers.slice(i + 1).some((b) => b.what === 'search' && b.status !== 200);
    return a.status !== 503 || a.ok !== false;
  });
  expect(wrong).toEqual([]);
  for (const refused of answers.filter((a) => a.status === 503)) {
    expect(refused.retryAfter).toBe('1');
    expect(refused.message).toMatch(/sample posts \(--seed\)|Starting/);
  }
}

describe('trove serve answers only once what it indexed at start is applied', { timeout: 120_000 }, () => {
  it('with --seed on a data folder: refused, then all 600 posts; health not ok until then', async () => {
    const data = join(folder(), 'data');
    const { answers, child } = await pollFromSpawn(['--seed'], { TROVE_DATA: data }, 600);
    expectReadyMeansReady(answers, 600);
    await stop(child);
  });

  it('restarted on a data folder with snapshots and a log: nothing until every batch is applied', async () => {
    const data = join(folder(), 'data');
    const first = await spawnServe(['--seed'], { TROVE_TOKEN: TOKEN, TROVE_DATA: data });
    processes.push(first.child);
    // 40 batches after the seed: the log (compacted only past 4 MiB).
    for (let batch = 0; batch < 40; batch++) {
      const docs = Array.from({ length: 10 }, (_, i) => ({
        id: 10_000 + batch * 10 + i,
        title: `Logged post ${batch}-${i}`,
        content: 'x',
      }));
      const res = await fetch(`${first.base}/api/v2/projects/demo/collections/blog/documents?token=${TOKEN}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(docs),
      });
      expect(res.status).toBe(200);
    }
    await stop(first.child);
    const { answers, child } = await pollFromSpawn([], { TROVE_DATA: data }, 1000);
    expectReadyMeansReady(answers, 1000);
    await stop(child);
  });

  describe('with PostgreSQL as the record', () => {
    let databaseUrl = '';

    it('with --seed on an empty database: refused, then all 600 posts; health not ok until then', async () => {
      cluster = await startPostgres({ fsync: false });
      databaseUrl = await cluster.createDatabase('trove_ready');
      const { answers, base } = await pollFromSpawn(['--seed', '--database-url', databaseUrl], { TROVE_DATA: join(folder(), 'd') }, 600);
      expectReadyMeansReady(answers, 600);
      // The seed's window (the batch on its way through the database) was seen, refused.
      expect(answers.some((a) => a.what === 'search' && a.status === 503)).toBe(true);
      expect(answers.some((a) => a.what === 'health' && a.status === 503 && a.ok === false)).toBe(true);
      // Many batches more for the next process to join.
      for (let batch = 0; batch < 200; batch++) {
        const docs = Array.from({ length: 5 }, (_, i) => ({ id: 20_000 + batch * 5 + i, title: `Batch post ${batch}-${i}`, content: 'y' }));
        const res = await fetch(`${base}/api/v2/projects/demo/collections/blog/documents?token=${TOKEN}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(docs),
        });
        expect(res.status).toBe(200);
      }
      // The first process stays: the next one joins a record in use.
    }, 180_000);

    it('a process joining a record of many batches: nothing until it has them all', async () => {
      expect(databaseUrl).not.toBe('');
      const { answers, child } = await pollFromSpawn(['--database-url', databaseUrl], { TROVE_DATA: join(folder(), 'd') }, 1600);
      expectReadyMeansReady(answers, 1600);
      await stop(child);
    });
  });
});
