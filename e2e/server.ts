/**
 * The one server behind the end-to-end tests: the local service (a fresh temporary data dir,
 * seeded with the sample corpus), the built `dist/` under `/dist/`, the plain fixture pages of
 * `e2e/pages/` under `/pages/`, and the demo blog (using the built `dist/trove.js`) everywhere
 * else — all on one loopback origin.
 */
import { createServer } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createService } from '../demo/service/createService.ts';
import { createDemoSite } from '../demo/site/createDemoSite.ts';
import { serveStatic } from '../demo/site/serveStatic.ts';

const port = Number(process.env.TROVE_E2E_PORT ?? 4179);
const host = '127.0.0.1';
const root = new URL('..', import.meta.url).pathname;

const service = await createService({
  token: 'dev-token',
  dataDir: mkdtempSync(join(tmpdir(), 'trove-e2e-')),
  handlersFile: join(root, 'e2e/handlers.json'),
});
await service.seed();
const site = createDemoSite({ script: 'dist', baseUrl: `http://${host}:${port}`, token: 'dev-token' });
const dist = serveStatic('/dist/', process.env.TROVE_OUT_DIR ?? join(root, 'dist'));
const pages = serveStatic('/pages/', join(root, 'e2e/pages'));

createServer((req, res) => {
  service.middleware(req, res, () =>
    dist(req, res, () =>
      pages(req, res, () =>
        site(req, res, () => {
          res.statusCode = 404;
          res.end('not found');
        }),
      ),
    ),
  );
}).listen(port, host, () => console.log(`e2e server on http://${host}:${port}`));
