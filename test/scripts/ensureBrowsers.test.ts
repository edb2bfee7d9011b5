import { describe, expect, it } from 'vitest';
import { type BrowsersChecks, ensureBrowsers } from '../../scripts/ensureBrowsers.ts';
import { findMiniBrowser } from '../../e2e/browsers/paths.ts';
import { fakeApt } from './fakeApt.ts';

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
    ...over,
  };
};

describe('ensureBrowsers', () => {
  it('goes on, running and saying nothing, when Firefox ESR, WebKitWebDriver with MiniBrowser and Xvfb are there', () => {
    const apt = fakeApt();
    expect(ensureBrowsers(machine(everything), apt)).toBe(0);
    expect([...apt.ran, ...apt.lines]).toEqual([]);
  });

  it('installs only the missing Debian packages (with fonts) as root with apt-get, and goes on once everything is there', () => {
    let installed = false;
    const apt = fakeApt({
      run: () => {
        installed = true;
      },
    });
    const code = ensureBrowsers(
      { ...machine(), exists: () => installed, miniBrowser: () => (installed ? MINIBROWSER : undefined), hasCommand: () => installed },
      apt,
    );
    expect(code).toBe(0);
    expect(apt.ran.map((c) => c.join(' '))).toEqual([
      'apt-get update -qq',
      'apt-get install -y -qq firefox-esr webkit2gtk-driver xvfb fonts-dejavu-core',
    ]);
    expect(apt.lines).toHaveLength(1);
    // The driver without its browser (MiniBrowser) counts as missing.
    const driverOnly = fakeApt();
    ensureBrowsers(machine({ files: ['/usr/bin/firefox-esr'], commands: ['WebKitWebDriver', 'Xvfb'] }), driverOnly);
    expect(driverOnly.ran.at(-1)).toEqual(['apt-get', 'install', '-y', '-qq', 'webkit2gtk-driver', 'fonts-dejavu-core']);
  });

  it('honours FIREFOX_PATH and stops with one line when it points nowhere', () => {
    const custom = { ...everything, files: [MINIBROWSER, '/opt/firefox/firefox'] };
    expect(ensureBrowsers(machine({ ...custom, firefoxPath: '/opt/firefox/firefox' }), fakeApt())).toBe(0);
    const apt = fakeApt();
    expect(ensureBrowsers(machine({ ...everything, firefoxPath: '/opt/none' }), apt)).toBe(1);
    expect(apt.ran).toEqual([]);
    expect(apt.lines).toEqual([
      'browsers: FIREFOX_PATH=/opt/none does not exist: point it at Firefox, or unset it to use /usr/bin/firefox-esr.',
    ]);
  });

  it('stops with one line naming the command when it cannot install', () => {
    const notRoot = fakeApt({ isRoot: false });
    expect(ensureBrowsers(machine({ files: ['/usr/bin/firefox-esr'], commands: ['Xvfb'] }), notRoot)).toBe(1);
    expect(notRoot.lines).toEqual([
      "browsers: webkit2gtk-driver missing: run `sudo sh -c 'apt-get update && apt-get install -y webkit2gtk-driver'`, then npm test again.",
    ]);
    const noApt = fakeApt({ hasAptGet: false });
    expect(ensureBrowsers(machine(), noApt)).toBe(1);
    expect(noApt.lines).toEqual([
      "browsers: firefox-esr, webkit2gtk-driver, xvfb missing: install them (Debian's packages), then npm test again.",
    ]);
  });

  it('fails with one line when the install fails or leaves something missing', () => {
    const failing = fakeApt({
      run: () => {
        throw new Error('no network');
      },
    });
    expect(ensureBrowsers(machine(), failing)).toBe(1);
    expect(failing.lines.at(-1)).toMatch(/^browsers: installing firefox-esr, webkit2gtk-driver, xvfb failed/);
    const empty = fakeApt();
    expect(ensureBrowsers(machine(), empty)).toBe(1);
    expect(empty.lines.at(-1)).toMatch(/^browsers: apt-get installed firefox-esr, webkit2gtk-driver, xvfb, but not all/);
  });
});

describe('findMiniBrowser', () => {
  it('takes MINIBROWSER_PATH when it exists, and nothing when it does not', () => {
    expect(findMiniBrowser({ MINIBROWSER_PATH: '/opt/MiniBrowser' }, (path) => path === '/opt/MiniBrowser')).toBe('/opt/MiniBrowser');
    expect(findMiniBrowser({ MINIBROWSER_PATH: '/opt/none' }, () => false)).toBeUndefined();
  });
});
