/**
 * `npm run test:e2e` starts here: make sure the Chromium that Playwright launches
 * (`CHROMIUM_PATH`, else /usr/bin/chromium; see playwright.config.ts) is there. When it is
 * missing, install Debian's package as `.ci/run` does (root with apt-get), or stop at once with
 * one line that says what to run, never a stack trace from the browser launcher.
 */
import { existsSync } from 'node:fs';
import { hasCommand } from './hasCommand.ts';
import { installWithApt, runApt } from './ensurePackages.ts';

export const DEFAULT_CHROMIUM = '/usr/bin/chromium';

/** What the decision looks at; injected, so that tests can play every machine. */
export interface ChromiumChecks {
  /** `CHROMIUM_PATH` from the environment. */
  chromiumPath: string | undefined;
  exists(path: string): boolean;
  isRoot: boolean;
  hasAptGet: boolean;
}

export type ChromiumDecision =
  | { kind: 'ready'; path: string }
  | { kind: 'install'; path: string; commands: string[][] }
  | { kind: 'stop'; message: string };

const INSTALL = 'apt-get update && apt-get install -y chromium';

/** Decide what to do about the browser before the end-to-end tests. */
export function decideChromium(checks: ChromiumChecks): ChromiumDecision {
  if (checks.chromiumPath) {
    if (checks.exists(checks.chromiumPath)) return { kind: 'ready', path: checks.chromiumPath };
    return {
      kind: 'stop',
      message: `e2e: CHROMIUM_PATH=${checks.chromiumPath} does not exist: point it at a Chromium binary, or unset it to use ${DEFAULT_CHROMIUM}.`,
    };
  }
  if (checks.exists(DEFAULT_CHROMIUM)) return { kind: 'ready', path: DEFAULT_CHROMIUM };
  if (!checks.hasAptGet)
    return {
      kind: 'stop',
      message: `e2e: Chromium is missing: install it and run again with CHROMIUM_PATH=/path/to/chromium npm test.`,
    };
  if (!checks.isRoot) return { kind: 'stop', message: `e2e: Chromium is missing: run \`sudo sh -c '${INSTALL}'\`, then npm test again.` };
  return {
    kind: 'install',
    path: DEFAULT_CHROMIUM,
    commands: [
      ['apt-get', 'update', '-qq'],
      ['apt-get', 'install', '-y', '-qq', 'chromium', 'fonts-dejavu-core'],
    ],
  };
}

/** Carry the decision out: returns the exit code (0 = go on with the tests). */
export function ensureChromium(checks: ChromiumChecks, run: (command: string[]) => void, log: (line: string) => void): number {
  const decision = decideChromium(checks);
  if (decision.kind === 'ready') return 0;
  if (decision.kind === 'stop') {
    log(decision.message);
    return 1;
  }
  return installWithApt(
    {
      prefix: 'e2e',
      name: 'Chromium',
      install: INSTALL,
      commands: decision.commands,
      installed: () => checks.exists(decision.path),
      stillMissing: `e2e: apt-get installed no ${decision.path}: install Chromium and set CHROMIUM_PATH to it, then npm test again.`,
    },
    run,
    log,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = ensureChromium(
    {
      chromiumPath: process.env.CHROMIUM_PATH || undefined,
      exists: existsSync,
      isRoot: process.getuid?.() === 0,
      hasAptGet: hasCommand('apt-get'),
    },
    runApt,
    (line) => console.error(line),
  );
}
