import { execFileSync } from 'node:child_process';

/** How an `ensure…` script says what it installs, and checks that it is there afterwards. */
export interface AptInstall {
  /** What its lines start with (`e2e`, `tests`). */
  prefix: string;
  /** What is missing (`Chromium`, `PostgreSQL`). */
  name: string;
  /** The command to show a person (`apt-get update && apt-get install -y …`). */
  install: string;
  /** The commands to run, one after the other. */
  commands: string[][];
  /** Whether it is there now. */
  installed(): boolean;
  /** The line when the commands ran but it is still not there. */
  stillMissing: string;
}

/**
 * Installs Debian's package for an `ensure…` script (scripts/ensureChromium.ts,
 * scripts/ensurePostgres.ts): says so, runs the commands, checks the result; returns the exit
 * code (0 = go on with the tests), with one line that says what to run when it fails.
 */
export function installWithApt(what: AptInstall, run: (command: string[]) => void, log: (line: string) => void): number {
  log(`${what.prefix}: ${what.name} is missing: installing Debian's package (${what.install})`);
  try {
    for (const command of what.commands) run(command);
  } catch {
    log(`${what.prefix}: installing ${what.name} failed: run \`${what.install}\` as root, then npm test again.`);
    return 1;
  }
  if (what.installed()) return 0;
  log(what.stillMissing);
  return 1;
}

/** Runs an apt-get command for real, its output shown, never asking a question. */
export function runApt([command, ...args]: string[]): void {
  execFileSync(command!, args, { stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}
