/**
 * `npm test` runs the tests of PostgreSQL as the record (test/service/postgres.test.ts,
 * contractPg.test.ts) against a throwaway cluster (scripts/startPostgres.ts), which needs the
 * server's binaries. When they are missing, install Debian's `postgresql` as `.ci/run` does
 * (root with apt-get), or stop at once with one line that says what to run.
 */
import { debianPackages } from './debianPackages.ts';
import { type Apt, ensurePackages, thisMachine } from './ensurePackages.ts';
import { findPostgresBin } from './startPostgres.ts';

/** Returns the exit code (0 = go on with the tests); `bin` is the folder of `postgres` and `initdb`, when installed. */
export function ensurePostgres(bin: () => string | undefined, apt: Apt): number {
  if (bin()) return 0;
  return ensurePackages(
    {
      prefix: 'tests',
      name: 'PostgreSQL',
      missing: 'PostgreSQL is missing',
      ...debianPackages.postgres,
      installed: () => Boolean(bin()),
      stillMissing: 'tests: apt-get installed no PostgreSQL server binaries: install them and set POSTGRES_BIN, then npm test again.',
      cannotInstall: { stop: true, withoutAptGet: 'install it and run again with POSTGRES_BIN=/path/to/its/bin npm test.' },
    },
    apt,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = ensurePostgres(() => findPostgresBin(), thisMachine());
