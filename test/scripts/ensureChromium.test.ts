import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CHROMIUM } from '../../e2e/browsers/paths.ts';
import { type ChromiumChecks, ensureChromium } from '../../scripts/ensureChromium.ts';
import { fakeApt } from './fakeApt.ts';

const machine = (over: Partial<ChromiumChecks> & { files?: string[] } = {}): ChromiumChecks => {
  const files = new Set(over.files ?? []);
  return { chromiumPath: undefined, exists: (path) => files.has(path), ...over };
};

describe('ensureChromium', () => {
  it('goes on, running and saying nothing, when the default Chromium is there', () => {
    const apt = fakeApt();
    expect(ensureChromium(machine({ files: [DEFAULT_CHROMIUM] }), apt)).toBe(0);
    expect(apt.ran).toEqual([]);
    expect(apt.lines).toEqual([]);
  });

  it('honours CHROMIUM_PATH and stops with one line when it points nowhere', () => {
    expect(ensureChromium(machine({ chromiumPath: '/opt/chrome', files: ['/opt/chrome'] }), fakeApt())).toBe(0);
    const apt = fakeApt();
    expect(ensureChromium(machine({ chromiumPath: '/opt/none', files: [DEFAULT_CHROMIUM] }), apt)).toBe(1);
    expect(apt.ran).toEqual([]);
    expect(apt.lines).toEqual([
      `e2e: CHROMIUM_PATH=/opt/none does not exist: point it at a Chromium binary, or unset it to use ${DEFAULT_CHROMIUM}.`,
    ]);
  });

  it('installs Debian’s package (with fonts) as root with apt-get, and goes on once the browser is there', () => {
    const files: string[] = [];
    const apt = fakeApt({
      run: (command) => {
        if (command.includes('install')) files.push(DEFAULT_CHROMIUM);
      },
    });
    expect(ensureChromium(machine({ exists: (path) => files.includes(path) }), apt)).toBe(0);
    expect(apt.ran).toEqual([
      ['apt-get', 'update', '-qq'],
      ['apt-get', 'install', '-y', '-qq', 'chromium', 'fonts-dejavu-core'],
    ]);
    expect(apt.lines).toEqual(["e2e: Chromium is missing: installing Debian's package (apt-get update && apt-get install -y chromium)"]);
  });

  it('tells a non-root user the one command to run', () => {
    const apt = fakeApt({ isRoot: false });
    expect(ensureChromium(machine(), apt)).toBe(1);
    expect(apt.lines).toEqual([
      "e2e: Chromium is missing: run `sudo sh -c 'apt-get update && apt-get install -y chromium'`, then npm test again.",
    ]);
  });

  it('asks for CHROMIUM_PATH where there is no apt-get', () => {
    const apt = fakeApt({ hasAptGet: false });
    expect(ensureChromium(machine(), apt)).toBe(1);
    expect(apt.lines).toEqual(['e2e: Chromium is missing: install it and run again with CHROMIUM_PATH=/path/to/chromium npm test.']);
  });

  it('stops with exactly one line, and no stack trace, when the install fails or leaves no browser', () => {
    const failing = fakeApt({
      run: () => {
        throw new Error('E: Unable to locate package chromium');
      },
    });
    expect(ensureChromium(machine(), failing)).toBe(1);
    expect(failing.lines.slice(1)).toEqual([
      'e2e: installing Chromium failed: run `apt-get update && apt-get install -y chromium` as root, then npm test again.',
    ]);
    const empty = fakeApt();
    expect(ensureChromium(machine(), empty)).toBe(1);
    expect(empty.lines.slice(1)).toEqual([
      `e2e: apt-get installed no ${DEFAULT_CHROMIUM}: install Chromium and set CHROMIUM_PATH to it, then npm test again.`,
    ]);
  });
});

describe('npm test', () => {
  const root = join(import.meta.dirname, '../..');

  it('checks for Chromium first, before the minutes of lint, unit tests and build', () => {
    const { scripts } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    expect(scripts.test).toMatch(/^tsx scripts\/ensureChromium\.ts && /);
  });

  it('stops with exit status 1 and one line, no stack trace, when CHROMIUM_PATH points nowhere', () => {
    const run = spawnSync(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), join(root, 'scripts/ensureChromium.ts')], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, CHROMIUM_PATH: '/nonexistent/chromium' },
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n')).toEqual([
      `e2e: CHROMIUM_PATH=/nonexistent/chromium does not exist: point it at a Chromium binary, or unset it to use ${DEFAULT_CHROMIUM}.`,
    ]);
  }, 30_000);
});
