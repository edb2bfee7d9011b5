/**
 * A throwaway PostgreSQL cluster for the tests and the benchmark of PostgreSQL as the record:
 * `initdb` in a temporary folder, `postgres` on a free loopback port (as the `postgres` user
 * through `runuser` when we are root, since PostgreSQL refuses to run as root), trust
 * authentication; `stop()` shuts it down and deletes the folder. The binaries are Debian's
 * (/usr/lib/postgresql/<version>/bin, the newest version there) or POSTGRES_BIN.
 */
import { execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export interface Postgres {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` */
  url: string;
  /** The URL of another database on the cluster. */
  database(name: string): string;
  /** Creates a new, empty database on the cluster; resolves to its URL. */
  createDatabase(name: string): Promise<string>;
  stop(): Promise<void>;
}

const DEBIAN_ROOT = '/usr/lib/postgresql';

/** The folder of `initdb` and `postgres`, or `undefined` when PostgreSQL is not installed. */
export function findPostgresBin(env: Record<string, string | undefined> = process.env): string | undefined {
  if (env.POSTGRES_BIN) return existsSync(join(env.POSTGRES_BIN, 'postgres')) ? env.POSTGRES_BIN : undefined;
  if (!existsSync(DEBIAN_ROOT)) return undefined;
  const versions = readdirSync(DEBIAN_ROOT)
    .filter((v) => /^\d+(\.\d+)?$/.test(v) && existsSync(join(DEBIAN_ROOT, v, 'bin', 'postgres')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] === undefined ? undefined : join(DEBIAN_ROOT, versions[0], 'bin');
}

/** A loopback port nothing listens on (free when asked; taken by the caller right after). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export async function startPostgres(options: { fsync?: boolean } = {}): Promise<Postgres> {
  const bin = findPostgresBin();
  if (!bin)
    throw new Error('PostgreSQL is not installed: run `apt-get install -y postgresql` (or set POSTGRES_BIN), then run the tests again.');
  const root = mkdtempSync(join(tmpdir(), 'trove-pg-'));
  const data = join(root, 'data');
  const sockets = join(root, 'sockets');
  mkdirSync(sockets);
  const asRoot = process.getuid?.() === 0;
  const as = (command: string, args: string[]): [string, string[]] =>
    asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(root, uid, gid);
    chownSync(sockets, uid, gid);
  }
  const [initCommand, initArgs] = as(join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
  execFileSync(initCommand, initArgs, { stdio: 'ignore' });
  const port = await freePort();
  const settings = ['-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${sockets}`, '-p', String(port)];
  if (options.fsync === false) settings.push('-c', 'fsync=off', '-c', 'synchronous_commit=off');
  const [command, args] = as(join(bin, 'postgres'), ['-D', data, ...settings]);
  const server = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  server.stderr.on('data', (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4000);
  });
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const until = Date.now() + 30_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`postgres exited at start:\n${log}`);
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.end();
      break;
    } catch {
      await client.end().catch(() => {});
      if (Date.now() > until) throw new Error(`postgres did not start in 30 s:\n${log}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const database = (name: string) => `postgres://postgres@127.0.0.1:${port}/${name}`;
  return {
    url,
    database,
    async createDatabase(name) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
      } finally {
        await admin.end();
      }
      return database(name);
    },
    async stop() {
      // The postmaster's own pid (runuser in between may not pass signals on): SIGINT = fast shutdown.
      const pidFile = join(data, 'postmaster.pid');
      const pid = existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8').split('\n')[0]) : undefined;
      if (server.exitCode === null) {
        const exited = new Promise((r) => server.once('exit', r));
        if (pid) process.kill(pid, 'SIGINT');
        else server.kill('SIGINT');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      }
      rmSync(root, { recursive: true, force: true });
    },
  };
}
