/**
 * `npm test` runs the WordPress plugin's PHP unit tests (`npm run test:php`) with Debian's PHP
 * and PHPUnit. When they are missing, install Debian's packages as `.ci/run` does for PostgreSQL
 * and Chromium (root with apt-get), or say what to run.
 */
import { execFileSync } from 'node:child_process';
import { hasCommand } from './hasCommand.ts';
import { installWithApt, runApt } from './ensurePackages.ts';

const PACKAGES = ['php-cli', 'php-xml', 'php-mbstring', 'phpunit'];
const INSTALL = `apt-get update && apt-get install -y ${PACKAGES.join(' ')}`;

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

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!phpReady()) {
    if (process.getuid?.() !== 0 || !hasCommand('apt-get')) {
      console.error(`tests: PHP or PHPUnit missing: run \`sudo sh -c '${INSTALL}'\` for the WordPress plugin's tests (npm run test:php).`);
    } else {
      process.exitCode = installWithApt(
        {
          prefix: 'tests',
          name: 'PHP and PHPUnit',
          install: INSTALL,
          commands: [
            ['apt-get', 'update', '-qq'],
            ['apt-get', 'install', '-y', '-qq', ...PACKAGES],
          ],
          installed: phpReady,
          stillMissing: 'tests: apt-get did not make PHP and PHPUnit usable: install them by hand, then npm test again.',
        },
        runApt,
        (line) => console.error(line),
      );
    }
  }
}
