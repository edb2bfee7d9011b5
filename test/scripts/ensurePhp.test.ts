import { describe, expect, it } from 'vitest';
import { debianPackages } from '../../scripts/debianPackages.ts';
import { ensurePhp } from '../../scripts/ensurePhp.ts';
import { fakeApt } from './fakeApt.ts';

const install = `apt-get update && apt-get install -y ${debianPackages.php.packages.join(' ')}`;

describe('ensurePhp', () => {
  it('goes on at once when PHP, PHPUnit and gettext are there', () => {
    const apt = fakeApt();
    expect(ensurePhp(() => true, apt)).toBe(0);
    expect(apt.ran).toEqual([]);
    expect(apt.lines).toEqual([]);
  });

  it('as root with apt-get, installs them and goes on once they are there', () => {
    let installed = false;
    const apt = fakeApt({
      run: (command) => {
        if (command[1] === 'install') installed = true;
      },
    });
    expect(ensurePhp(() => installed, apt)).toBe(0);
    expect(apt.ran.at(-1)).toEqual(['apt-get', 'install', '-y', '-qq', ...debianPackages.php.packages]);
  });

  it('without root, stops with one line saying the command to run, instead of going on to "phpunit: not found"', () => {
    const apt = fakeApt({ isRoot: false });
    expect(ensurePhp(() => false, apt)).toBe(1);
    expect(apt.ran).toEqual([]);
    expect(apt.lines).toEqual([`tests: PHP, PHPUnit or gettext missing: run \`sudo sh -c '${install}'\`, then npm test again.`]);
  });

  it('without apt-get, stops with one line saying what to install', () => {
    const apt = fakeApt({ hasAptGet: false });
    expect(ensurePhp(() => false, apt)).toBe(1);
    expect(apt.lines).toHaveLength(1);
    expect(apt.lines[0]).toMatch(
      /^tests: PHP, PHPUnit or gettext missing: install PHP 8\.2 .* PHPUnit and GNU gettext .*then npm test again\.$/,
    );
  });

  it('stops when apt-get ran but they are still not there', () => {
    const apt = fakeApt();
    expect(ensurePhp(() => false, apt)).toBe(1);
    expect(apt.lines).toHaveLength(2);
  });
});
