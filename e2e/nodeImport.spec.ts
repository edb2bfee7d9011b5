import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';

/** The built package, imported by name in plain Node (SSR): no side effects, nothing thrown. */
test('importing trove-search in plain Node defines nothing and throws nothing', () => {
  const script = `
    const before = new Set(Object.getOwnPropertyNames(globalThis));
    const trove = await import('trove-search');
    const added = Object.getOwnPropertyNames(globalThis).filter((name) => !before.has(name));
    const client = trove.createClient({ baseUrl: 'http://127.0.0.1:1', project: 'p', collection: 'c', token: 't' });
    trove.defineElements(); // no customElements in Node: a no-op, not a throw
    console.log(JSON.stringify({
      added,
      exports: Object.keys(trove).sort(),
      filter: trove.filter('category', 'Say "hi"'),
      hasSearch: typeof client.search,
    }));
  `;
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  const result = JSON.parse(output.trim().split('\n').pop()!);
  expect(result.added).toEqual([]);
  expect(result.exports).toEqual(expect.arrayContaining(['createClient', 'filter', 'parseFilter', 'configure', 'defineElements']));
  expect(result.filter).toBe('category:"Say \\"hi\\""');
  expect(result.hasSearch).toBe('function');
});
