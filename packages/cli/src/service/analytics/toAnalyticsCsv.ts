import type { Counter } from './AnalyticsStore.ts';
import { dailyQueryRows } from './summarizeAnalytics.ts';

const HEADER = [
  'date',
  'project',
  'collection',
  'query',
  'searches',
  'typed',
  'searches_without_results',
  'typed_without_suggestions',
  'mean_results',
  'clicks',
  'click_rate',
  'mean_click_position',
];

/**
 * A CSV cell: quoted when it holds a comma, a quote or a line break; text a spreadsheet would run
 * as a formula (`=`, `+`, `-`, `@`, tab, carriage return first) gets a leading `'`.
 */
function cell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(Math.round(value * 1000) / 1000);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The analytics export: one row per day, collection and query (queries past the daily cap: `(other)`). */
export function toAnalyticsCsv(counters: readonly Counter[]): string {
  const lines = [HEADER.join(',')];
  for (const row of dailyQueryRows(counters)) {
    lines.push(
      [
        row.day,
        row.project,
        row.collection,
        row.query ?? '(other)',
        row.searches,
        row.typed,
        row.emptySearches,
        row.emptyTyped,
        row.meanResults,
        row.clicks,
        row.clickRate,
        row.meanPosition,
      ]
        .map(cell)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
