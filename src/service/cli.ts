/**
 * `npm run service [-- --seed]`: the local service alone on node:http, CORS on.
 *
 *   PORT=8787 HOST=127.0.0.1 TROVE_TOKEN=dev-token TROVE_DATA=.trove-data TROVE_HANDLERS=<file> npm run service -- --seed
 *
 * (those are the defaults; TROVE_HANDLERS is optional, see loadHandlers.ts). `--seed` indexes the
 * generated sample corpus into project `demo`, collection `blog` (an upsert: run it again and
 * nothing is duplicated). Documents and feedback persist in TROVE_DATA.
 */
import { createServer } from 'node:http';
import { resolve } from 'node:path';
import { createService } from './createService.ts';

const port = Number(process.env.PORT ?? 8787);
const host = process.env.HOST ?? '127.0.0.1';
const token = process.env.TROVE_TOKEN ?? 'dev-token';
const dataDir = resolve(process.env.TROVE_DATA ?? '.trove-data');
const handlersFile = process.env.TROVE_HANDLERS ? resolve(process.env.TROVE_HANDLERS) : undefined;
const seed = process.argv.includes('--seed');

const service = await createService({ token, dataDir, handlersFile });
if (seed) {
  const started = performance.now();
  await service.seed();
  console.log(`Seeded 600 generated posts into project "demo", collection "blog" in ${Math.round(performance.now() - started)} ms`);
}

const server = createServer((req, res) => service.middleware(req, res));
server.on('error', (error) => {
  console.error(`Cannot listen on ${host}:${port}: ${error.message}`);
  process.exit(1);
});
server.listen(port, host, async () => {
  const base = `http://${host}:${port}`;
  const health = await fetch(`${base}/_trove/health`).then(
    (r) => r.json() as Promise<{ collections: { project: string; collection: string; documents: number }[] }>,
  );
  console.log(`Trove local search service on ${base}`);
  console.log(`  token ${JSON.stringify(token)} · data ${dataDir}${handlersFile ? ` · handlers ${handlersFile}` : ''}`);
  if (health.collections.length === 0) console.log('  no collections yet (run with --seed to index the sample blog)');
  for (const c of health.collections) console.log(`  ${c.project}/${c.collection}: ${c.documents} documents`);
  console.log(`  v2: ${base}/api/v2/projects/demo/collections/blog/search/default?q=rust&token=${encodeURIComponent(token)}`);
  console.log(`  v1: ${base}/api/v1/demo/collections/blog/search/default?q=rust&token=${encodeURIComponent(token)}`);
  console.log(`  helpers: ${base}/_trove/health, /_trove/feedback, /_trove/requests, POST /_trove/fail`);
});

const stop = () => {
  server.close();
  void service.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
