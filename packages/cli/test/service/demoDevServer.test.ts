import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type ViteDevServer } from 'vite';

/** `npm run demo` as a person starts it: Vite with demo/vite.config.ts, service and blog on one origin. */
describe('the demo dev server (demo/vite.config.ts)', () => {
  let server: ViteDevServer;
  let base: string;
  let dataDir: string;
  const saved = { TROVE_DATA: process.env.TROVE_DATA, PORT: process.env.PORT };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'trove-demo-dev-'));
    process.env.TROVE_DATA = dataDir;
    process.env.PORT = '0';
    server = await createServer({ configFile: join(import.meta.dirname, '../../../../demo/vite.config.ts'), logLevel: 'silent' });
    await server.listen();
    base = server.resolvedUrls!.local[0]!.replace(/\/$/, '');
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    process.env.TROVE_DATA = saved.TROVE_DATA;
    process.env.PORT = saved.PORT;
    if (saved.TROVE_DATA === undefined) delete process.env.TROVE_DATA;
    if (saved.PORT === undefined) delete process.env.PORT;
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('indexes the sample corpus at start and answers searches on the same origin', async () => {
    const url = `${base}/api/v2/projects/demo/collections/blog/search/default?q=pizza&token=dev-token`;
    let body: { code: number; response: { found_documents: number } } | undefined;
    for (let i = 0; i < 100 && !body; i++) {
      const res = await fetch(url);
      if (res.status === 200) body = await res.json();
      else await new Promise((r) => setTimeout(r, 100));
    }
    expect(body?.code).toBe(200);
    expect(body!.response.found_documents).toBeGreaterThan(0);
    expect(existsSync(join(dataDir, 'collections', 'demo', 'blog.json'))).toBe(true);
  }, 30_000);

  it('serves the blog with the widgets imported from /packages/widgets/src/index.ts', async () => {
    const page = await (await fetch(`${base}/`)).text();
    expect(page).toContain("import { configure, defineElements } from '/packages/widgets/src/index.ts'");
    expect(page).toContain(`"baseUrl":"${base}"`);
    expect(page).toContain('<trove-search-box');
    const entry = await fetch(`${base}/packages/widgets/src/index.ts`);
    expect(entry.status).toBe(200);
    expect(entry.headers.get('content-type')).toMatch(/javascript/);
  });

  it('renders post pages and the 404 page', async () => {
    const post = await fetch(`${base}/posts/1`, { redirect: 'follow' });
    expect(post.status).toBe(200);
    expect(await post.text()).toContain('<trove-related-posts doc-id="1"');
    const missing = await fetch(`${base}/no-such-page`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('This page is not here');
  });
});
