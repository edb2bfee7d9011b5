import { existsSync, readdirSync } from 'node:fs';

/** Where the browsers are (e2e/browsers/drivers.ts, e2e/chromiumLaunchOptions.ts) and what scripts/ensureBrowsers.ts and ensureChromium.ts look for. */
export const DEFAULT_CHROMIUM = '/usr/bin/chromium';
export const DEFAULT_FIREFOX = '/usr/bin/firefox-esr';
export const firefoxPath = (env: NodeJS.ProcessEnv = process.env) => env.FIREFOX_PATH || DEFAULT_FIREFOX;
export const chromiumPath = (env: NodeJS.ProcessEnv = process.env) => env.CHROMIUM_PATH || DEFAULT_CHROMIUM;

/** WebKitGTK's MiniBrowser (`MINIBROWSER_PATH`, else Debian's under /usr/lib/<arch>/webkit2gtk-4.x/). */
export function findMiniBrowser(env: NodeJS.ProcessEnv = process.env, exists = existsSync): string | undefined {
  if (env.MINIBROWSER_PATH) return exists(env.MINIBROWSER_PATH) ? env.MINIBROWSER_PATH : undefined;
  for (const arch of exists('/usr/lib') ? readdirSync('/usr/lib') : []) {
    for (const api of ['webkit2gtk-4.1', 'webkit2gtk-4.0', 'webkitgtk-6.0']) {
      const path = `/usr/lib/${arch}/${api}/MiniBrowser`;
      if (exists(path)) return path;
    }
  }
}
