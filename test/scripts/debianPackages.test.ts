import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { debianPackages } from '../../scripts/debianPackages.ts';
import { missingPackages } from '../../scripts/ensureBrowsers.ts';
import { WORDPRESS_PACKAGES } from '../../e2e/wordpress/startWordPress.ts';

const root = new URL('../..', import.meta.url).pathname;
const ciRun = readFileSync(`${root}.ci/run`, 'utf8');

describe('the Debian packages, written once (scripts/debianPackages.json)', () => {
  it('are what .ci/run installs: its apt-get lines name no package of their own', () => {
    const installs = ciRun.split('\n').filter((line) => /apt-get install/.test(line));
    expect(installs.length).toBe(Object.keys(debianPackages).length);
    for (const line of installs) {
      const names = line
        .replace(/.*apt-get install -y -qq/, '')
        .replace(/>.*$/, '')
        .trim()
        .split(/\s+/);
      expect(names, line).toHaveLength(1);
      expect(names[0], line).toMatch(/^\$[A-Z_]+$/);
    }
  });

  it('are read by .ci/run with node alone, before npm ci', () => {
    const fn = ciRun.slice(ciRun.indexOf('debian_packages() {'), ciRun.indexOf('\n}\n', ciRun.indexOf('debian_packages() {')) + 3);
    for (const [name, list] of Object.entries(debianPackages)) {
      const out = execFileSync('bash', ['-c', `${fn}\ndebian_packages ${name}`], { cwd: root, encoding: 'utf8' }).trim();
      expect(out).toBe([...list.packages, ...(list.alongside ?? [])].join(' '));
    }
    expect(() => execFileSync('bash', ['-c', `${fn}\ndebian_packages nothing`], { cwd: root, stdio: 'ignore' })).toThrow();
  });

  it("are the ensure scripts' own: WordPress's, and every package the browsers' check may ask for", () => {
    expect(WORDPRESS_PACKAGES).toBe(debianPackages.wordpress.packages);
    const none = { firefoxPath: undefined, exists: () => false, miniBrowser: () => undefined, hasCommand: () => false };
    expect(missingPackages(none)).toEqual(debianPackages.browsers.packages);
  });
});
