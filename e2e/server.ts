/**
 * The one server behind the end-to-end tests: the local service with its test hooks (a fresh
 * temporary data dir, seeded with the sample corpus), the built `dist/` under `/dist/`, the plain fixture pages of
 * `e2e/pages/` under `/pages/`, the React, Vue and Svelte test apps under `/react/`, `/vue/`, `/svelte/`, and the demo blog (using the built `dist/trove.js`) everywhere
 * else, with its 404 page for unknown paths — all on one loopback origin. Any of those pages under
 * `/no-store/…` comes with `Cache-Control: no-store`.
 *
 *   TROVE_E2E_PORT  port (default 4179)
 *   TROVE_OUT_DIR   the build to serve under /dist/ (default dist/)
 */
import { createServer } from 'node:http';
import { mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createService } from '../packages/cli/src/service/createService.ts';
import { withTestHooks } from '../packages/cli/src/service/createTestHooks.ts';
import { createDemoSite } from '../demo/site/createDemoSite.ts';
import { serveStatic, type Middleware } from '../demo/site/serveStatic.ts';

const port = Number(process.env.TROVE_E2E_PORT ?? 4179);
const host = '127.0.0.1';
const origin = `http://${host}:${port}`;
const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = resolve(root, process.env.TROVE_OUT_DIR ?? 'packages/widgets/dist');
// One data dir per port, emptied at start: fresh for every run, and a run that was killed
// (Playwright ends the web server with SIGKILL by default) leaves at most this one behind.
const dataDir = join(tmpdir(), `trove-e2e-${port}`);
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });

// With the test hooks (request log, failure injection) that `trove serve` does not load.
const service = withTestHooks(
  await createService({
    token: 'dev-token',
    dataDir,
    handlersFile: join(root, 'e2e/handlers.json'),
  }),
);
await service.seed();
const site = createDemoSite({ script: 'dist', baseUrl: origin, token: 'dev-token' });
const dist = serveStatic('/dist/', outDir);
const pages = serveStatic('/pages/', join(root, 'e2e/pages'));
// The React 19 test app, built by e2e/react.spec.ts.
const react = serveStatic('/react/', join(root, 'e2e/.tmp/react'));
// The Vue 3 and Svelte 5 test apps, built by e2e/frameworks.spec.ts.
const vue = serveStatic('/vue/', join(root, 'e2e/.tmp/vue'));
const svelte = serveStatic('/svelte/', join(root, 'e2e/.tmp/svelte'));
// The README's examples, written and built by e2e/readme.spec.ts.
const readme = serveStatic('/readme/', join(root, 'e2e/.tmp/readme'));
// CSS frameworks from npm, for the pages that check host CSS cannot break the widgets.
const vendor = {
  bootstrap: serveStatic('/vendor/bootstrap/', join(root, 'node_modules/bootstrap/dist/css')),
  bulma: serveStatic('/vendor/bulma/', join(root, 'node_modules/bulma/css')),
};

/**
 * `/no-store/<path>` is `<path>` served with `Cache-Control: no-store`, a page the browser may not
 * keep in its back/forward cache (what e2e/backForward.spec.ts needs).
 */
const noStore: Middleware = (req, res, next) => {
  if (!req.url?.startsWith('/no-store/')) return next();
  req.url = req.url.slice('/no-store'.length);
  const setHeader = res.setHeader.bind(res);
  res.setHeader = (name, value) => setHeader(name, name.toLowerCase() === 'cache-control' ? 'no-store' : value);
  res.setHeader('Cache-Control', 'no-store');
  next();
};

/** Try each middleware in turn; the first that answers wins, an error goes straight to `last`. */
function chain(middlewares: Middleware[], last: (error?: unknown) => void): Middleware {
  return (req, res) => {
    const step = (i: number) => (error?: unknown) =>
      error || i === middlewares.length ? last(error) : middlewares[i](req, res, step(i + 1));
    step(0)();
  };
}

const server = createServer((req, res) => {
  const fail = (error?: unknown) => {
    if (error) console.error('[e2e server]', req.method, req.url, error);
    if (res.headersSent) return void res.end();
    res.statusCode = error ? 500 : 404;
    res.end(error ? 'server error' : 'not found');
  };
  chain([noStore, service.middleware, dist, pages, react, vue, svelte, readme, vendor.bootstrap, vendor.bulma, site], fail)(req, res, fail);
});

server.listen(port, host, () => console.log(`e2e server on ${origin} (dist: ${outDir}, data: ${dataDir})`));

let closing = false;
function shutdown() {
  if (closing) return;
  closing = true;
  server.close();
  server.closeAllConnections();
  void service
    .close()
    .catch(() => {})
    .finally(() => {
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    });
}
process.once('SIGTERM', shutdown);
process.once('SIGINT', shutdown);
