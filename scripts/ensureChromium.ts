/**
 * `npm run test:e2e` starts here: make sure the Chromium that Playwright launches
 * (`CHROMIUM_PATH`, else /usr/bin/chromium; e2e/chromiumLaunchOptions.ts) is there. When it is
 * missing, install Debian's package as `.ci/run` does (root with apt-get), or stop at once with
 * one line that says what to run, never a stack trace from the browser launcher.
 */
import { existsSync } from 'node:fs';
import { DEFAULT_CHROMIUM } from '../e2e/browsers/paths.ts';
import { debianPackages } from './debianPackages.ts';
import { type Apt, ensurePackages, thisMachine } from './ensurePackages.ts';

/** What it looks at; injected, so that tests can play every machine. */
export interface ChromiumChecks {
  /** `CHROMIUM_PATH` from the environment. */
  chromiumPath: string | undefined;
  exists(path: string): boolean;
}

/** Returns the exit code (0 = go on with the tests). */
export function ensureChromium(checks: ChromiumChecks, apt: Apt): number {
  if (checks.chromiumPath) {
    if (checks.exists(checks.chromiumPath)) return 0;
    apt.log(
      `e2e: CHROMIUM_PATH=${checks.chromiumPath} does not exist: point it at a Chromium binary, or unset it to use ${DEFAULT_CHROMIUM}.`,
    );
    return 1;
  }
  if (checks.exists(DEFAULT_CHROMIUM)) return 0;
  return ensurePackages(
    {
      prefix: 'e2e',
      name: 'Chromium',
      missing: 'Chromium is missing',
      ...debianPackages.chromium,
      installed: () => checks.exists(DEFAULT_CHROMIUM),
      stillMissing: `e2e: apt-get installed no ${DEFAULT_CHROMIUM}: install Chromium and set CHROMIUM_PATH to it, then npm test again.`,
      cannotInstall: { stop: true, withoutAptGet: 'install it and run again with CHROMIUM_PATH=/path/to/chromium npm test.' },
    },
    apt,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = ensureChromium({ chromiumPath: process.env.CHROMIUM_PATH || undefined, exists: existsSync }, thisMachine());
}
