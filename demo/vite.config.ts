/**
 * `npm run demo`: the demo blog on Vite's dev server, with the local service mounted on the same
 * origin. The widgets load from `/src/index.ts` (transformed by Vite, so edits show on reload),
 * the service answers `/api/…` and `/_trove/…` with its data in `.trove-data/` (or `TROVE_DATA`),
 * and the sample corpus is indexed at start when that folder holds no `demo/blog` collection yet.
 *
 *   npm run demo                      → http://127.0.0.1:5173/
 *   HOST=0.0.0.0 PORT=8080 npm run demo
 */
import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defaultServerConditions, defineConfig, type Plugin, type ViteDevServer } from 'vite';
import type { Service } from '../packages/cli/src/service/createService.ts';
import type { DemoSite, DemoSiteOptions } from './site/createDemoSite.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const dataDir = process.env.TROVE_DATA ? resolve(process.env.TROVE_DATA) : join(root, '.trove-data');
const token = process.env.TROVE_TOKEN ?? 'dev-token';
const port = Number(process.env.PORT ?? 5173);
const host = process.env.HOST ?? '127.0.0.1';

type Next = (err?: unknown) => void;

/** Mounts the local service and the demo blog in Vite's dev server. */
function troveDemo(): Plugin {
  return {
    name: 'trove-demo',
    apply: 'serve',
    configureServer(server: ViteDevServer) {
      const log = server.config.logger;
      let service: Promise<Service> | undefined;
      let site: { factory: unknown; site: DemoSite } | undefined;

      // Loaded through Vite's SSR module runner (TypeScript, same module graph as the pages).
      const startService = () =>
        (service ??= (async () => {
          const mod = (await server.ssrLoadModule(
            '/packages/cli/src/service/createService.ts',
          )) as typeof import('../packages/cli/src/service/createService.ts');
          const svc = await mod.createService({ token, dataDir });
          if (!existsSync(join(dataDir, 'collections', 'demo', 'blog.json'))) {
            log.info('  Indexing the sample corpus into demo/blog …', { timestamp: true });
            await svc.seed();
          }
          return svc;
        })());

      // Re-created when demo/site changes, so edits show on the next reload.
      const getSite = async () => {
        const mod = (await server.ssrLoadModule('/demo/site/createDemoSite.ts')) as typeof import('./site/createDemoSite.ts');
        if (site?.factory !== mod.createDemoSite) {
          const options: DemoSiteOptions = { script: 'dev', baseUrl: '', token, fallthrough: true };
          site = { factory: mod.createDemoSite, site: mod.createDemoSite(options) };
        }
        return site.site;
      };

      server.httpServer?.once('listening', () => {
        startService().then(
          () => {
            const url = server.resolvedUrls?.local[0] ?? `http://${host}:${port}/`;
            log.info(`\n  Trove demo blog: ${url} (service at /api, feedback log at /_trove/feedback)\n`);
          },
          (error: unknown) => log.error(`  Trove demo: the local service failed to start: ${String(error)}`),
        );
      });

      // A restart (config edit) or Ctrl+C closes the HTTP server: let the service flush and close its files.
      server.httpServer?.once('close', () => {
        void service?.then((svc) => svc.close()).catch(() => {});
      });

      // Before Vite's own middlewares: the service, then the blog's pages; anything else is Vite's.
      server.middlewares.use((req: IncomingMessage, res: ServerResponse, next: Next) => {
        startService()
          .then(async (svc) => {
            const blog = await getSite();
            svc.middleware(req, res, () => blog(req, res, next));
          })
          .catch(next);
      });

      // After Vite's middlewares: what nobody served gets the blog's 404 page.
      return () => {
        server.middlewares.use((req: IncomingMessage, res: ServerResponse, next: Next) => {
          getSite().then((blog) => blog.notFound(req, res), next);
        });
      };
    },
  };
}

export default defineConfig({
  root,
  appType: 'custom',
  publicDir: false,
  // Same JSX setup as the root vite.config.ts.
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  plugins: [troveDemo()],
  // The client from its sources, as in the root vite.config.ts (the `trove-source` condition of its exports).
  resolve: { conditions: ['trove-source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['trove-source', ...defaultServerConditions] } },
  server: {
    host,
    port,
    open: false,
    watch: { ignored: ['**/.trove-data/**', '**/e2e/**', '**/test/**', '**/dist/**', '**/test-results/**', '**/playwright-report/**'] },
  },
  optimizeDeps: {
    entries: ['packages/widgets/src/index.ts'],
    include: ['preact', 'preact/hooks', 'preact/jsx-runtime', '@preact/signals', 'ky'],
  },
});
