/**
 * The persisted engine index with PostgreSQL as the record (a throwaway cluster): kept in
 * `trove_engine_indexes`, read at start, and never trusted beyond the documents it was built from.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Postgres, startPostgres } from '../../../../scripts/startPostgres.ts';
import { openIndexFile } from '../../src/service/engine/IndexFile.ts';
import { removeDir, type Running, startService } from './startService.ts';

let cluster: Postgres;
let databaseUrl: string;

beforeAll(async () => {
  cluster = await startPostgres();
  databaseUrl = await cluster.createDatabase('trove_index_test');
}, 120_000);

afterAll(async () => {
  await cluster?.stop();
});

async function query<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

describe('the persisted index on PostgreSQL', () => {
  it('is saved in the database, read at the next start, and rebuilt when damaged or when documents changed since', async () => {
    let s: Running = await startService({ seed: 200, databaseUrl });
    const dataDir = s.dataDir;
    const search = async (q: string) =>
      JSON.stringify(
        (await s.request(`/api/v2/projects/demo/collections/blog/search/default?token=test-token&q=${encodeURIComponent(q)}&limit=50`)).body
          .response.results,
      );
    const reopen = async () => {
      await s.stop();
      s = await startService({ dataDir, seed: false, databaseUrl });
    };
    try {
      const expected = await search('garden');
      await s.stop();
      const [row] = await query<{ data: Buffer }>("SELECT data FROM trove_engine_indexes WHERE project = 'demo' AND collection = 'blog'");
      expect(() => openIndexFile(row!.data)).not.toThrow();
      s = await startService({ dataDir, seed: false, databaseUrl });
      expect(await search('garden')).toBe(expected);

      // Damaged in the database: not trusted.
      await s.stop();
      await query("UPDATE trove_engine_indexes SET data = substring(data from 1 for length(data) - 40) WHERE collection = 'blog'");
      s = await startService({ dataDir, seed: false, databaseUrl });
      expect(await search('garden')).toBe(expected);

      // A post edited after the index was saved (the index put back as it was before the edit): found by its new words only.
      const first = JSON.parse(await search('garden'))[0] as { id: string; url: string };
      await s.stop();
      const [before] = await query<{ data: Buffer }>("SELECT data FROM trove_engine_indexes WHERE collection = 'blog'");
      s = await startService({ dataDir, seed: false, databaseUrl });
      const res = await s.request('/api/v2/projects/demo/collections/blog/documents?token=test-token', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify([{ id: first.id, title: 'Quokka notes', content: 'Nothing about plants any more.', url: first.url }]),
      });
      expect(res.status).toBe(200);
      await s.stop();
      await query("UPDATE trove_engine_indexes SET data = $1 WHERE collection = 'blog'", [before!.data]);
      s = await startService({ dataDir, seed: false, databaseUrl });
      expect((JSON.parse(await search('garden')) as { id: string }[]).map((r) => r.id)).not.toContain(first.id);
      expect((JSON.parse(await search('quokka')) as { id: string }[]).map((r) => r.id)).toEqual([first.id]);
      await reopen();
      expect((JSON.parse(await search('quokka')) as { id: string }[]).map((r) => r.id)).toEqual([first.id]);
    } finally {
      await s.stop();
      removeDir(dataDir);
    }
  }, 120_000);
});
