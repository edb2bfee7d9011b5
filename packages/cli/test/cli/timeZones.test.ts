/**
 * The same feed gives the same dates on every machine: the command itself runs under TZ=UTC and
 * TZ=Asia/Tokyo (a child process per zone, as a user would run it) and prints the same documents.
 */
import { execFile } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const root = new URL('../../', import.meta.url).pathname;
const feed = 'test/cli/fixtures/feeds/dates.rss.xml';

function dryRun(zone: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'src/cli/main.ts', 'index', feed, '--dry-run'],
      { cwd: root, env: { ...process.env, TZ: zone }, timeout: 60_000 },
      (error, stdout, stderr) => resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('trove index under different time zones', () => {
  it('prints the same dates under TZ=UTC and TZ=Asia/Tokyo, zone-less dates read as UTC', { timeout: 60_000 }, async () => {
    const [utc, tokyo] = await Promise.all([dryRun('UTC'), dryRun('Asia/Tokyo')]);
    expect(tokyo.stdout).toBe(utc.stdout);
    const dates = (JSON.parse(utc.stdout) as { title: string; date?: string }[]).map((d) => [d.title, d.date]);
    expect(dates).toEqual([
      ['Zone-less, space', '2024-03-05T14:00:00.000Z'],
      ['RFC 822, GMT', '2024-03-05T14:00:00.000Z'],
      ['RFC 822, EST', '2024-03-05T14:00:00.000Z'],
      ['RFC 822, CEST, no seconds', '2024-07-05T14:00:00.000Z'],
      ['RFC 822, numeric offset', '2024-03-05T14:00:00.000Z'],
      ['RFC 822, zone-less', '2024-03-05T14:00:00.000Z'],
      ['ISO 8601 with offset', '2024-03-05T14:00:00.000Z'],
      ['ISO 8601, zone-less', '2024-03-05T14:00:00.000Z'],
      ['ISO 8601, date only', '2024-03-05T00:00:00.000Z'],
      ['dc:date', '2024-03-05T14:00:00.000Z'],
      ['Impossible', undefined],
    ]);
    for (const run of [utc, tokyo]) {
      expect(run.stderr).toContain(
        'item 11 "Impossible": date "Tue, 31 Feb 2024 10:00:00 GMT" is an impossible date (February 2024 has 29 days); left out',
      );
      expect(run.code).toBe(0);
    }
  });
});
