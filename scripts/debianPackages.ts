import { readFileSync } from 'node:fs';

/** What one `ensure…` script installs: its packages (shown in the command it prints) and those installed alongside. */
export interface PackageList {
  packages: string[];
  alongside?: string[];
}

/**
 * The Debian packages the tests need, by the `ensure…` script that installs them: written once,
 * in scripts/debianPackages.json, which `.ci/run` reads too (with node, before `npm ci`).
 */
export const debianPackages = JSON.parse(readFileSync(new URL('./debianPackages.json', import.meta.url), 'utf8')) as Record<
  'chromium' | 'php' | 'postgres' | 'siteGenerators' | 'wordpress' | 'browsers',
  PackageList
>;
