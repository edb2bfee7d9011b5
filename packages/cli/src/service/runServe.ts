/**
 * `trove serve [--seed]` (and `npm run service -- --seed`, the same code): the local service
 * alone on node:http, CORS on, without the test hooks (no request log, no failure injection).
 *
 *   PORT=8787 HOST=127.0.0.1 TROVE_TOKEN=dev-token TROVE_DATA=.trove-data trove serve --seed
 *
 * Those are the defaults. TROVE_WRITE_TOKEN: the token that may index (TROVE_TOKEN, the one pages
 * publish, then only reads); without it indexing is accepted over loopback only, and the command
 * refuses to listen on a non-loopback HOST. TROVE_HANDLERS: a custom handlers file (see
 * loadHandlers.ts). `--seed` indexes the generated sample corpus into project `demo`, collection
 * `blog` (an upsert: run it again and nothing is duplicated); until it is applied, reads answer
 * 503 and health is not ok (Service.starting). Data persists in TROVE_DATA.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { describeDatabase } from './store/describeDatabase.ts';
import { createService } from './createService.ts';
import { parseLanguageSetting } from './engine/languageSetting.ts';
import { escapeControl } from './escapeControl.ts';
import { isLoopbackHost } from './http/isLoopbackHost.ts';
import { LIMITS } from './limits.ts';

export { isLoopbackHost };

export interface ServeIo {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  env: Record<string, string | undefined>;
  /** Paths in TROVE_DATA and TROVE_HANDLERS are relative to it. Default `process.cwd()`. */
  cwd?: string;
  /** Aborting it closes the server; `runServe` then resolves 0. */
  signal?: AbortSignal;
  /** Called with the base URL once the service listens (tests pass PORT=0 and read it here). */
  onListening?: (base: string) => void;
}

/** Sample posts `--seed` indexes. */
export const SEED_POSTS = 600;

export const serveUsage = `Usage: trove serve [--seed]

Run the local search service (every endpoint of the hosted API, v1 and v2) on this machine.

Settings (environment variables, defaults shown):
  PORT=8787                port to listen on
  HOST=127.0.0.1           address to listen on
  TROVE_TOKEN=dev-token    the read token (pages publish it in their script tag)
  TROVE_WRITE_TOKEN        the token that may index; without it indexing is accepted over
                           loopback only, and a HOST other than loopback is refused
  TROVE_DATA=.trove-data   folder of the indexed documents, the recorded clicks and the
                           search analytics (/_trove/analytics: no personal data kept)
  TROVE_HANDLERS           JSON file of custom handlers (optional)
  TROVE_DATABASE_URL       postgres://user:password@host/db: PostgreSQL keeps the indexed
                           batches, the clicks and the analytics instead of TROVE_DATA, shared by every
                           trove serve on that database (see the README: several processes)
  TROVE_LANGUAGE           the language of every post, instead of each post's detected one:
                           fr (every collection) or demo/blog=fr,demo/docs=de (optional)

Options:
  --database-url <url>     the same as TROVE_DATABASE_URL
  --seed                   index 600 generated sample posts into project "demo", collection "blog"
                           (their images are served here, at /_trove/img/; their links are
                           /posts/<id>/<slug>, paths on the page's own site)
  -h, --help               show this help

Example:
  npx trove serve --seed
  npx trove index ./feed.xml --base-url http://127.0.0.1:8787 --project demo --collection blog --token dev-token
`;

export async function runServe(args: string[], io: ServeIo): Promise<number> {
  let values: { seed?: boolean; help?: boolean; 'database-url'?: string };
  try {
    ({ values } = parseArgs({
      args,
      options: { seed: { type: 'boolean' }, help: { type: 'boolean', short: 'h' }, 'database-url': { type: 'string' } },
      strict: true,
    }));
  } catch (error) {
    io.stderr.write(`${(error as Error).message.split('\n')[0]}\nRun "trove serve --help" for the options.\n`);
    return 2;
  }
  if (values.help) {
    io.stdout.write(serveUsage);
    return 0;
  }
  const setting = (name: string) => {
    const value = io.env[name]?.trim();
    return value === undefined || value === '' ? undefined : value;
  };
  const cwd = io.cwd ?? process.cwd();
  const portText = setting('PORT') ?? '8787';
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port > 65_535) {
    io.stderr.write(`PORT must be a port number from 0 to 65535, not "${portText}".\n`);
    return 2;
  }
  const host = setting('HOST') ?? '127.0.0.1';
  const token = setting('TROVE_TOKEN') ?? 'dev-token';
  const writeToken = setting('TROVE_WRITE_TOKEN');
  if (writeToken === undefined && !isLoopbackHost(host)) {
    io.stderr.write(
      `Refusing to listen on ${host} without TROVE_WRITE_TOKEN: anyone who can reach it could change the index ` +
        'with the token your pages publish. Set TROVE_WRITE_TOKEN (and index with it), or listen on 127.0.0.1.\n',
    );
    return 2;
  }
  if (writeToken !== undefined && writeToken === token) {
    io.stderr.write('TROVE_WRITE_TOKEN must differ from TROVE_TOKEN (pages publish TROVE_TOKEN).\n');
    return 2;
  }
  const dataDir = resolve(cwd, setting('TROVE_DATA') ?? '.trove-data');
  const databaseUrl = values['database-url']?.trim() || setting('TROVE_DATABASE_URL');
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    io.stderr.write('TROVE_DATABASE_URL (--database-url) must be a postgres:// URL, like postgres://trove:secret@127.0.0.1:5432/trove.\n');
    return 2;
  }
  const handlersText = setting('TROVE_HANDLERS');
  const handlersFile = handlersText === undefined ? undefined : resolve(cwd, handlersText);

  let service: Awaited<ReturnType<typeof createService>>;
  try {
    const languages = parseLanguageSetting(setting('TROVE_LANGUAGE'));
    service = await createService({ token, writeToken, dataDir, handlersFile, databaseUrl, languages });
  } catch (error) {
    // Line by line: a message may end with the command that fixes it, on a line of its own.
    io.stderr.write(`Cannot start the service: ${(error as Error).message.split('\n').map(escapeControl).join('\n')}\n`);
    return 1;
  }
  // What the record held at start is applied (createService resolved); the seed comes once the
  // address is known, and until it is applied no read is answered and health is not ok.
  const seeding = values.seed ? service.starting(`indexing the ${SEED_POSTS} sample posts (--seed)`) : undefined;
  const server = createServer((req, res) => service.middleware(req, res));
  // A client that trickles its request cannot hold a connection for long: headers within 15 s,
  // the whole request within 70 s (the service answers a slow body 408 at 60 s itself).
  server.headersTimeout = 15_000;
  server.requestTimeout = LIMITS.bodyTotalMs + 10_000;
  const listening = await new Promise<boolean>((done) => {
    server.once('error', (error) => {
      io.stderr.write(`Cannot listen on ${escapeControl(host)}:${port}: ${escapeControl(error.message)}\n`);
      done(false);
    });
    server.listen(port, host, () => done(true));
  });
  if (!listening) {
    await service.close();
    return 1;
  }
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const base = `http://${shownHost}:${address.port}`;
  if (values.seed) {
    // Seeded once the address is known: the sample images are this service's own, by absolute URL.
    const started = performance.now();
    try {
      await service.seed(SEED_POSTS, `${base}/_trove/img/`);
    } catch (error) {
      io.stderr.write(`Cannot seed the sample posts: ${escapeControl((error as Error).message)}\n`);
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
      await service.close();
      return 1;
    }
    seeding?.();
    io.stdout.write(
      `Seeded ${SEED_POSTS} generated posts into project "demo", collection "blog" in ${Math.round(performance.now() - started)} ms\n`,
    );
  }
  const health = (await fetch(`${base}/_trove/health`).then((r) => r.json())) as {
    collections: { project: string; collection: string; documents: number }[];
  };
  const q = (t: string) => encodeURIComponent(t);
  io.stdout.write(
    [
      `Trove local search service on ${base}`,
      `  read token ${JSON.stringify(token)} · ${writeToken ? 'indexing with TROVE_WRITE_TOKEN' : 'indexing over loopback with the same token'}`,
      `  ${databaseUrl ? `record ${escapeControl(describeDatabase(databaseUrl))} (PostgreSQL)` : `data ${escapeControl(dataDir)}`}${handlersFile ? ` · handlers ${escapeControl(handlersFile)}` : ''}`,
      ...(health.collections.length === 0 ? ['  no collections yet (run with --seed to index the sample blog)'] : []),
      ...health.collections.map((c) => `  ${escapeControl(c.project)}/${escapeControl(c.collection)}: ${c.documents} documents`),
      `  v2: ${base}/api/v2/projects/demo/collections/blog/search/default?q=rust&token=${q(token)}`,
      `  v1: ${base}/api/v1/demo/collections/blog/search/default?q=rust&token=${q(token)}`,
      `  helpers: ${base}/_trove/health, ${base}/_trove/feedback${writeToken ? '?token=<TROVE_WRITE_TOKEN>' : ''}`,
      `  what readers search for: ${base}/_trove/analytics${writeToken ? '?token=<TROVE_WRITE_TOKEN>' : ''}`,
      '',
    ].join('\n'),
  );
  io.onListening?.(base);

  await new Promise<void>((done) => {
    if (io.signal?.aborted) return done();
    io.signal?.addEventListener('abort', () => done(), { once: true });
    server.once('close', () => done());
  });
  server.closeAllConnections();
  await new Promise<void>((done) => server.close(() => done()));
  await service.close();
  return 0;
}
