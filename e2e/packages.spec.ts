import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { type PackageName, packPackages, run } from './packPackages.ts';

/**
 * Each package brings only what it uses: the widgets installed into a fresh app add their client
 * and their three peers, nothing else; the client alone adds ky, and runs the README's bare-client
 * example under Node against the local service.
 */
test.describe.configure({ timeout: 300_000 });

const root = new URL('..', import.meta.url).pathname;
let folder = '';
let tarballs: Record<PackageName, string>;

test.beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'trove-packages-e2e-'));
  mkdirSync(join(folder, 'pack'));
  tarballs = await packPackages(join(folder, 'pack'));
});
test.afterAll(() => {
  if (folder) rmSync(folder, { recursive: true, force: true });
});

/** A fresh app with `packages` installed: the names of every package in its tree. */
async function install(name: string, packages: string[]): Promise<{ app: string; names: string[] }> {
  const app = join(folder, name);
  mkdirSync(app);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name, private: true, type: 'module' }));
  const installed = await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', ...packages], app);
  expect(installed.code, installed.stderr).toBe(0);
  const listed = await run('npm', ['ls', '--all', '--parseable'], app);
  expect(listed.code, listed.stderr).toBe(0);
  const names = listed.stdout
    .split('\n')
    .filter((line) => line.includes('/node_modules/'))
    .map((line) => line.slice(line.lastIndexOf('/node_modules/') + '/node_modules/'.length));
  return { app, names: [...new Set(names)].sort() };
}

test('the widgets add their client and their peers, and nothing else', async () => {
  const { names } = await install('widgets-app', [
    tarballs['trove-search'],
    tarballs['trove-search-client'],
    'preact',
    '@preact/signals',
    'ky',
  ]);
  // @preact/signals-core is @preact/signals' own dependency.
  expect(names).toEqual(['@preact/signals', '@preact/signals-core', 'ky', 'preact', 'trove-search', 'trove-search-client']);
});

test("the client alone adds ky, and runs the README's bare-client example in Node", async ({ baseURL }) => {
  const { app, names } = await install('client-app', [tarballs['trove-search-client'], 'ky']);
  expect(names).toEqual(['ky', 'trove-search-client']);
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const example = /<!-- example: node -->\n```js\n([\s\S]*?)\n```/.exec(readme)![1]!;
  expect(example).toContain("from 'trove-search-client'");
  const file = join(app, 'example.mjs');
  writeFileSync(
    file,
    example
      .replaceAll('https://search.example.com', baseURL!)
      .replaceAll('my-blog', 'demo')
      .replace(/collection: 'posts'/g, "collection: 'blog'")
      .replace(/YOUR_(PUBLIC_)?TOKEN/g, 'dev-token'),
  );
  const output = execFileSync(process.execPath, [file], { cwd: app, encoding: 'utf8' });
  expect(output).toMatch(/^\d+ posts; first: .+; years: \d{4}/m);
  expect(output).toMatch(/^related to 42: .+/m);
  expect(output).toMatch(/^recommend failed: 404 /m);
});
