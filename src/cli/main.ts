/**
 * Entry of the `trove` command (bin/trove.js loads the built copy, dist/cli.js; during
 * development run `npx tsx src/cli/main.ts`).
 */
import { version } from '../../package.json';
import { runCli } from './runCli.ts';

const controller = new AbortController();
process.once('SIGINT', () => {
  process.stderr.write('\ntrove: interrupted; batches already sent stay indexed.\n');
  controller.abort();
  process.once('SIGINT', () => process.exit(130));
});

process.exitCode = await runCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  stdin: process.stdin,
  signal: controller.signal,
  version,
});
