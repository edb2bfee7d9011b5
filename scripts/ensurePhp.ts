/**
 * `npm test` runs the WordPress plugin's PHP unit tests (`npm run test:php`) with Debian's PHP
 * and PHPUnit, and its translations' tests with GNU gettext. When they are missing, install
 * Debian's packages as `.ci/run` does (root with apt-get); when that cannot be done, stop at once
 * with one line saying what to run (not later, with `test:php`'s "phpunit: not found").
 */
import { execFileSync } from 'node:child_process';
import { debianPackages } from './debianPackages.ts';
import { type Apt, ensurePackages, thisMachine } from './ensurePackages.ts';
import { hasCommand } from './hasCommand.ts';

/** Whether PHP with the extensions the plugin's tests use (dom, mbstring), PHPUnit and gettext's xgettext and msgunfmt are there. */
export function phpReady(): boolean {
  if (!hasCommand('php') || !hasCommand('phpunit') || !hasCommand('xgettext') || !hasCommand('msgunfmt')) return false;
  try {
    const modules = execFileSync('php', ['-m'], { encoding: 'utf8' }).split('\n');
    return modules.includes('dom') && modules.includes('mbstring');
  } catch {
    return false;
  }
}

/** Returns the exit code (0 = go on with the tests). */
export function ensurePhp(ready: () => boolean, apt: Apt): number {
  if (ready()) return 0;
  return ensurePackages(
    {
      prefix: 'tests',
      name: 'PHP, PHPUnit and gettext',
      missing: 'PHP, PHPUnit or gettext missing',
      ...debianPackages.php,
      installed: ready,
      cannotInstall: {
        stop: true,
        withoutAptGet:
          "install PHP 8.2 with its dom and mbstring extensions, PHPUnit and GNU gettext (the WordPress plugin's tests), then npm test again.",
      },
    },
    apt,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = ensurePhp(phpReady, thisMachine());
