import { execFileSync } from 'node:child_process';
import { hasCommand } from './hasCommand.ts';

/**
 * Whether a machine may install Debian's packages, and how; injected, so that tests can play
 * every machine without running apt-get.
 */
export interface Apt {
  isRoot: boolean;
  hasAptGet: boolean;
  /** Runs one apt-get command; throws when it fails. */
  run(command: string[]): void;
  /** Says one line to the person running the tests. */
  log(line: string): void;
}

/** What an `ensure…` script found missing, the Debian packages that bring it, and how its lines say so. */
export interface Missing {
  /** What its lines start with (`e2e`, `tests`, `browsers`). */
  prefix: string;
  /** What is missing, as the lines about installing it name it (`Chromium`, `firefox-esr, xvfb`). */
  name: string;
  /** What is missing, as the line that cannot install it says it (`Chromium is missing`, `PHP or PHPUnit missing`). */
  missing: string;
  /** The packages to install (the command shown to a person installs these). */
  packages: string[];
  /** Installed with them, not shown (`fonts-dejavu-core`, for the text in the browsers). */
  alongside?: string[];
  /** Whether it is there now (asked once apt-get has run). */
  installed(): boolean;
  /** The line when apt-get ran but it is still not there; else `apt-get did not make <name> usable: install them by hand`. */
  stillMissing?: string;
  /**
   * Without root or apt-get: stop `npm test` (exit 1), with the line's end where there is no
   * apt-get (`install it and run again with …`); or say what it is for and go on (exit 0, the
   * tests that need it skip until then).
   */
  cannotInstall: { stop: true; withoutAptGet: string } | { stop: false; for: string };
  /** Runs apt-get's commands inside it (ensureWordPress: under a policy-rc.d that starts no service). */
  whileInstalling?(install: () => void): void;
}

/**
 * Installs what an `ensure…` script found missing with apt-get when the machine may (root with
 * apt-get), as `.ci/run` does, or says in one line what to run. Returns the exit code: 0 = go on
 * with the tests.
 */
export function ensurePackages(what: Missing, apt: Apt): number {
  const install = `apt-get update && apt-get install -y ${what.packages.join(' ')}`;
  if (!apt.hasAptGet || !apt.isRoot) {
    const { cannotInstall } = what;
    const sudo = `run \`sudo sh -c '${install}'\``;
    if (!cannotInstall.stop) apt.log(`${what.prefix}: ${what.missing}: ${sudo} for ${cannotInstall.for}.`);
    else if (!apt.hasAptGet) apt.log(`${what.prefix}: ${what.missing}: ${cannotInstall.withoutAptGet}`);
    else apt.log(`${what.prefix}: ${what.missing}: ${sudo}, then npm test again.`);
    return cannotInstall.stop ? 1 : 0;
  }
  apt.log(`${what.prefix}: ${what.name} is missing: installing Debian's package (${install})`);
  const commands = () => {
    apt.run(['apt-get', 'update', '-qq']);
    apt.run(['apt-get', 'install', '-y', '-qq', ...what.packages, ...(what.alongside ?? [])]);
  };
  try {
    if (what.whileInstalling) what.whileInstalling(commands);
    else commands();
  } catch {
    apt.log(`${what.prefix}: installing ${what.name} failed: run \`${install}\` as root, then npm test again.`);
    return 1;
  }
  if (what.installed()) return 0;
  apt.log(what.stillMissing ?? `${what.prefix}: apt-get did not make ${what.name} usable: install them by hand, then npm test again.`);
  return 1;
}

/** This machine: apt-get run for real, lines on stderr. */
export function thisMachine(): Apt {
  return { isRoot: process.getuid?.() === 0, hasAptGet: hasCommand('apt-get'), run: runApt, log: (line) => console.error(line) };
}

/** Runs an apt-get command for real, its output shown, never asking a question. */
function runApt([command, ...args]: string[]): void {
  execFileSync(command!, args, { stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}
