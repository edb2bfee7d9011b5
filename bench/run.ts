/**
 * `npm run bench`: prints every figure the issues ask for. Numbers only; no assertions.
 * `npm run bench -- --service` adds the local service at 50,000 posts (a few minutes) and its
 * table of targets.
 */
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { printSizes } from './sizes.ts';

const parts = [...(process.argv.includes('--service') ? ['bench/service.ts'] : []), 'bench/searchBox.ts', 'bench/cliIndex.ts'];
for (const part of parts) {
  if (!existsSync(part)) continue;
  console.log(`\n== ${part}`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', part], { stdio: 'inherit' });
  if (run.status !== 0) console.log(`${part} exited with ${run.status}`);
}
printSizes();
