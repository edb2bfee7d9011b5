/**
 * Entry of the `trove` command (bin/trove.js loads the built copy, dist/cli.js; during
 * development run `npx tsx src/cli/main.ts`).
 */
import { isMainThread } from 'node:worker_threads';
import { version } from '../../package.json';
import { runCli } from './runCli.ts';
import { setWorkerEntry } from './sources/createPageReaderPool.ts';

/** What a worker thread of the command runs (reading pages; see createPageReaderPool). */
export { servePageReader } from './sources/servePageReader.ts';

if (isMainThread) await main();

async function main() {
  // Built, the workers load this file (dist/cli.js, which exports servePageReader); from the sources, only what reads a page.
  setWorkerEntry(import.meta.url.endsWith('.ts') ? new URL('./sources/servePageReader.ts', import.meta.url).href : import.meta.url);
  const args = process.argv.slice(2);
  const controller = new AbortController();
  if (args[0] === 'serve') {
    // The service stops on Ctrl-C or a termination request, closing its data files first.
    process.once('SIGTERM', () => controller.abort());
  }
  process.once('SIGINT', () => {
    if (args[0] !== 'serve') process.stderr.write('\ntrove: interrupted; batches already sent stay indexed.\n');
    controller.abort();
    process.once('SIGINT', () => process.exit(130));
  });

  process.exitCode = await runCli(args, {
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    stdin: process.stdin,
    signal: controller.signal,
    version,
  });
}
