import { describe, expect, it } from 'vitest';
import { loadPg } from '../../src/service/store/createPgStore.ts';

describe('loadPg (PostgreSQL, an optional peer of trove-search-cli)', () => {
  it('names the package to add when the driver is not installed', async () => {
    const missing = Object.assign(new Error("Cannot find package 'pg'"), { code: 'ERR_MODULE_NOT_FOUND' });
    await expect(loadPg(() => Promise.reject(missing))).rejects.toThrow('add it with "npm install pg"');
  });

  it('lets any other failure of the driver through as it is', async () => {
    await expect(loadPg(() => Promise.reject(new Error('broken build')))).rejects.toThrow('broken build');
  });

  it('gives the installed driver', async () => {
    const pg = await loadPg();
    expect(typeof pg.Pool).toBe('function');
  });
});
