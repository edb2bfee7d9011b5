import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type ChromiumChecks, DEFAULT_CHROMIUM, decideChromium, ensureChromium } from '../../scripts/ensureChromium.ts';

const machine = (over: Partial<ChromiumChecks> & { files?: string[] } = {}): ChromiumChecks => {
  const files = new Set(over.files ?? []);
  return { chromiumPath: undefined, isRoot: false, hasAptGet: true, exists: (path) => files.has(path), ...over };
};

describe('decideChromium', () => {
  it('goes on when the default Chromium is there', () => {
    expect(decideChromium(machine({ files: [DEFAULT_CHROMIUM] }))).toEqual({ kind: 'ready', path: DEFAULT_CHROMIUM });
  });

  it('honours CHROMIUM_PATH and stops with one line when it points nowhere', () => {
    expect(decideChromium(machine({ chromiumPath: '/opt/chrome', files: ['/opt/chrome'] }))).toEqual({
      kind: 'ready',
      path: '/opt/chrome',
    });
    const missing = decideChromium(machine({ chromiumPath: '/opt/none', files: [DEFAULT_CHROMIUM], isRoot: true }));
    expect(missing).toMatchObject({ kind: 'stop' });
    expect(missing.kind === 'stop' && missing.message).toMatch(/^e2e: CHROMIUM_PATH=\/opt\/none does not exist/);
  });

  it('installs Debian’s package as root with apt-get', () => {
    expect(decideChromium(machine({ isRoot: true }))).toEqual({
      kind: 'install',
      path: DEFAULT_CHROMIUM,
      commands: [
        ['apt-get', 'update', '-qq'],
        ['apt-get', 'install', '-y', '-qq', 'chromium', 'fonts-dejavu-core'],
      ],
    });
  });

  it('tells a non-root user the one command to run', () => {
    const decision = decideChromium(machine({ isRoot: false }));
    expect(decision).toEqual({
      kind: 'stop',
      message: "e2e: Chromium is missing: run `sudo sh -c 'apt-get update && apt-get install -y chromium'`, then npm test again.",
    });
  });

  it('asks for CHROMIUM_PATH where there is no apt-get', () => {
    const decision = decideChromium(machine({ isRoot: true, hasAptGet: false }));
    expect(decision.kind === 'stop' && decision.message).toMatch(/CHROMIUM_PATH=\/path\/to\/chromium npm test/);
  });
});

describe('ensureChromium', () => {
  it('runs the install and goes on once the browser is there', () => {
    const files: string[] = [];
    const ran: string[][] = [];
    const lines: string[] = [];
    const code = ensureChromium(
      machine({ isRoot: true, exists: (path) => files.includes(path) }),
      (command) => {
        ran.push(command);
        if (command.includes('install')) files.push(DEFAULT_CHROMIUM);
      },
      (line) => lines.push(line),
    );
    expect(code).toBe(0);
    expect(ran.map((c) => c[1])).toEqual(['update', 'install']);
    expect(lines).toHaveLength(1);
  });

  it('stops with exactly one line, and no stack trace, when the install fails', () => {
    const lines: string[] = [];
    const code = ensureChromium(
      machine({ isRoot: true }),
      () => {
        throw new Error('E: Unable to locate package chromium');
      },
      (line) => lines.push(line),
    );
    expect(code).toBe(1);
    expect(lines.slice(1)).toEqual([
      'e2e: installing Chromium failed: run `apt-get update && apt-get install -y chromium` as root, then npm test again.',
    ]);
  });

  it('runs nothing and prints nothing when the browser is there', () => {
    const lines: string[] = [];
    const code = ensureChromium(
      machine({ files: [DEFAULT_CHROMIUM] }),
      () => {
        throw new Error('must not run');
      },
      (line) => lines.push(line),
    );
    expect(code).toBe(0);
    expect(lines).toEqual([]);
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
