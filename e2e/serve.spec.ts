import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { packPackages, run, shellEnv } from './packPackages.ts';

/**
 * The packages as a theme developer gets them: `npm pack` of each (the built dist/), the widgets,
 * their client and the command installed into an empty folder, then the README's two commands — `npx trove serve --seed` and
 * `npx trove index <feed> --base-url …` — and a search that finds the feed's post.
 */
test.describe.configure({ timeout: 300_000 });

const root = new URL('..', import.meta.url).pathname;
const word = `sandwort${Date.now().toString(36)}`; // in no seeded post

/** SIGTERM to npx and the `trove` process it started (one process group); resolves once npx has exited. */
function stop(child: ChildProcess): Promise<unknown> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid!, 'SIGTERM');
  return exited;
}

let folder = '';
let server: ChildProcess | undefined;

test.afterAll(async () => {
  if (server && server.exitCode === null && server.signalCode === null) await stop(server);
  if (folder) rmSync(folder, { recursive: true, force: true });
});

test('npx trove serve --seed and npx trove index work from the packed packages in an empty folder', async () => {
  folder = mkdtempSync(join(tmpdir(), 'trove-pack-e2e-'));
  const packDir = join(folder, 'pack');
  const app = join(folder, 'app');
  mkdirSync(packDir);
  mkdirSync(app);

  const tarballs = await packPackages(packDir);
  const installed = await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', ...Object.values(tarballs)], app);
  expect(installed.code, installed.stderr).toBe(0);

  // Only the public type declarations are packed (not the command's and the service's internals),
  // and they stand on their own: an app that imports both entries type-checks without skipLibCheck.
  const types = join(app, 'node_modules/trove-search/dist/types');
  expect(existsSync(join(types, 'index.d.ts'))).toBe(true);
  expect(existsSync(join(types, 'cli')) || existsSync(join(types, 'service'))).toBe(false);
  const commandTypes = join(app, 'node_modules/trove-search-cli/dist/types');
  expect(existsSync(join(commandTypes, 'eleventy.d.ts'))).toBe(true);
  expect(existsSync(join(commandTypes, 'cli')) || existsSync(join(commandTypes, 'service'))).toBe(false);
  writeFileSync(
    join(app, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: { strict: true, module: 'nodenext', moduleResolution: 'nodenext', lib: ['es2022', 'dom'], types: [], noEmit: true },
      files: ['consumer.ts'],
    }),
  );
  writeFileSync(
    join(app, 'consumer.ts'),
    "import eleventy from 'trove-search-cli/eleventy';\nimport { createClient, TroveSearchBox } from 'trove-search';\nimport { documentId } from 'trove-search-client';\nexport const used = [eleventy, createClient, TroveSearchBox, documentId];\n",
  );
  const typed = await run(join(root, 'node_modules/.bin/tsc'), ['-p', app], app);
  expect(typed.code, typed.stdout + typed.stderr).toBe(0);

  // npx trove serve --seed, on a port of its own choosing (PORT=0); it prints where it listens.
  server = spawn('npx', ['trove', 'serve', '--seed'], {
    cwd: app,
    env: shellEnv({ PORT: '0' }),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let out = '';
  let err = '';
  server.stderr!.on('data', (chunk) => void (err += chunk));
  const base = await new Promise<string>((resolve, reject) => {
    server!.stdout!.on('data', (chunk) => {
      out += chunk;
      const m = /Trove local search service on (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    server!.once('exit', (code) => reject(new Error(`trove serve exited with ${code}: ${err}`)));
  });
  expect(out).toContain('Seeded 600 generated posts into project "demo", collection "blog"');

  writeFileSync(
    join(app, 'feed.xml'),
    `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>My blog</title><link>https://blog.example/</link><description>Mine</description>
<item><title>Field notes on ${word}</title><link>https://blog.example/posts/field-notes</link>
<guid>https://blog.example/posts/field-notes</guid><pubDate>Tue, 02 Jan 2024 09:00:00 GMT</pubDate>
<description>Where the ${word} grows.</description></item>
</channel></rss>`,
  );
  const indexed = await run(
    'npx',
    ['trove', 'index', './feed.xml', '--base-url', base, '--project', 'demo', '--collection', 'blog', '--token', 'dev-token'],
    app,
  );
  expect(indexed.stderr).toContain('Indexed 1 of 1 document');
  expect(indexed.code).toBe(0);

  const answer = await (await fetch(`${base}/api/v2/projects/demo/collections/blog/search/default?q=${word}&token=dev-token`)).json();
  expect(answer.response.found_documents).toBe(1);
  expect(answer.response.results[0]).toMatchObject({ title: `Field notes on ${word}`, url: 'https://blog.example/posts/field-notes' });
  const health = await (await fetch(`${base}/_trove/health`)).json();
  expect(health.collections).toEqual([{ project: 'demo', collection: 'blog', documents: 601 }]);

  // Not the test service: no request log, no failure injection.
  expect((await fetch(`${base}/_trove/requests`)).status).toBe(404);

  // PostgreSQL's driver is an optional peer, not installed here: asked for, it is named.
  const withDatabase = await run(
    'npx',
    ['trove', 'serve', '--database-url', 'postgres://trove@127.0.0.1:1/trove'],
    app,
    shellEnv({ PORT: '0' }),
  );
  expect(withDatabase.code).not.toBe(0);
  expect(withDatabase.stderr).toContain('npm install pg');
  expect(existsSync(join(app, 'node_modules/pg'))).toBe(false);

  // It stops on a termination request.
  await stop(server);
  await expect
    .poll(
      () =>
        fetch(`${base}/_trove/health`).then(
          () => 'up',
          () => 'down',
        ),
      { timeout: 10_000 },
    )
    .toBe('down');
});
