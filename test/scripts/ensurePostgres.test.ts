import { describe, expect, it } from 'vitest';
import { decidePostgres, ensurePostgres, type PostgresChecks } from '../../scripts/ensurePostgres.ts';
import { findPostgresBin } from '../../scripts/startPostgres.ts';

const machine = (over: Partial<PostgresChecks> = {}): PostgresChecks => ({ bin: () => undefined, isRoot: false, hasAptGet: true, ...over });

describe('decidePostgres', () => {
  it('goes on when the server binaries are there', () => {
    expect(decidePostgres(machine({ bin: () => '/usr/lib/postgresql/15/bin' }))).toEqual({ kind: 'ready' });
  });

  it('installs Debian’s package as root with apt-get', () => {
    expect(decidePostgres(machine({ isRoot: true }))).toEqual({
      kind: 'install',
      commands: [
        ['apt-get', 'update', '-qq'],
        ['apt-get', 'install', '-y', '-qq', 'postgresql'],
      ],
    });
  });

  it('stops with one line naming the command when it cannot install', () => {
    const notRoot = decidePostgres(machine());
    expect(notRoot.kind === 'stop' && notRoot.message).toBe(
      "tests: PostgreSQL is missing: run `sudo sh -c 'apt-get update && apt-get install -y postgresql'`, then npm test again.",
    );
    const noApt = decidePostgres(machine({ hasAptGet: false, isRoot: true }));
    expect(noApt.kind === 'stop' && noApt.message).toMatch(/^tests: PostgreSQL is missing: install it/);
  });
});

describe('ensurePostgres', () => {
  it('runs the install commands and goes on once the binaries are there', () => {
    let installed = false;
    const ran: string[][] = [];
    const lines: string[] = [];
    const code = ensurePostgres(
      machine({ isRoot: true, bin: () => (installed ? '/usr/lib/postgresql/16/bin' : undefined) }),
      (command) => {
        ran.push(command);
        installed = true;
      },
      (line) => lines.push(line),
    );
    expect(code).toBe(0);
    expect(ran.map((c) => c.join(' '))).toEqual(['apt-get update -qq', 'apt-get install -y -qq postgresql']);
    expect(lines).toHaveLength(1);
  });

  it('stops with one line when the install fails', () => {
    const lines: string[] = [];
    const code = ensurePostgres(
      machine({ isRoot: true }),
      () => {
        throw new Error('no network');
      },
      (line) => lines.push(line),
    );
    expect(code).toBe(1);
    expect(lines.at(-1)).toMatch(/^tests: installing PostgreSQL failed/);
  });
});

describe('findPostgresBin', () => {
  it('finds the newest version folder of Debian’s packages, or POSTGRES_BIN', () => {
    expect(findPostgresBin({})).toMatch(/^\/usr\/lib\/postgresql\/\d+(\.\d+)?\/bin$/);
    expect(findPostgresBin({ POSTGRES_BIN: '/nowhere' })).toBeUndefined();
  });
});
