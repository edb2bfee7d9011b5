/**
 * The analytics with PostgreSQL as the shared record: two `trove serve` processes (real child
 * processes) on a throwaway cluster (scripts/startPostgres.ts); the page of either counts the
 * searches of both, and no table holds an identifier of a reader.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnedServes } from '../spawnedServes.ts';
import { type Postgres, startPostgres } from '../../../../../scripts/startPostgres.ts';

const V2 = '/api/v2/projects/demo/collections/blog';
const T = 'token=pg-token';

let cluster: Postgres;
let databaseUrl: string;
const serves = spawnedServes('trove-pg-analytics-');
let a: string;
let b: string;

async function serve(args: string[] = []): Promise<string> {
  const { base } = await serves.spawn(['--database-url', databaseUrl, ...args], { TROVE_TOKEN: 'pg-token' });
  return base;
}

const json = async (url: string, init?: RequestInit) => (await fetch(url, init)).json();

async function within(ms: number, check: () => Promise<boolean>): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(async () => {
  cluster = await startPostgres({ fsync: false });
  databaseUrl = await cluster.createDatabase('trove_analytics');
  a = await serve(['--seed']);
  b = await serve();
}, 120_000);

afterAll(async () => {
  await serves.stopAll();
  await cluster?.stop();
}, 60_000);

describe('analytics with PostgreSQL as the record', { timeout: 60_000 }, () => {
  it("shows on either process's page the searches of both", async () => {
    const who = 'user_id=USER-7731&user_ip=198.51.100.23';
    await json(`${a}${V2}/search/default?q=photo&${T}&session_id=RAW-A-5521&${who}`);
    await json(`${a}${V2}/search/default?q=qqzxv&${T}&session_id=RAW-A-5521&${who}`);
    await json(`${b}${V2}/search/default?q=photo&${T}&session_id=RAW-B-9034&${who}`);
    await json(`${b}${V2}/search/default?q=bread&${T}&session_id=RAW-B-9034&${who}`);
    await fetch(`${b}${V2}/recommend/feedback/hits?${T}`, {
      method: 'POST',
      body: new URLSearchParams({
        source_id: '1',
        target_id: '2',
        item_order: '2',
        session_id: 'RAW-B-9034',
        user_id: 'USER-7731',
        user_ip: '198.51.100.23',
      }),
    });
    // Each process writes its counts every 5 s and before it answers the page.
    for (const base of [a, b]) {
      await within(15_000, async () => (await json(`${base}/_trove/analytics.json`)).totals.searches === 4);
      const report = await json(`${base}/_trove/analytics.json`);
      expect(report.totals).toMatchObject({ searches: 4, emptySearches: 1, sessions: 2, relatedClicks: 1 });
      expect(report.queries.find((q: { query: string }) => q.query === 'photo')).toMatchObject({ searches: 2 });
      expect(report.noResults.map((q: { query: string }) => q.query)).toEqual(['qqzxv']);
      const page = await (await fetch(`${base}/_trove/analytics`)).text();
      expect(page).toContain('qqzxv');
    }
    // No table holds a session id, a user id or an IP address.
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string }>(
        "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_name LIKE 'trove_%' AND table_name NOT IN ('trove_documents', 'trove_batches')",
      );
      expect(rows.map((r) => r.name)).toEqual(
        expect.arrayContaining(['trove_analytics', 'trove_analytics_posts', 'trove_analytics_keys', 'trove_feedback']),
      );
      let stored = '';
      for (const { name } of rows) stored += JSON.stringify((await client.query(`SELECT * FROM ${name}`)).rows);
      expect(stored).toContain('photo');
      for (const secret of ['RAW-A-5521', 'RAW-B-9034', 'USER-7731', '198.51.100.23', 'user_id', 'session_id'])
        expect(stored, secret).not.toContain(secret);
      // One key, today's: the older ones are gone.
      expect((await client.query('SELECT day FROM trove_analytics_keys')).rows).toHaveLength(1);
    } finally {
      await client.end();
    }
  });

  it('keeps raw feedback entries for 30 days: older ones are neither read nor kept', async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const old = new Date(Date.now() - 31 * 86_400_000).toISOString();
      await client.query('INSERT INTO trove_feedback (entry) VALUES ($1)', [
        JSON.stringify({
          time: old,
          kind: 'autocomplete',
          version: 'v2',
          handler: null,
          project: 'demo',
          collection: 'blog',
          params: { query: 'old' },
        }),
      ]);
      const log = await json(`${a}/_trove/feedback`);
      expect(log.map((e: { params: { query?: string } }) => e.params.query)).not.toContain('old');
      expect(
        (
          await client.query("SELECT id FROM trove_feedback WHERE entry ->> 'time' < $1", [
            new Date(Date.now() - 30 * 86_400_000).toISOString(),
          ])
        ).rows,
      ).toEqual([]);
    } finally {
      await client.end();
    }
  });
});
