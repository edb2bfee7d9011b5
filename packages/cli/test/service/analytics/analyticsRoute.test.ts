/**
 * `/_trove/analytics` and its exports through the service: who may read them, the date range,
 * hostile text, and that nothing the service stores names a reader.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { get } from 'node:http';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { analyticsStyles } from '../../../src/service/analytics/analyticsStyles.ts';
import { type Running, startService } from '../startService.ts';

const V2 = '/api/v2/projects/demo/collections/blog';
const running: Running[] = [];
afterEach(async () => {
  for (const r of running.splice(0)) await r.stop();
});

async function start(options: Parameters<typeof startService>[0] = {}): Promise<Running> {
  const r = await startService({ seed: 60, ...options });
  running.push(r);
  return r;
}

/** Every file under `dir`, as text. */
function allFiles(dir: string): string {
  return readdirSync(dir)
    .map((name) => join(dir, name))
    .map((path) => (statSync(path).isDirectory() ? allFiles(path) : readFileSync(path, 'latin1')))
    .join('\n');
}

describe('/_trove/analytics', () => {
  it('takes the write token, never the read token, and refuses another site', async () => {
    const r = await start({ writeToken: 'write-secret' });
    for (const path of ['/_trove/analytics', '/_trove/analytics.json', '/_trove/analytics.csv']) {
      expect((await r.request(path)).status).toBe(401);
      expect((await r.request(`${path}?token=test-token`)).status).toBe(401);
      expect((await r.request(`${path}?token=write-secret`)).status).toBe(200);
      expect((await r.request(`${path}?token=write-secret`, { headers: { Origin: 'https://evil.example' } })).status).toBe(403);
    }
    // The page keeps the token in its links and its form, escaped.
    const page = (await r.request('/_trove/analytics?token=write-secret')).body as string;
    expect(page).toContain('href="/_trove/analytics.csv?from=');
    expect(page).toContain('&amp;token=write-secret"');
    expect(page).toContain('<input type="hidden" name="token" value="write-secret">');
  });

  it('answers over loopback without a write token, as indexing does', async () => {
    const r = await start();
    const page = await r.request('/_trove/analytics');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(page.body).toContain('<h1>What readers search for</h1>');
    // Addressed to another name (a page that rebinds its host name to 127.0.0.1): refused.
    const status = await new Promise<number>((resolve, reject) =>
      get(`${r.base}/_trove/analytics`, { headers: { Host: 'blog.example' } }, (res) => {
        res.resume();
        resolve(res.statusCode!);
      }).on('error', reject),
    );
    expect(status).toBe(403);
  });

  it('shows the searches of a date range, the content gap among them, and exports the same range', async () => {
    const r = await start();
    await r.request(`${V2}/search/default?q=zzqx&token=test-token&session_id=a`);
    await r.request(`${V2}/search/default?q=post&token=test-token&session_id=a`);
    const today = new Date().toISOString().slice(0, 10);
    const report = (await r.request(`/_trove/analytics.json?from=${today}&to=${today}`)).body;
    expect(report).toMatchObject({ from: today, to: today, totals: { searches: 2, emptySearches: 1, sessions: 1 } });
    expect(report.days).toEqual([{ day: today, searches: 2, typed: 0, empty: 1 }]);
    expect(report.noResults.map((q: { query: string }) => q.query)).toEqual(['zzqx']);
    // A range without today has nothing; one past the retention starts at its first kept day.
    const dayBefore = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
    const before = (await r.request(`/_trove/analytics.json?from=${dayBefore(9)}&to=${dayBefore(1)}`)).body;
    expect(before.totals.searches).toBe(0);
    expect(before.days).toHaveLength(9);
    const long = (await r.request(`/_trove/analytics.json?from=2000-01-01&to=${today}`)).body;
    expect(long.from).toBe(dayBefore(399));
    expect(long.totals.searches).toBe(2);
    const csv = await r.request(`/_trove/analytics.csv?from=${today}&to=${today}`);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="trove-analytics-${today}-${today}.csv"`);
    const lines = (csv.body as string).trim().split('\r\n');
    expect(lines[0]).toBe(
      'date,project,collection,query,searches,typed,searches_without_results,typed_without_suggestions,mean_results,clicks,click_rate,mean_click_position',
    );
    expect(lines.slice(1).map((line) => line.split(',').slice(0, 7).join(','))).toEqual([
      `${today},demo,blog,post,1,0,0`,
      `${today},demo,blog,zzqx,1,0,1`,
    ]);
    expect((await r.request('/_trove/analytics.csv?from=2020-01-01&to=2020-01-02')).body).toBe(`${lines[0]}\r\n`);
  });

  it('shows one collection when asked, and offers every collection counted', async () => {
    const r = await start();
    await r.request('/api/v2/projects/demo/collections/notes/documents?token=test-token', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify([{ id: 1, title: 'Field notes on "quoted" <things>', content: 'x', url: '/n/1' }]),
    });
    await r.request(`${V2}/search/default?q=post&token=test-token`);
    await r.request('/api/v2/projects/demo/collections/notes/search/default?q=field&token=test-token');
    const all = (await r.request('/_trove/analytics.json')).body;
    expect(all.scope).toBeNull();
    expect(all.totals.searches).toBe(2);
    expect(all.collections).toEqual([
      { project: 'demo', collection: 'blog' },
      { project: 'demo', collection: 'notes' },
    ]);
    const notes = (await r.request('/_trove/analytics.json?collection=demo/notes')).body;
    expect(notes.scope).toEqual({ project: 'demo', collection: 'notes' });
    expect(notes.queries.map((q: { query: string }) => q.query)).toEqual(['field']);
    const page = (await r.request('/_trove/analytics?collection=demo%2Fnotes')).body as string;
    expect(page).toContain('<option value="demo/notes" selected>demo/notes</option>');
    expect(page).toContain('<option value="demo/blog">demo/blog</option>');
    const csv = (await r.request('/_trove/analytics.csv?collection=demo/notes')).body as string;
    expect(
      csv
        .trim()
        .split('\r\n')
        .slice(1)
        .map((line) => line.split(',')[3]),
    ).toEqual(['field']);
  });

  it('answers 400 to a malformed or reversed range', async () => {
    const r = await start();
    for (const query of ['from=2026-13-01', 'to=yesterday', 'from=2026-02-30', 'from=2026-03-02&to=2026-03-01']) {
      const answer = await r.request(`/_trove/analytics.json?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body.error).toMatch(/Invalid/);
    }
  });

  it('escapes hostile query text and titles on the page, and keeps formulas out of the CSV', async () => {
    const r = await start();
    const hostile = '<img src=x onerror=alert(1)>"\'&';
    await r.request(`${V2}/search/default?q=${encodeURIComponent(hostile)}&token=test-token`);
    await r.request(`${V2}/search/default?q=${encodeURIComponent('=HYPERLINK("http://x")')}&token=test-token`);
    await r.request(`${V2}/recommend/feedback/hits?token=test-token`, {
      method: 'POST',
      body: new URLSearchParams({
        source_id: '1',
        target_id: '2',
        target_title: '</td><script>alert(2)</script>',
        target_url: 'javascript:alert(3)',
        item_order: '1',
      }),
    });
    const page = (await r.request('/_trove/analytics')).body as string;
    expect(page).not.toContain('<img src=x');
    expect(page).not.toContain('<script>');
    expect(page).not.toContain('javascript:');
    expect(page).toContain('&lt;img src=x onerror=alert(1)&gt;&quot;&#39;&amp;');
    expect(page).toContain('&lt;/td&gt;&lt;script&gt;alert(2)&lt;/script&gt;');
    const csv = (await r.request('/_trove/analytics.csv')).body as string;
    expect(csv).toContain(`,"'=HYPERLINK(""http://x"")",`);
    expect(csv).toContain(`,"<img src=x onerror=alert(1)>""'&",`);
  });

  it('answers 404 when analytics are off', async () => {
    const r = await start({ analytics: false });
    await r.request(`${V2}/search/default?q=post&token=test-token`);
    expect((await r.request('/_trove/analytics')).status).toBe(404);
  });

  it('stores no session id, user id or IP address: not in the analytics, not in the feedback log', async () => {
    const r = await start();
    const who = 'session_id=RAW-SESSION-8842&user_id=USER-5150&user_ip=203.0.113.77&user_country=NL';
    await r.request(`${V2}/autocomplete/?q=pos&token=test-token&${who}`);
    const hits = (await r.request(`${V2}/search/default?q=post&token=test-token&${who}`)).body.response.results;
    await r.request(`${V2}/recommend/?id=${hits[2].id}&token=test-token&${who}`);
    await r.request(`${V2}/autocomplete/feedback/hits?token=test-token&${who}`, {
      method: 'POST',
      body: new URLSearchParams({ query: 'pos', item_order: '1' }),
    });
    await r.request(`${V2}/recommend/feedback/hits?token=test-token`, {
      method: 'POST',
      body: new URLSearchParams({
        source_id: '1',
        target_id: '2',
        item_order: '1',
        session_id: 'RAW-SESSION-8842',
        user_id: 'USER-5150',
        user_ip: '203.0.113.77',
      }),
    });
    const report = (await r.request('/_trove/analytics.json')).body;
    expect(report.totals).toMatchObject({ searches: 1, typed: 1, sessions: 1, searchClicks: 1, suggestionClicks: 1, relatedClicks: 1 });
    expect(report.positions.search).toEqual([0, 0, 1]);
    const log = (await r.request('/_trove/feedback')).body;
    expect(log).toHaveLength(2);
    expect(log[0].params).toEqual({ query: 'pos', item_order: '1', user_country: 'NL' });
    await r.service.close(); // everything written
    const stored = allFiles(r.dataDir);
    expect(stored).toContain('"post"'); // the analytics are there…
    for (const secret of ['RAW-SESSION-8842', 'USER-5150', '203.0.113.77', 'user_id', 'user_ip', 'session_id']) {
      expect(stored, secret).not.toContain(secret); // …but no identifier
    }
  });
});

describe('the analytics page styles', () => {
  it('use only the custom properties the widgets declare (src/styles/base.css)', () => {
    const base = readFileSync(new URL('../../../../widgets/src/styles/base.css', import.meta.url), 'utf8');
    const declared = new Set(base.match(/--trove-[a-z-]+/g));
    const used = new Set(analyticsStyles.match(/--trove-[a-z-]+/g));
    expect(used.size).toBeGreaterThan(10);
    expect([...used].filter((name) => !declared.has(name))).toEqual([]);
  });
});
