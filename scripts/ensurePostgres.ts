/**
 * `npm test` runs the tests of PostgreSQL as the record (test/service/postgres.test.ts,
 * contractPg.test.ts) against a throwaway cluster (scripts/startPostgres.ts), which needs the
 * server's binaries. When they are missing, install Debian's `postgresql` as `.ci/run` does
 * (root with apt-get), or stop at once with one line that says what to run.
 */
import { findPostgresBin } from './startPostgres.ts';
import { hasCommand } from './hasCommand.ts';
import { installWithApt, runApt } from './ensurePackages.ts';

export interface PostgresChecks {
  /** The folder of `postgres` and `initdb`, when installed. */
  bin(): string | undefined;
  isRoot: boolean;
  hasAptGet: boolean;
}

export type PostgresDecision = { kind: 'ready' } | { kind: 'install'; commands: string[][] } | { kind: 'stop'; message: string };

const INSTALL = 'apt-get update && apt-get install -y postgresql';

export function decidePostgres(checks: PostgresChecks): PostgresDecision {
  if (checks.bin()) return { kind: 'ready' };
  if (!checks.hasAptGet)
    return { kind: 'stop', message: 'tests: PostgreSQL is missing: install it and run again with POSTGRES_BIN=/path/to/its/bin npm test.' };
  if (!checks.isRoot)
    return { kind: 'stop', message: `tests: PostgreSQL is missing: run \`sudo sh -c '${INSTALL}'\`, then npm test again.` };
  return {
    kind: 'install',
    commands: [
      ['apt-get', 'update', '-qq'],
      ['apt-get', 'install', '-y', '-qq', 'postgresql'],
    ],
  };
}

/** Carry the decision out: returns the exit code (0 = go on with the tests). */
export function ensurePostgres(checks: PostgresChecks, run: (command: string[]) => void, log: (line: string) => void): number {
  const decision = decidePostgres(checks);
  if (decision.kind === 'ready') return 0;
  if (decision.kind === 'stop') {
    log(decision.message);
    return 1;
  }
  return installWithApt(
    {
      prefix: 'tests',
      name: 'PostgreSQL',
      install: INSTALL,
      commands: decision.commands,
      installed: () => Boolean(checks.bin()),
      stillMissing: 'tests: apt-get installed no PostgreSQL server binaries: install them and set POSTGRES_BIN, then npm test again.',
    },
    run,
    log,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = ensurePostgres(
    { bin: () => findPostgresBin(), isRoot: process.getuid?.() === 0, hasAptGet: hasCommand('apt-get') },
    runApt,
    (line) => console.error(line),
  );
}
