import { describe, expect, it } from 'vitest';
import { ensurePostgres } from '../../scripts/ensurePostgres.ts';
import { findPostgresBin } from '../../scripts/startPostgres.ts';
import { fakeApt } from './fakeApt.ts';

const none = () => undefined;

describe('ensurePostgres', () => {
  it('goes on, running and saying nothing, when the server binaries are there', () => {
    const apt = fakeApt();
    expect(ensurePostgres(() => '/usr/lib/postgresql/15/bin', apt)).toBe(0);
    expect([...apt.ran, ...apt.lines]).toEqual([]);
  });

  it('installs Debian’s package as root with apt-get, and goes on once the binaries are there', () => {
    let installed = false;
    const apt = fakeApt({
      run: () => {
        installed = true;
      },
    });
    expect(ensurePostgres(() => (installed ? '/usr/lib/postgresql/16/bin' : undefined), apt)).toBe(0);
    expect(apt.ran.map((c) => c.join(' '))).toEqual(['apt-get update -qq', 'apt-get install -y -qq postgresql']);
    expect(apt.lines).toHaveLength(1);
  });

  it('stops with one line naming the command when it cannot install', () => {
    const notRoot = fakeApt({ isRoot: false });
    expect(ensurePostgres(none, notRoot)).toBe(1);
    expect(notRoot.lines).toEqual([
      "tests: PostgreSQL is missing: run `sudo sh -c 'apt-get update && apt-get install -y postgresql'`, then npm test again.",
    ]);
    const noApt = fakeApt({ hasAptGet: false });
    expect(ensurePostgres(none, noApt)).toBe(1);
    expect(noApt.lines).toEqual(['tests: PostgreSQL is missing: install it and run again with POSTGRES_BIN=/path/to/its/bin npm test.']);
  });

  it('stops with one line when the install fails or leaves no binaries', () => {
    const failing = fakeApt({
      run: () => {
        throw new Error('no network');
      },
    });
    expect(ensurePostgres(none, failing)).toBe(1);
    expect(failing.lines.at(-1)).toMatch(/^tests: installing PostgreSQL failed/);
    const empty = fakeApt();
    expect(ensurePostgres(none, empty)).toBe(1);
    expect(empty.lines.at(-1)).toMatch(/^tests: apt-get installed no PostgreSQL server binaries/);
  });
});

describe('findPostgresBin', () => {
  it('finds the newest version folder of Debian’s packages, or POSTGRES_BIN', () => {
    expect(findPostgresBin({})).toMatch(/^\/usr\/lib\/postgresql\/\d+(\.\d+)?\/bin$/);
    expect(findPostgresBin({ POSTGRES_BIN: '/nowhere' })).toBeUndefined();
  });
});
