/**
 * `GET /_trove/analytics` (the page), `/_trove/analytics.json` (the report) and
 * `/_trove/analytics.csv` (a row per day and query): `from` and `to` (`YYYY-MM-DD`, UTC days,
 * inclusive; default the last 30 days; a range longer than the retention starts at its first
 * kept day; malformed → 400) and `collection` (`project/collection`; default all). Access is
 * createService.ts's rule for the helpers (the write token, or loopback without one).
 */
import type { ServerResponse } from 'node:http';
import { LIMITS } from '../limits.ts';
import { sendJson } from '../sendJson.ts';
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

export async function analyticsRoute(
  res: ServerResponse,
  path: (typeof ANALYTICS_PATHS)[number],
  params: URLSearchParams,
  analytics: Analytics,
  now: number = Date.now(),
): Promise<void> {
  const today = dayOf(now);
  const invalid = (name: string, value: string) =>
    sendJson(res, 400, { error: `Invalid ${name} ${JSON.stringify(value)}: a day written YYYY-MM-DD` });
  const to = params.get('to') || today;
  if (!isDay(to)) return invalid('to', to);
  const from = params.get('from') || addDays(to, -(DEFAULT_DAYS - 1));
  if (!isDay(from)) return invalid('from', from);
  if (from > to) return sendJson(res, 400, { error: `Invalid range: from ${from} is after to ${to}` });
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
    res.writeHead(200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="trove-analytics-${start}-${to}.csv"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    });
    return void res.end(toAnalyticsCsv(counters));
  }
  const report = summarizeAnalytics(record, start, to, scope);
  if (path === '/_trove/analytics.json') return sendJson(res, 200, report);
  const page = renderAnalyticsPage(report, { token: params.get('token') ?? undefined });
  res.writeHead(200, {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Security-Policy': PAGE_POLICY,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
  });
  res.end(page);
}
