import { type Browser, chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/chromiumLaunchOptions.ts';

/** Debian's Chromium with the e2e tests' launch options. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ ...chromiumLaunchOptions, timeout: 30_000 });
}
