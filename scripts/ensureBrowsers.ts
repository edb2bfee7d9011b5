/**
 * `npm run test:browsers` (the loader's check in Firefox ESR and WebKitGTK, e2e/browsers/run.ts)
 * starts here: make sure Firefox ESR (`FIREFOX_PATH`, else /usr/bin/firefox-esr), WebKitWebDriver
 * with WebKitGTK's MiniBrowser and Xvfb are there. When some are missing, install Debian's
 * packages as `.ci/run` does (root with apt-get), or stop at once with one line that says what to run.
 */
import { existsSync } from 'node:fs';
import { DEFAULT_FIREFOX, findMiniBrowser } from '../e2e/browsers/paths.ts';
import { hasCommand } from './hasCommand.ts';
import { debianPackages } from './debianPackages.ts';
import { type Apt, ensurePackages, thisMachine } from './ensurePackages.ts';

/** What it looks at; injected, so that tests can play every machine. */
export interface BrowsersChecks {
  /** `FIREFOX_PATH` from the environment. */
  firefoxPath: string | undefined;
  exists(path: string): boolean;
  /** WebKitGTK's MiniBrowser, when installed. */
  miniBrowser(): string | undefined;
  hasCommand(name: string): boolean;
}

/** The Debian packages that are missing on this machine. */
export function missingPackages(checks: BrowsersChecks): string[] {
  const missing: string[] = [];
  if (!checks.firefoxPath && !checks.exists(DEFAULT_FIREFOX)) missing.push('firefox-esr');
  if (!checks.hasCommand('WebKitWebDriver') || !checks.miniBrowser()) missing.push('webkit2gtk-driver');
  if (!checks.hasCommand('Xvfb')) missing.push('xvfb');
  return missing;
}

/** Returns the exit code (0 = go on with the check). */
export function ensureBrowsers(checks: BrowsersChecks, apt: Apt): number {
  if (checks.firefoxPath && !checks.exists(checks.firefoxPath)) {
    apt.log(`browsers: FIREFOX_PATH=${checks.firefoxPath} does not exist: point it at Firefox, or unset it to use ${DEFAULT_FIREFOX}.`);
    return 1;
  }
  const packages = missingPackages(checks);
  if (packages.length === 0) return 0;
  const list = packages.join(', ');
  return ensurePackages(
    {
      prefix: 'browsers',
      name: list,
      missing: `${list} missing`,
      packages,
      alongside: debianPackages.browsers.alongside,
      installed: () => missingPackages(checks).length === 0,
      stillMissing: `browsers: apt-get installed ${list}, but not all of Firefox, WebKitWebDriver with MiniBrowser and Xvfb are there: install them by hand, then npm test again.`,
      cannotInstall: { stop: true, withoutAptGet: "install them (Debian's packages), then npm test again." },
    },
    apt,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = ensureBrowsers(
    { firefoxPath: process.env.FIREFOX_PATH || undefined, exists: existsSync, miniBrowser: () => findMiniBrowser(), hasCommand },
    thisMachine(),
  );
}
