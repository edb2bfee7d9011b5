/**
 * `trove serve` for the WordPress tests, in this process (the service's own code, with the test
 * hooks: the request log `/_trove/requests`), on a loopback port WordPress's PHP reaches from
 * the server side; with a read token and a write token. `stop()` and `start()` take it down and
 * bring it back on the same port with the same data folder (the "service down" test);
 * `close()` ends it and removes the folder.
 */
import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createService, type Service } from '../../packages/cli/src/service/createService.ts';
import { createTestHooks } from '../../packages/cli/src/service/createTestHooks.ts';
import { freePort } from '../../scripts/startPostgres.ts';

export interface TroveForWordPress {
  /** `http://127.0.0.1:<port>` */
  base: string;
  readToken: string;
  writeToken: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  close(): Promise<void>;
}

export async function startTrove(): Promise<TroveForWordPress> {
  const dataDir = mkdtempSync(join(tmpdir(), 'trove-wp-serve-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const readToken = 'wp-public-read-token';
  const writeToken = `wp-write-token-${Math.random().toString(36).slice(2, 12)}`;
  // One request log for the whole run, restarts included.
  const hooks = createTestHooks();
  let service: Service | undefined;
  let server: Server | undefined;
  const start = async () => {
    if (server) return;
    const running = await createService({ token: readToken, writeToken, dataDir });
    service = running;
    const middleware: typeof running.middleware = (req, res, next) => hooks.middleware(req, res, () => running.middleware(req, res, next));
    server = createServer((req, res) =>
      middleware(req, res, (error) => {
        if (res.headersSent) return void res.end();
        res.statusCode = error ? 500 : 404;
        res.end(error ? 'server error' : 'not found');
      }),
    );
    const listening = server;
    await new Promise<void>((resolve, reject) => {
      listening.once('error', reject);
      listening.listen(port, '127.0.0.1', () => resolve());
    });
  };
  const stop = async () => {
    const closing = server;
    if (!closing) return;
    server = undefined;
    closing.closeAllConnections();
    await new Promise<void>((resolve) => closing.close(() => resolve()));
    await service?.close();
    service = undefined;
  };
  await start();
  return {
    base,
    readToken,
    writeToken,
    start,
    stop,
    close: async () => {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
