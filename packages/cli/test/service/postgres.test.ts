/**
 * PostgreSQL as the shared record, against a real server (a throwaway cluster, scripts/
 * startPostgres.ts): several `trove serve` processes (real child processes, as a deployment runs
 * them) on one database.
 */
import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Postgres, startPostgres } from '../../../../scripts/startPostgres.ts';
import { createPgFeedbackLog } from '../../src/service/store/createPgFeedbackLog.ts';
import { createPgStore } from '../../src/service/store/createPgStore.ts';
import type { FeedbackEntry } from '../../src/service/store/FeedbackLog.ts';
import { spawnedServes } from './spawnedServes.ts';

const T = 'token=pg-token';
const V2 = (collection: string) => `/api/v2/projects/demo/collections/${collection}`;

let cluster: Postgres;
let databaseUrl: string;
const serves = spawnedServes('trove-pg-serve-');

interface Serve {
  base: string;
  child: ChildProcess;
  get(path: string): Promise<any>;
  post(path: string, body: unknown): Promise<Response>;
}

/** `trove serve` (the command from the sources) on a free loopback port, PostgreSQL as the record. */
async function serve(extraArgs: string[] = []): Promise<Serve> {
  const { child, base } = await serves.spawn(['--database-url', databaseUrl, ...extraArgs], { TROVE_TOKEN: 'pg-token' });
  return {
    base,
    child,
    get: async (path) => (await fetch(base + path)).json(),
    post: (path, body) =>
      fetch(base + path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
  };
}

const post = (id: string | number, title: string, extra: Record<string, unknown> = {}) => ({
  id,
  title,
  content: `${title} in a few words`,
  url: `/posts/${id}/`,
  date: `2024-01-${String(((Number(id) || 0) % 28) + 1).padStart(2, '0')}T00:00:00Z`,
  category: [Number(id) % 2 ? 'Odd' : 'Even'],
  ...extra,
});

/** The search page without its timing. */
async function page(s: Serve, collection: string, query: string) {
  const body = await s.get(`${V2(collection)}/search/default?${T}&${query}`);
  return body.response;
}

async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check()) return Date.now() - started;
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

let a: Serve;
let b: Serve;

beforeAll(async () => {
  cluster = await startPostgres({ fsync: false });
  databaseUrl = await cluster.createDatabase('trove_shared');
  // Two processes starting together on an empty database: the schema is created once.
  [a, b] = await Promise.all([serve(['--seed']), serve()]);
}, 120_000);

afterAll(async () => {
  await serves.stopAll();
  await cluster?.stop();
}, 60_000);

describe('trove serve with PostgreSQL as the record', { timeout: 60_000 }, () => {
  it('makes a batch indexed through one process searchable through the other within a second', async () => {
    expect((await a.post(`${V2('shared')}/documents?${T}`, [post(1, 'Quokka sightings on Rottnest')])).status).toBe(200);
    // The collection created through one process is known to the other (no 404 until restart).
    const ms = await within(1000, async () => (await page(b, 'shared', 'q=quokka'))?.found_documents === 1);
    expect(ms).toBeLessThan(1000);
    expect((await b.post(`${V2('shared')}/documents?${T}`, [post(2, 'Quokka photography tips')])).status).toBe(200);
    await within(1000, async () => (await page(a, 'shared', 'q=quokka'))?.found_documents === 2);
  });

  it('gives the same page for the same query on both, whatever process each batch went through', async () => {
    // Concurrent batches through both: each process applies them in the record's order.
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        (i % 2 ? a : b).post(`${V2('order')}/documents?${T}`, [
          post(100 + i, `Lantern festival ${i}`),
          post(200 + (i % 3), `Lantern repair ${i}`),
        ]),
      ),
    );
    const [ha, hb] = [await a.get('/_trove/health'), await b.get('/_trove/health')];
    await within(1000, async () => (await a.get('/_trove/health')).log.applied === (await b.get('/_trove/health')).log.applied);
    expect(ha.log.behind).toBeGreaterThanOrEqual(0);
    expect(hb.log.applied).toBeGreaterThan(0);
    for (const query of [
      'q=lantern&limit=5',
      'q=lantern&limit=5&skip=5',
      'q=lantern&limit=5&skip=10',
      'q=&limit=7',
      'q=lantern&sort=title%20asc',
    ]) {
      expect(await page(a, 'order', query)).toEqual(await page(b, 'order', query));
    }
    // Paging through one never repeats a post.
    const ids = [];
    for (let skip = 0; skip < 20; skip += 5)
      ids.push(...(await page(a, 'order', `q=lantern&limit=5&skip=${skip}`)).results.map((r: { id: string }) => r.id));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('brings a process started later up to date: the snapshot, then the tail', async () => {
    const c = await serve();
    expect(await page(c, 'order', 'q=lantern&limit=20')).toEqual(await page(a, 'order', 'q=lantern&limit=20'));
    expect(await page(c, 'blog', 'q=rust')).toEqual(await page(a, 'blog', 'q=rust'));
    expect((await c.get('/_trove/health')).collections).toEqual((await a.get('/_trove/health')).collections);
    await a.post(`${V2('order')}/documents?${T}`, [post(300, 'Lantern afterwards')]);
    await within(1000, async () => (await page(c, 'order', 'q=afterwards'))?.found_documents === 1);
    c.child.kill('SIGTERM');
  }, 60_000);

  it('makes a deletion through one process seen by the other, by a process started later and after a restart', async () => {
    const sent = await a.post(`${V2('gone')}/documents?${T}`, [
      post(1, 'Zeppelin one'),
      post(2, 'Zeppelin two'),
      post(3, 'Zeppelin three'),
    ]);
    expect(sent.status).toBe(200);
    await within(1000, async () => (await page(b, 'gone', 'q=zeppelin'))?.found_documents === 3);
    const deleted = await fetch(`${a.base}${V2('gone')}/documents?${T}`, {
      method: 'DELETE',
      headers: { 'Content-Type': 'application/json' },
      body: '[2, 404]',
    });
    expect(await deleted.json()).toMatchObject({ code: 200, response: null });
    // Through the process that deleted: at once; through the other: once it has applied the batch.
    expect((await page(a, 'gone', 'q=zeppelin')).results.map((r: { id: string }) => r.id).sort()).toEqual(['1', '3']);
    await within(1000, async () => (await page(b, 'gone', 'q=zeppelin'))?.found_documents === 2);
    const c = await serve();
    expect(await page(c, 'gone', 'q=zeppelin')).toEqual(await page(a, 'gone', 'q=zeppelin'));
    expect((await c.get(`${V2('gone')}/recommend/?${T}&id=2`)).response.found_documents).toBe(0);
    c.child.kill('SIGTERM');
    await new Promise((r) => c.child.once('exit', r));
    const d = await serve();
    expect((await page(d, 'gone', 'q=zeppelin')).results.map((r: { id: string }) => r.id).sort()).toEqual(['1', '3']);
    d.child.kill('SIGTERM');
  }, 60_000);

  it('keeps feedback sent to either process once, for all, and clears it for all', async () => {
    const path = `${V2('blog')}/autocomplete/suggest/feedback/hits?${T}&item_order=1&query=`;
    expect((await fetch(`${a.base}${path}from-a`)).status).toBe(200);
    expect((await fetch(`${b.base}${path}from-b`)).status).toBe(200);
    for (const s of [a, b]) {
      const entries = (await s.get('/_trove/feedback')) as { params: { query: string } }[];
      expect(entries.map((e) => e.params.query).sort()).toEqual(['from-a', 'from-b']);
    }
    expect((await fetch(`${b.base}/_trove/feedback`, { method: 'DELETE' })).status).toBe(204);
    expect(await a.get('/_trove/feedback')).toEqual([]);
  });

  it('refuses, before anything reaches the database, what the data folder refuses: another site, a type other than JSON, a wrong token, a body over the limit', async () => {
    const batches = async () => {
      const db = new pg.Client({ connectionString: databaseUrl });
      await db.connect();
      try {
        return Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM trove_batches')).rows[0]!.n);
      } finally {
        await db.end();
      }
    };
    const before = await batches();
    const path = `${a.base}${V2('guarded')}/documents`;
    const body = JSON.stringify([post(1, 'Guarded post')]);
    const json = { 'Content-Type': 'application/json' };
    const refused = [
      [await fetch(`${path}?${T}`, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body }), 415],
      [await fetch(`${path}?${T}`, { method: 'POST', headers: { ...json, Origin: 'https://elsewhere.example' }, body }), 403],
      [await fetch(`${path}?token=nope`, { method: 'POST', headers: json, body }), 401],
      [await fetch(`${path}?${T}`, { method: 'POST', headers: json, body: `[${' '.repeat(6 * 1024 * 1024)}]` }), 413],
    ] as const;
    expect(refused.map(([res]) => res.status)).toEqual(refused.map(([, status]) => status));
    expect(await batches()).toBe(before);
    expect((await fetch(`${a.base}${V2('guarded')}/search/default?${T}&q=guarded`)).status).toBe(404);
    // The shared feedback log is not for another site's page either.
    const elsewhere = { Origin: 'https://elsewhere.example' };
    expect((await fetch(`${b.base}/_trove/feedback`, { headers: elsewhere })).status).toBe(403);
    expect((await fetch(`${b.base}/_trove/feedback`, { method: 'DELETE', headers: elsewhere })).status).toBe(403);
  });

  it('loses no acknowledged batch when a process is killed mid-write', async () => {
    const c = await serve();
    const acknowledged: number[] = [];
    let stop = false;
    const writers = Array.from({ length: 4 }, async (_, w) => {
      for (let i = 0; !stop; i++) {
        const n = w * 10_000 + i;
        const docs = Array.from({ length: 10 }, (_, k) => post(`k${n}-${k}`, `Killjoy batch ${n}`));
        try {
          const res = await c.post(`${V2('killed')}/documents?${T}`, docs);
          if (res.status === 200) acknowledged.push(n);
        } catch {
          return; // the connection died with the process
        }
      }
    });
    await within(20_000, async () => acknowledged.length >= 20);
    c.child.kill('SIGKILL');
    stop = true;
    await Promise.all(writers);
    // Whatever the database committed reaches the others; every acknowledged batch is there, whole.
    await new Promise((r) => setTimeout(r, 700));
    const found = new Map<string, number>();
    for (let skip = 0; ; skip += 100) {
      const result = await page(a, 'killed', `q=&limit=100&skip=${skip}`);
      for (const r of result.results) found.set(r.title, (found.get(r.title) ?? 0) + 1);
      if (skip + 100 >= result.found_documents) break;
    }
    for (const n of acknowledged) expect(found.get(`Killjoy batch ${n}`)).toBe(10);
    for (const count of found.values()) expect(count).toBe(10);
    expect((await a.get('/_trove/health')).log.behind).toBe(0);
  }, 60_000);

  it('keeps following the log by polling when its LISTEN connection is cut', async () => {
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const cut = await db.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'LISTEN%'");
    await db.end();
    expect(cut.rowCount).toBeGreaterThanOrEqual(2);
    expect((await a.post(`${V2('shared')}/documents?${T}`, [post(3, 'Quokka after the cut')])).status).toBe(200);
    await within(1500, async () => (await page(b, 'shared', 'q=cut'))?.found_documents === 1);
  });

  it('answers 503 from health when told how far behind is too far, 200 when caught up', async () => {
    const res = await fetch(`${a.base}/_trove/health?max_behind=0`);
    expect(res.status).toBe(200);
    expect((await res.json()).log).toMatchObject({ behind: 0 });
    // Told of batches it cannot read yet (as when the database is ahead of a busy replica).
    const applied = (await a.get('/_trove/health')).log.applied as number;
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    // Until it hears (its listener may still be coming back from the test before).
    await within(5000, async () => {
      await db.query(`NOTIFY trove_batches, '${applied + 5}'`);
      await new Promise((r) => setTimeout(r, 100));
      return (await fetch(`${a.base}/_trove/health?max_behind=4`)).status === 503;
    });
    await db.end();
    const behind = await (await fetch(`${a.base}/_trove/health?max_behind=4`)).json();
    expect(behind).toMatchObject({ ok: false, log: { applied, head: applied + 5, behind: 5 } });
    expect((await fetch(`${a.base}/_trove/health?max_behind=5`)).status).toBe(200);
  });
});

describe('the feedback log in PostgreSQL (createPgFeedbackLog)', () => {
  it('hands entries back oldest first, page by page, and keeps about twice its byte limit, dropping the oldest', async () => {
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query('CREATE DATABASE trove_feedback_log');
    await admin.end();
    const url = cluster.database('trove_feedback_log');
    // The schema is the store's.
    await (await createPgStore(url)).close();
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    try {
      // Within the retention (30 days), one second apart.
      const start = Date.now() - 60_000;
      const entry = (n: number): FeedbackEntry => ({
        time: new Date(start + n * 1000).toISOString(),
        kind: 'autocomplete',
        version: 'v2',
        handler: null,
        project: 'demo',
        collection: 'blog',
        params: { query: `query ${n}`, item_order: '1' },
      });
      const bytes = JSON.stringify(entry(10)).length;
      const log = createPgFeedbackLog(pool, { maxBytes: 5 * bytes, trimEvery: 1, pageSize: 3 });
      for (let n = 10; n < 30; n++) await log.append(entry(n));
      const read: FeedbackEntry[] = [];
      for await (const e of log.entries()) read.push(e);
      // Ten entries are twice the limit: the ten newest are kept, read in order across four pages.
      expect(read.map((e) => e.params.query)).toEqual(Array.from({ length: 10 }, (_, i) => `query ${20 + i}`));
      await log.clear();
      const left: FeedbackEntry[] = [];
      for await (const e of log.entries()) left.push(e);
      expect(left).toEqual([]);
    } finally {
      await pool.end();
    }
  });
});
