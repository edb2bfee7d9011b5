import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRegistry } from '../../src/service/store/createRegistry.ts';
import { createStore } from '../../src/service/store/createStore.ts';
import { generatePosts } from '../../src/service/sample/generatePosts.ts';
import { MiniSearchEngine } from '../../src/service/engine/MiniSearchEngine.ts';
import { validateDocuments } from '../../src/service/endpoints/validateDocuments.ts';
import { removeDir } from './startService.ts';

describe('createRegistry', () => {
  it('tells how long each batch took the engine once it is open (what the write pacer spaces batches by), not the loading', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'trove-registry-'));
    const posts = validateDocuments(generatePosts(400), 'v2');
    try {
      const first = await createRegistry(createStore(dir), () => new MiniSearchEngine());
      await first.index('demo', 'blog', posts);
      await first.close();
      const times: number[] = [];
      const registry = await createRegistry(createStore(dir), () => new MiniSearchEngine(), { onApplied: (ms) => times.push(ms) });
      expect(times).toEqual([]);
      await registry.index('demo', 'blog', posts.slice(0, 10));
      await registry.index('demo', 'other', posts.slice(0, 300));
      expect(times).toHaveLength(2);
      for (const ms of times) expect(ms).toBeGreaterThanOrEqual(0);
      await registry.close();
    } finally {
      removeDir(dir);
    }
  });
});
