import { describe, expect, it } from 'vitest';
import { ensurePackages, type Missing } from '../../scripts/ensurePackages.ts';
import { fakeApt } from './fakeApt.ts';

const needed = (over: Partial<Missing> = {}): Missing => ({
  prefix: 'tests',
  name: 'Thing',
  missing: 'Thing is missing',
  packages: ['thing', 'thing-data'],
  installed: () => true,
  stillMissing: 'tests: apt-get installed no thing.',
  cannotInstall: { stop: true, withoutAptGet: 'install it and run again with THING_PATH=/path/to/thing npm test.' },
  ...over,
});

describe('ensurePackages', () => {
  it('as root with apt-get, updates the lists and installs the packages (and those alongside), saying so in one line', () => {
    const apt = fakeApt();
    expect(ensurePackages(needed({ alongside: ['fonts-dejavu-core'] }), apt)).toBe(0);
    expect(apt.ran).toEqual([
      ['apt-get', 'update', '-qq'],
      ['apt-get', 'install', '-y', '-qq', 'thing', 'thing-data', 'fonts-dejavu-core'],
    ]);
    expect(apt.lines).toEqual([
      "tests: Thing is missing: installing Debian's package (apt-get update && apt-get install -y thing thing-data)",
    ]);
  });

  it('asks whether it is there once apt-get has run, and goes on when it is', () => {
    let installed = false;
    const apt = fakeApt({
      run: (command) => {
        if (command[1] === 'install') installed = true;
      },
    });
    expect(ensurePackages(needed({ installed: () => installed }), apt)).toBe(0);
  });

  it('stops with one line saying what to run as root when apt-get fails', () => {
    const apt = fakeApt({
      run: () => {
        throw new Error('E: Unable to locate package thing');
      },
    });
    expect(ensurePackages(needed(), apt)).toBe(1);
    expect(apt.ran).toHaveLength(1);
    expect(apt.lines.slice(1)).toEqual([
      'tests: installing Thing failed: run `apt-get update && apt-get install -y thing thing-data` as root, then npm test again.',
    ]);
  });

  it('stops with its own line (or one that says to install by hand) when apt-get ran but it is still not there', () => {
    const apt = fakeApt();
    expect(ensurePackages(needed({ installed: () => false }), apt)).toBe(1);
    expect(apt.lines.slice(1)).toEqual(['tests: apt-get installed no thing.']);
    const unsaid = fakeApt();
    expect(ensurePackages(needed({ installed: () => false, stillMissing: undefined }), unsaid)).toBe(1);
    expect(unsaid.lines.slice(1)).toEqual(['tests: apt-get did not make Thing usable: install them by hand, then npm test again.']);
  });

  it('runs apt-get’s commands inside whileInstalling, and never calls it when it cannot install', () => {
    const events: string[] = [];
    const whileInstalling = (install: () => void) => {
      events.push('policy written');
      install();
      events.push('policy removed');
    };
    const apt = fakeApt({ run: (command) => events.push(command[1]!) });
    expect(ensurePackages(needed({ whileInstalling }), apt)).toBe(0);
    expect(events).toEqual(['policy written', 'update', 'install', 'policy removed']);
    events.length = 0;
    ensurePackages(needed({ whileInstalling }), fakeApt({ isRoot: false }));
    expect(events).toEqual([]);
  });

  it('without root, runs nothing and stops with the one command to run with sudo', () => {
    const apt = fakeApt({ isRoot: false });
    expect(ensurePackages(needed(), apt)).toBe(1);
    expect(apt.ran).toEqual([]);
    expect(apt.lines).toEqual([
      "tests: Thing is missing: run `sudo sh -c 'apt-get update && apt-get install -y thing thing-data'`, then npm test again.",
    ]);
  });

  it('without apt-get, runs nothing and stops with its own way out, root or not', () => {
    for (const isRoot of [true, false]) {
      const apt = fakeApt({ isRoot, hasAptGet: false });
      expect(ensurePackages(needed(), apt)).toBe(1);
      expect(apt.ran).toEqual([]);
      expect(apt.lines).toEqual(['tests: Thing is missing: install it and run again with THING_PATH=/path/to/thing npm test.']);
    }
  });

  it('when the tests can go on without it, says the command and what it is for, and goes on', () => {
    const optional = needed({
      missing: 'Thing missing',
      cannotInstall: { stop: false, for: 'the tests of things (they skip until then)' },
    });
    for (const apt of [fakeApt({ isRoot: false }), fakeApt({ hasAptGet: false }), fakeApt({ isRoot: false, hasAptGet: false })]) {
      expect(ensurePackages(optional, apt)).toBe(0);
      expect(apt.ran).toEqual([]);
      expect(apt.lines).toEqual([
        "tests: Thing missing: run `sudo sh -c 'apt-get update && apt-get install -y thing thing-data'` for the tests of things (they skip until then).",
      ]);
    }
  });
});
