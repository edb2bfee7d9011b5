/**
 * The platform tests (test/cli/page/readPagePlatforms.test.ts, folderSource.test.ts, the e2e of
 * sites by address) need Jekyll and Hugo: they must never pass silently without them in CI.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildSite, missingGenerator, skipWithoutGenerator } from '../sites/buildSite.ts';

describe('a missing site generator', () => {
  const path = process.env.PATH;
  const ci = process.env.CI;
  afterEach(() => {
    process.env.PATH = path;
    if (ci === undefined) delete process.env.CI;
    else process.env.CI = ci;
    vi.restoreAllMocks();
  });

  it('is named with the command that installs it', () => {
    process.env.PATH = '/nonexistent';
    expect(missingGenerator('jekyll')).toMatch(
      /Jekyll .* is not installed \(apt-get install -y jekyll jekyll-theme-minima ruby-jekyll-feed/,
    );
    expect(missingGenerator('hugo')).toMatch(/is not installed \(apt-get install -y hugo\)/);
  });

  it('skips its tests outside CI, saying why', () => {
    process.env.PATH = '/nonexistent';
    delete process.env.CI;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(skipWithoutGenerator('hugo')).toBe(true);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('skipped: Hugo'));
  });

  it('never skips them in CI, where building the site fails the test', async () => {
    process.env.PATH = '/nonexistent';
    process.env.CI = 'true';
    expect(skipWithoutGenerator('hugo')).toBe(false);
    await expect(buildSite('hugo', { siteUrl: 'https://missing-generator.example' })).rejects.toThrow('cannot build the hugo test site');
  });
});
