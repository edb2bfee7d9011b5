/**
 * `npm test` builds real blogs with Debian's Hugo and Jekyll (with minima, jekyll-feed,
 * jekyll-sitemap and jekyll-seo-tag) and indexes them (test/sites/). When they are missing,
 * install Debian's packages as `.ci/run` does for PostgreSQL and Chromium (root with apt-get),
 * or say what to run; without them those tests skip with a message (and fail in CI).
 */
import { sitePlatforms } from '../test/sites/sitePlatforms.ts';
import { hasCommand } from './hasCommand.ts';
import { installWithApt, runApt } from './ensurePackages.ts';

const PACKAGES = ['hugo', 'jekyll', 'jekyll-theme-minima', 'ruby-jekyll-feed', 'ruby-jekyll-sitemap', 'ruby-jekyll-seo-tag'];
const INSTALL = `apt-get update && apt-get install -y ${PACKAGES.join(' ')}`;
const debian = [sitePlatforms.hugo, sitePlatforms.jekyll];

if (import.meta.url === `file://${process.argv[1]}`) {
  const missing = () => debian.filter((platform) => platform.version() === undefined);
  if (missing().length > 0) {
    const names = missing()
      .map((platform) => platform.name)
      .join('; ');
    if (process.getuid?.() !== 0 || !hasCommand('apt-get')) {
      console.error(`tests: ${names} missing: run \`sudo sh -c '${INSTALL}'\` for the tests that build real blogs (they skip until then).`);
    } else {
      process.exitCode = installWithApt(
        {
          prefix: 'tests',
          name: names,
          install: INSTALL,
          commands: [
            ['apt-get', 'update', '-qq'],
            ['apt-get', 'install', '-y', '-qq', ...PACKAGES],
          ],
          installed: () => missing().length === 0,
          stillMissing: `tests: apt-get did not make ${names} usable: install them by hand, then npm test again.`,
        },
        runApt,
        (line) => console.error(line),
      );
    }
  }
}
