import { describe, expect, it } from 'vitest';
import { type BrowsersChecks, decideBrowsers, ensureBrowsers } from '../../scripts/ensureBrowsers.ts';
import { findMiniBrowser } from '../../e2e/browsers/paths.ts';

const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
const everything = { files: ['/usr/bin/firefox-esr', MINIBROWSER], commands: ['WebKitWebDriver', 'Xvfb'] };

const machine = (over: Partial<BrowsersChecks> & { files?: string[]; commands?: string[] } = {}): BrowsersChecks => {
  const files = new Set(over.files ?? []);
  const commands = new Set(over.commands ?? []);
  return {
    firefoxPath: undefined,
    exists: (path) => files.has(path),
    miniBrowser: () => (files.has(MINIBROWSER) ? MINIBROWSER : undefined),
    hasCommand: (name) => commands.has(name),
    isRoot: false,
    hasAptGet: true,
    ...over,
  };
};

describe('decideBrowsers', () => {
  it('goes on when Firefox ESR, WebKitWebDriver with MiniBrowser and Xvfb are there', () => {
    expect(decideBrowsers(machine(everything))).toEqual({ kind: 'ready' });
  });

  it('installs only the missing Debian packages as root with apt-get', () => {
    expect(decideBrowsers(machine({ isRoot: true }))).toEqual({
      kind: 'install',
      packages: ['firefox-esr', 'webkit2gtk-driver', 'xvfb'],
      install: 'apt-get update && apt-get install -y firefox-esr webkit2gtk-driver xvfb',
      commands: [
        ['apt-get', 'update', '-qq'],
        ['apt-get', 'install', '-y', '-qq', 'firefox-esr', 'webkit2gtk-driver', 'xvfb', 'fonts-dejavu-core'],
      ],
    });
    // The driver without its browser (MiniBrowser) counts as missing.
    const decision = decideBrowsers(machine({ isRoot: true, files: ['/usr/bin/firefox-esr'], commands: ['WebKitWebDriver', 'Xvfb'] }));
    expect(decision.kind === 'install' && decision.packages).toEqual(['webkit2gtk-driver']);
  });

  it('honours FIREFOX_PATH and stops with one line when it points nowhere', () => {
    const custom = { ...everything, files: [MINIBROWSER, '/opt/firefox/firefox'] };
    expect(decideBrowsers(machine({ ...custom, firefoxPath: '/opt/firefox/firefox' }))).toEqual({ kind: 'ready' });
    const missing = decideBrowsers(machine({ ...everything, firefoxPath: '/opt/none', isRoot: true }));
    expect(missing.kind === 'stop' && missing.message).toMatch(/^browsers: FIREFOX_PATH=\/opt\/none does not exist/);
  });

  it('stops with one line naming the command when it cannot install', () => {
    const notRoot = decideBrowsers(machine({ files: ['/usr/bin/firefox-esr'], commands: ['Xvfb'] }));
    expect(notRoot.kind === 'stop' && notRoot.message).toBe(
      "browsers: webkit2gtk-driver missing: run `sudo sh -c 'apt-get update && apt-get install -y webkit2gtk-driver'`, then npm test again.",
    );
    const noApt = decideBrowsers(machine({ hasAptGet: false, isRoot: true }));
    expect(noApt.kind === 'stop' && noApt.message).toMatch(/^browsers: firefox-esr, webkit2gtk-driver, xvfb missing: install them/);
  });
});

describe('ensureBrowsers', () => {
  it('runs the install commands and goes on once everything is there', () => {
    let installed = false;
    const ran: string[][] = [];
    const lines: string[] = [];
    const code = ensureBrowsers(
      {
        ...machine({ isRoot: true }),
        exists: () => installed,
        miniBrowser: () => (installed ? MINIBROWSER : undefined),
        hasCommand: () => installed,
      },
      (command) => {
        ran.push(command);
        installed = true;
      },
      (line) => lines.push(line),
    );
    expect(code).toBe(0);
    expect(ran.map((c) => c.join(' '))).toEqual([
      'apt-get update -qq',
      'apt-get install -y -qq firefox-esr webkit2gtk-driver xvfb fonts-dejavu-core',
    ]);
    expect(lines).toHaveLength(1);
  });

  it('fails with one line when the install fails or leaves something missing', () => {
    const lines: string[] = [];
    const failing = ensureBrowsers(
      machine({ isRoot: true }),
      () => {
        throw new Error('no network');
      },
      (line) => lines.push(line),
    );
    expect(failing).toBe(1);
    expect(lines.at(-1)).toMatch(/^browsers: installing firefox-esr, webkit2gtk-driver, xvfb failed/);
    expect(
      ensureBrowsers(
        machine({ isRoot: true }),
        () => {},
        (line) => lines.push(line),
      ),
    ).toBe(1);
    expect(lines.at(-1)).toMatch(/^browsers: apt-get installed firefox-esr, webkit2gtk-driver, xvfb, but not all/);
  });
});

describe('findMiniBrowser', () => {
  it('takes MINIBROWSER_PATH when it exists, and nothing when it does not', () => {
    expect(findMiniBrowser({ MINIBROWSER_PATH: '/opt/MiniBrowser' }, (path) => path === '/opt/MiniBrowser')).toBe('/opt/MiniBrowser');
    expect(findMiniBrowser({ MINIBROWSER_PATH: '/opt/none' }, () => false)).toBeUndefined();
  });
});
