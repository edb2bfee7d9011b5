/**
 * `npm test` runs the WordPress plugin against a real WordPress (e2e/wordpress/): Debian's
 * `wordpress` with MariaDB, Apache with mod_php, php-mysql, php-xml and the Twenty Twenty-Three
 * and Twenty Twenty-One themes, started as throwaway instances by e2e/wordpress/startWordPress.ts.
 * When they are missing, install Debian's packages as `.ci/run` does for PostgreSQL and Chromium
 * (root with apt-get), or say what to run; without them those tests skip with a message (and
 * fail in CI).
 *
 * Apache's and MariaDB's packages start their system services when installed; the install runs
 * under a `policy-rc.d` that refuses that (unless the machine has one already), and the tests'
 * instances never use the system's ports or sockets anyway (a free loopback port, a socket in
 * their own folder).
 */
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { missingForWordPress, WORDPRESS_PACKAGES } from '../e2e/wordpress/startWordPress.ts';
import { ensurePackages, thisMachine } from './ensurePackages.ts';

const POLICY = '/usr/sbin/policy-rc.d';

/** No service of theirs started by the install (exit 101: "action forbidden by policy"). */
function withoutServices(install: () => void): void {
  const ownPolicy = !existsSync(POLICY);
  if (ownPolicy) writeFileSync(POLICY, '#!/bin/sh\n# scripts/ensureWordPress.ts, during its apt-get install\nexit 101\n', { mode: 0o755 });
  try {
    install();
  } finally {
    if (ownPolicy) rmSync(POLICY, { force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // With a language pack (the German site's tests).
  const missing = missingForWordPress('de_DE');
  const names = `WordPress (${missing.join(', ')})`;
  if (missing.length > 0)
    process.exitCode = ensurePackages(
      {
        prefix: 'tests',
        name: names,
        missing: `${names} missing`,
        packages: WORDPRESS_PACKAGES,
        installed: () => missingForWordPress('de_DE').length === 0,
        cannotInstall: { stop: false, for: "the WordPress plugin's tests (they skip until then)" },
        whileInstalling: withoutServices,
      },
      thisMachine(),
    );
}
