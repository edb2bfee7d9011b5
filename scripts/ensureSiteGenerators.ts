/**
 * `npm test` builds real blogs with Debian's Hugo and Jekyll (with minima, jekyll-feed,
 * jekyll-sitemap and jekyll-seo-tag) and indexes them (test/sites/). When they are missing,
 * install Debian's packages as `.ci/run` does for PostgreSQL and Chromium (root with apt-get),
 * or say what to run; without them those tests skip with a message (and fail in CI).
 */
import { sitePlatforms } from '../test/sites/sitePlatforms.ts';
import { debianPackages } from './debianPackages.ts';
import { ensurePackages, thisMachine } from './ensurePackages.ts';

const debian = [sitePlatforms.hugo, sitePlatforms.jekyll];
const missing = () => debian.filter((platform) => platform.version() === undefined).map((platform) => platform.name);

if (import.meta.url === `file://${process.argv[1]}`) {
  const names = missing().join('; ');
  if (names)
    process.exitCode = ensurePackages(
      {
        prefix: 'tests',
        name: names,
        missing: `${names} missing`,
        ...debianPackages.siteGenerators,
        installed: () => missing().length === 0,
        cannotInstall: { stop: false, for: 'the tests that build real blogs (they skip until then)' },
      },
      thisMachine(),
    );
}
