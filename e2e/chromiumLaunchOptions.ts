import type { LaunchOptions } from '@playwright/test';
import { chromiumPath } from './browsers/paths.ts';

/** Debian's Chromium (`CHROMIUM_PATH` or /usr/bin/chromium), as the e2e tests and the bench launch it. */
export const chromiumLaunchOptions: LaunchOptions = {
  executablePath: chromiumPath(),
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
