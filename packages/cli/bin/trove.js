#!/usr/bin/env node
// The `trove` command. Runs the built CLI (dist/cli.js, built by `npm run build`); in a checkout
// without a build it runs the TypeScript source through tsx (a dev dependency) instead.
import { existsSync } from 'node:fs';

const built = new URL('../dist/cli.js', import.meta.url);
const source = new URL('../src/cli/main.ts', import.meta.url);

if (existsSync(built)) {
  await import(built.href);
} else if (existsSync(source)) {
  let register;
  try {
    ({ register } = await import('tsx/esm/api'));
  } catch {
    process.stderr.write('trove: dist/cli.js is missing; run "npm run build" first.\n');
    process.exit(1);
  }
  register();
  // The client from its sources too (the `trove-source` condition of its exports), wherever this runs from.
  const { register: registerHooks } = await import('node:module');
  registerHooks(
    'data:text/javascript,export function resolve(s, c, next) { return next(s, { ...c, conditions: [...c.conditions, "trove-source"] }); }',
  );
  await import(source.href);
} else {
  process.stderr.write('trove: dist/cli.js is missing from this installation; reinstall trove-search-cli.\n');
  process.exit(1);
}
