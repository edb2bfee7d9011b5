/**
 * `npm test` runs the WordPress plugin's PHP unit tests (`npm run test:php`) with Debian's PHP
 * and PHPUnit. When they are missing, install Debian's packages as `.ci/run` does for PostgreSQL
 * and Chromium (root with apt-get), or say what to run.
 */
import { execFileSync } from 'node:child_process';
import { hasCommand } from './hasCommand.ts';
import { ensurePackages, thisMachine } from './ensurePackages.ts';

/** Whether PHP with the extensions the plugin's tests use (dom, mbstring) and PHPUnit are there. */
export function phpReady(): boolean {
  if (!hasCommand('php') || !hasCommand('phpunit')) return false;
  try {
    const modules = execFileSync('php', ['-m'], { encoding: 'utf8' }).split('\n');
    return modules.includes('dom') && modules.includes('mbstring');
  } catch {
    return false;
  }
}

if (import.meta.url === `file://${process.argv[1]}` && !phpReady()) {
  process.exitCode = ensurePackages(
    {
      prefix: 'tests',
      name: 'PHP and PHPUnit',
      missing: 'PHP or PHPUnit missing',
      packages: ['php-cli', 'php-xml', 'php-mbstring', 'phpunit'],
      installed: phpReady,
      cannotInstall: { stop: false, for: "the WordPress plugin's tests (npm run test:php)" },
    },
    thisMachine(),
  );
}
