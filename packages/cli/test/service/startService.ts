/**
 * Test helper: the local service behind its test hooks (request log, failure injection) on an
 * ephemeral loopback port with a fresh data folder.
 * `restart()` starts a new service on the same folder (persistence tests).
 */
import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { createService, type Service, type ServiceOptions } from '../../src/service/createService.ts';
import { withTestHooks } from '../../src/service/createTestHooks.ts';

export interface Running {
  base: string;
  service: Service;
  dataDir: string;
  /** The database the service records into, when PostgreSQL is the record. */
  databaseUrl?: string;
  /** GET/POST/... `path` (relative to base); answers `{ status, body, headers }` with body parsed as JSON when it is. */
  request(path: string, init?: RequestInit): Promise<{ status: number; body: any; headers: Headers }>;
  restart(): Promise<Running>;
  stop(): Promise<void>;
}

export async function startService(
  options: Partial<ServiceOptions> & { seed?: number | false; handlers?: unknown } = {},
): Promise<Running> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'trove-service-test-'));
  let handlersFile = options.handlersFile;
  if (options.handlers !== undefined) {
    handlersFile = join(dataDir, 'handlers.json'); // the service ignores other files in its folder
    writeFileSync(handlersFile, JSON.stringify(options.handlers));
  }
  let service: Service;
  // TROVE_TEST_DATABASE_URL (test/service/contractPg.test.ts): PostgreSQL as the record.
  const databaseUrl = options.databaseUrl ?? (await testDatabase());
  try {
    service = withTestHooks(await createService({ token: 'test-token', ...options, dataDir, handlersFile, databaseUrl }), options);
  } catch (error) {
    if (!options.dataDir) removeDir(dataDir);
    throw error;
  }
  if (options.seed !== false) await service.seed(options.seed ?? 120);
  const server: Server = createServer((req, res) => service.middleware(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const running: Running = {
    base,
    service,
    dataDir,
    databaseUrl,
    async request(path, init) {
      const response = await fetch(base + path, init);
      const text = await response.text();
      let body: unknown = text;
      try {
        body = text === '' ? null : JSON.parse(text);
      } catch {
        // not JSON
      }
      return { status: response.status, body, headers: response.headers };
    },
    async restart() {
      await running.stop();
      return startService({ ...options, dataDir, handlersFile, seed: false, handlers: undefined, databaseUrl: running.databaseUrl });
    },
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await service.close();
    },
  };
  return running;
}

/** A new empty database on the cluster of TROVE_TEST_DATABASE_URL, or `undefined` without one. */
async function testDatabase(): Promise<string | undefined> {
  const admin = process.env.TROVE_TEST_DATABASE_URL;
  if (!admin) return undefined;
  const name = `trove_test_${process.pid}_${++databases}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
}
let databases = 0;

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}
