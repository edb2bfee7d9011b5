import type { LaunchOptions } from '@playwright/test';

/** Debian's Chromium (`CHROMIUM_PATH` or /usr/bin/chromium), as the e2e tests and the bench launch it. */
export const chromiumLaunchOptions: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
