/**
 * The answers of `GET /_trove/analytics` (the page), `/_trove/analytics.json` (the report) and
 * `/_trove/analytics.csv` (a row per day and query), which http/handleHelper.ts sends: `from` and
 * `to` (`YYYY-MM-DD`, UTC days, inclusive; default the last 30 days; a range longer than the
 * retention starts at its first kept day; malformed → 400) and `collection`
 * (`project/collection`; default all). Access is the helpers' rule (http/createAccess.ts: the
 * write token, or loopback without one), checked before.
 */
import { LIMITS } from '../limits.ts';
import type { Analytics } from './createAnalytics.ts';
import { addDays, dayOf, isDay } from './dayOf.ts';
import { renderAnalyticsPage } from './renderAnalyticsPage.ts';
import { type Scope, summarizeAnalytics } from './summarizeAnalytics.ts';
import { toAnalyticsCsv } from './toAnalyticsCsv.ts';

export const ANALYTICS_PATHS = ['/_trove/analytics', '/_trove/analytics.json', '/_trove/analytics.csv'] as const;

/** Days shown when the request names none. */
const DEFAULT_DAYS = 30;

/** The page may not run scripts, load anything from elsewhere or be framed. */
const PAGE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

export interface HelperAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const json = (status: number, payload: unknown): HelperAnswer => ({
  status,
  headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
  body: JSON.stringify(payload),
});

export async function answerAnalytics(
  path: (typeof ANALYTICS_PATHS)[number],
  params: URLSearchParams,
  analytics: Analytics,
  now: number = Date.now(),
): Promise<HelperAnswer> {
  const today = dayOf(now);
  const invalid = (name: string, value: string) =>
    json(400, { error: `Invalid ${name} ${JSON.stringify(value)}: a day written YYYY-MM-DD` });
  const to = params.get('to') || today;
  if (!isDay(to)) return invalid('to', to);
  const from = params.get('from') || addDays(to, -(DEFAULT_DAYS - 1));
  if (!isDay(from)) return invalid('from', from);
  if (from > to) return json(400, { error: `Invalid range: from ${from} is after to ${to}` });
  const kept = addDays(today, -(LIMITS.analyticsDays - 1));
  const start = from < kept ? (kept > to ? to : kept) : from;
  const asked = params.get('collection') ?? '';
  const slash = asked.indexOf('/');
  const scope: Scope | null = slash > 0 ? { project: asked.slice(0, slash), collection: asked.slice(slash + 1) } : null;

  const record = await analytics.read(start, to);
  if (path === '/_trove/analytics.csv') {
    const counters = record.counters.filter(
      (c) => c.day >= start && c.day <= to && (!scope || (c.project === scope.project && c.collection === scope.collection)),
    );
    return {
      status: 200,
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="trove-analytics-${start}-${to}.csv"`,
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
      },
      body: toAnalyticsCsv(counters),
    };
  }
  const report = summarizeAnalytics(record, start, to, scope);
  if (path === '/_trove/analytics.json') return json(200, report);
  return {
    status: 200,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Content-Security-Policy': PAGE_POLICY,
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
    },
    body: renderAnalyticsPage(report, { token: params.get('token') ?? undefined }),
  };
}
