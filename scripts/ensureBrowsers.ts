/**
 * `npm run test:browsers` (the loader's check in Firefox ESR and WebKitGTK, e2e/browsers/run.ts)
 * starts here: make sure Firefox ESR (`FIREFOX_PATH`, else /usr/bin/firefox-esr), WebKitWebDriver
 * with WebKitGTK's MiniBrowser and Xvfb are there. When some are missing, install Debian's
 * packages as `.ci/run` does (root with apt-get), or stop at once with one line that says what to run.
 */
import { existsSync } from 'node:fs';
import { DEFAULT_FIREFOX, findMiniBrowser } from '../e2e/browsers/paths.ts';
import { hasCommand } from './hasCommand.ts';
import { installWithApt, runApt } from './ensurePackages.ts';

/** What the decision looks at; injected, so that tests can play every machine. */
export interface BrowsersChecks {
  /** `FIREFOX_PATH` from the environment. */
  firefoxPath: string | undefined;
  exists(path: string): boolean;
  /** WebKitGTK's MiniBrowser, when installed. */
  miniBrowser(): string | undefined;
  hasCommand(name: string): boolean;
  isRoot: boolean;
  hasAptGet: boolean;
}

export type BrowsersDecision =
  | { kind: 'ready' }
  | { kind: 'install'; packages: string[]; install: string; commands: string[][] }
  | { kind: 'stop'; message: string };

/** The Debian packages that are missing on this machine. */
export function missingPackages(checks: BrowsersChecks): string[] {
  const missing: string[] = [];
  if (!checks.firefoxPath && !checks.exists(DEFAULT_FIREFOX)) missing.push('firefox-esr');
  if (!checks.hasCommand('WebKitWebDriver') || !checks.miniBrowser()) missing.push('webkit2gtk-driver');
  if (!checks.hasCommand('Xvfb')) missing.push('xvfb');
  return missing;
}

/** Decide what to do about the browsers before their check. */
export function decideBrowsers(checks: BrowsersChecks): BrowsersDecision {
  if (checks.firefoxPath && !checks.exists(checks.firefoxPath))
    return {
      kind: 'stop',
      message: `browsers: FIREFOX_PATH=${checks.firefoxPath} does not exist: point it at Firefox, or unset it to use ${DEFAULT_FIREFOX}.`,
    };
  const packages = missingPackages(checks);
  if (packages.length === 0) return { kind: 'ready' };
  const install = `apt-get update && apt-get install -y ${packages.join(' ')}`;
  if (!checks.hasAptGet)
    return { kind: 'stop', message: `browsers: ${packages.join(', ')} missing: install them (Debian's packages), then npm test again.` };
  if (!checks.isRoot)
    return { kind: 'stop', message: `browsers: ${packages.join(', ')} missing: run \`sudo sh -c '${install}'\`, then npm test again.` };
  return {
    kind: 'install',
    packages,
    install,
    commands: [
      ['apt-get', 'update', '-qq'],
      ['apt-get', 'install', '-y', '-qq', ...packages, 'fonts-dejavu-core'],
    ],
  };
}

/** Carry the decision out: returns the exit code (0 = go on with the check). */
export function ensureBrowsers(checks: BrowsersChecks, run: (command: string[]) => void, log: (line: string) => void): number {
  const decision = decideBrowsers(checks);
  if (decision.kind === 'ready') return 0;
  if (decision.kind === 'stop') {
    log(decision.message);
    return 1;
  }
  return installWithApt(
    {
      prefix: 'browsers',
      name: decision.packages.join(', '),
      install: decision.install,
      commands: decision.commands,
      installed: () => missingPackages(checks).length === 0,
      stillMissing: `browsers: apt-get installed ${decision.packages.join(', ')}, but not all of Firefox, WebKitWebDriver with MiniBrowser and Xvfb are there: install them by hand, then npm test again.`,
    },
    run,
    log,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = ensureBrowsers(
    {
      firefoxPath: process.env.FIREFOX_PATH || undefined,
      exists: existsSync,
      miniBrowser: () => findMiniBrowser(),
      hasCommand,
      isRoot: process.getuid?.() === 0,
      hasAptGet: hasCommand('apt-get'),
    },
    runApt,
    (line) => console.error(line),
  );
}
