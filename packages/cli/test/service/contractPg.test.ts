/**
 * The service contract (contract.test.ts, every endpoint in both versions, every bad input)
 * against a service whose record is PostgreSQL (a throwaway cluster; startService gives each
 * service a database of its own through TROVE_TEST_DATABASE_URL).
 */
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { startPostgres } from '../../../../scripts/startPostgres.ts';

const cluster = await startPostgres({ fsync: false });
process.env.TROVE_TEST_DATABASE_URL = cluster.url;
afterAll(async () => {
  delete process.env.TROVE_TEST_DATABASE_URL;
  await cluster.stop();
});

await import('./contract.test.ts');

it('ran the contract with PostgreSQL as the record (its batches are in the database)', async () => {
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  const { rows } = await admin.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE 'trove_test_%'");
  await admin.end();
  expect(rows.length).toBeGreaterThan(0);
  const db = new pg.Client({ connectionString: cluster.database(rows[0]!.datname) });
  await db.connect();
  const batches = await db.query<{ n: string }>('SELECT count(*) AS n FROM trove_batches');
  await db.end();
  expect(Number(batches.rows[0]!.n)).toBeGreaterThan(0);
});
