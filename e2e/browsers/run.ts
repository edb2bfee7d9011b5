/**
 * `npm run test:browsers`: the loader's behaviours (e2e/browsers/checks.ts) in Firefox ESR and
 * WebKitGTK, which Playwright cannot drive here (it cannot download its browsers; the e2e tests
 * run in Debian's Chromium). Needs the build (`npm run build`) and the browsers
 * (scripts/ensureBrowsers.ts installs them). One browser after the other against the pages of
 * e2e/server.ts (behind the proxy of e2e/browsers/startSite.ts); every browser, driver and server
 * it starts is closed on every path, and it never skips: a browser that cannot start is a failure.
 *
 *   TROVE_BROWSERS   which, comma-separated (default firefox,webkit; chromium too, for comparison)
 *   TROVE_CHECKS     only the checks whose name contains this (default: all)
 *   TROVE_SHOTS_DIR  where to write <browser>-light.png and <browser>-dark.png: the box's suggestions
 *   FIREFOX_PATH, MINIBROWSER_PATH, CHROMIUM_PATH  the browsers, when not Debian's
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { checks, isCheckFailure } from './checks.ts';
import { type BrowserName, type Driver, launch, withTimeout } from './drivers.ts';
import { killStarted, type Site, startSite } from './startSite.ts';

const KNOWN: BrowserName[] = ['firefox', 'webkit', 'chromium'];
/** One check's limit; the whole run's (a hung browser must not hold CI). */
const CHECK_TIMEOUT = 45_000;
const RUN_TIMEOUT = 300_000;

const root = fileURLToPath(new URL('../..', import.meta.url));

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

async function main(): Promise<number> {
  const names = (process.env.TROVE_BROWSERS || 'firefox,webkit').split(',').map((name) => name.trim()) as BrowserName[];
  const unknown = names.filter((name) => !KNOWN.includes(name));
  if (unknown.length) {
    console.error(`browsers: unknown ${unknown.join(', ')} in TROVE_BROWSERS (known: ${KNOWN.join(', ')})`);
    return 1;
  }
  if (!existsSync(`${root}packages/widgets/dist/trove.js`) || !existsSync(`${root}packages/widgets/dist/chunks/trove-search-box.js`)) {
    console.error('browsers: dist/ has no trove.js and chunks: run `npm run build` first.');
    return 1;
  }

  const chosen = checks.filter((check) => check.name.includes(process.env.TROVE_CHECKS ?? ''));
  let site: Site | undefined;
  let driver: Driver | undefined;
  const cleanUp = async () => {
    await driver?.close();
    await site?.close();
  };
  // Interrupted or hung: close what was started, then go.
  let aborted = false;
  const abort = (why: string) => {
    aborted = true;
    console.error(`browsers: ${why}: closing the browsers and the server`);
    void withTimeout('closing', 15_000, cleanUp())
      .catch(() => {})
      .finally(() => {
        // Whatever was still starting (a driver, a display) or did not close in time.
        killStarted();
        process.exit(1);
      });
  };
  process.once('SIGINT', () => abort('interrupted'));
  process.once('SIGTERM', () => abort('terminated'));
  const watchdog = setTimeout(() => abort(`not done within ${RUN_TIMEOUT / 1000} s`), RUN_TIMEOUT);
  watchdog.unref();

  const started = performance.now();
  let passed = 0;
  let failed = 0;
  try {
    site = await startSite();
    for (const name of names) {
      if (aborted) break;
      const launching = performance.now();
      try {
        driver = await withTimeout(`launching ${name}`, 90_000, launch(name));
      } catch (error) {
        console.log(`✗ ${name}: could not start: ${(error as Error).message}`);
        failed += chosen.length;
        continue;
      }
      console.log(
        `${name}: ${driver.version}, viewport ${driver.viewport.width}×${driver.viewport.height} (started in ${seconds(launching)})`,
      );
      try {
        for (const check of chosen) {
          if (aborted) break;
          const since = performance.now();
          try {
            await withTimeout(check.name, CHECK_TIMEOUT, check.run(driver, site));
            passed++;
            console.log(`  ✓ ${name}: ${check.name} (${seconds(since)})`);
          } catch (error) {
            failed++;
            const message = isCheckFailure(error) ? (error as Error).message : (error as Error).stack;
            console.log(
              `  ✗ ${name}: ${check.name} (${seconds(since)})\n      ${message}\n      (fetched from /dist/: ${site.dist.join(', ') || 'nothing'})`,
            );
          }
        }
      } finally {
        await driver.close();
        driver = undefined;
      }
    }
  } catch (error) {
    console.error(`browsers: ${(error as Error).stack}`);
    failed++;
  } finally {
    await cleanUp();
    clearTimeout(watchdog);
  }
  console.log(`browsers: ${names.join(', ')} in ${seconds(started)}`);
  console.log(`browsers: ${passed} passed, ${failed} failed`);
  return failed ? 1 : 0;
}

process.exitCode = await main();
