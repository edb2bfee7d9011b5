/**
 * `/_trove/analytics`: the report (summarizeAnalytics.ts) as one server-rendered HTML page, no
 * script: tiles of the totals, the searches by day (an inline SVG chart, with the numbers in a
 * table beside it), the queries without results, the top queries with their click-through rate
 * and mean click position, the posts opened most, the related posts followed, the filters chosen
 * and the clicks by position; a form for the date range and the collection, and the exports of the
 * same range. Every text from readers (queries, titles, filters) is escaped by `html`.
 */
import { OTHER_KEY } from './analyticsMetrics.ts';
import { analyticsStyles } from './analyticsStyles.ts';
import { html, raw, type SafeHtml } from './html.ts';
import type { AnalyticsReport, PostRow, QueryRow } from './summarizeAnalytics.ts';

export interface PageLinks {
  /** The write token the page was asked with (kept in its links and its form), if any. */
  token?: string;
}

const number = new Intl.NumberFormat('en');
const decimal = new Intl.NumberFormat('en', { maximumFractionDigits: 1 });
const percent = new Intl.NumberFormat('en', { style: 'percent', maximumFractionDigits: 0 });
const dash = raw('<span class="dim">–</span>');
const count = (n: number) => number.format(n);
const maybe = (n: number | null, format: Intl.NumberFormat) => (n === null ? dash : format.format(n));

/** A link kept safe: a site path or an http(s) address, else none. */
function safeHref(url: string): string | null {
  if (/[\u0000-\u001f\u007f\\]/.test(url)) return null;
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  return /^https?:\/\/[^/]/i.test(url) ? url : null;
}

function queryCell(row: QueryRow): SafeHtml {
  return row.query === null
    ? html`<span class="other">Other queries (past the daily limit)</span>`
    : html`<span class="query">${row.query}</span>`;
}

function postCell(row: PostRow): SafeHtml {
  if (row.id === OTHER_KEY) return html`<span class="other">Other posts (past the daily limit)</span>`;
  const label = row.title || row.url || `Post ${row.id}`;
  const href = safeHref(row.url);
  return href ? html`<a href="${href}">${label}</a>` : html`${label}`;
}

/** `category:"Web design"` as a chip: the field, then the value. */
function filterChip(filter: string): SafeHtml {
  const match = /^([^:]+):"((?:[^"\\]|\\.)*)"$/.exec(filter);
  if (!match) return html`<span class="chip">${filter}</span>`;
  const value = match[2]!.replace(/\\(.)/g, '$1');
  return html`<span class="chip" title="${filter}"><span class="field">${match[1]!.replace(/_sa$/, '')}:</span> ${value}</span>`;
}

function empty(text: string): SafeHtml {
  return html`<p class="empty">${text}</p>`;
}

/** A table in a box that scrolls sideways when it must (focusable, so a keyboard can scroll it), named by `label`'s element. */
function table(label: string, head: SafeHtml, rows: SafeHtml[]): SafeHtml {
  return html`<div class="scroll" tabindex="0" role="group" aria-labelledby="${label}"><table><thead>${head}</thead><tbody>${rows}</tbody></table></div>`;
}

/** Searches by day: stacked bars (searches, then typed queries), a mark under days with searches that found nothing. */
function dayChart(days: AnalyticsReport['days']): SafeHtml {
  const width = 1000;
  const height = 200;
  const max = Math.max(1, ...days.map((d) => d.searches + d.typed));
  const step = width / days.length;
  const bar = Math.max(1, step * 0.7);
  const scale = (n: number) => (n / max) * (height - 14);
  const rects = days.map((d, i) => {
    const x = (i * step + (step - bar) / 2).toFixed(1);
    const searches = scale(d.searches);
    const typed = scale(d.typed);
    const label = `${d.day}: ${count(d.searches)} searches, ${count(d.typed)} typed, ${count(d.empty)} without results`;
    return html`<g><title>${label}</title>
      <rect class="searches" x="${x}" y="${(height - 4 - searches).toFixed(1)}" width="${bar.toFixed(1)}" height="${searches.toFixed(1)}"/>
      <rect class="typed" x="${x}" y="${(height - 4 - searches - typed).toFixed(1)}" width="${bar.toFixed(1)}" height="${typed.toFixed(1)}"/>
      ${d.empty > 0 ? html`<rect class="empty-bar" x="${x}" y="${height - 3}" width="${bar.toFixed(1)}" height="3"/>` : ''}
    </g>`;
  });
  const middle = days[Math.floor((days.length - 1) / 2)]!;
  return html`<div class="chart">
    <div class="axis-labels"><span>${count(max)} a day at most</span></div>
    <svg viewBox="0 0 ${width} ${height}" preserveAspectRatio="none" role="img" aria-label="Searches and typed queries per day, ${days[0]!.day} to ${days[days.length - 1]!.day}">
      <line class="axis" x1="0" y1="${height - 4}" x2="${width}" y2="${height - 4}" vector-effect="non-scaling-stroke"/>
      ${rects}
    </svg>
    <div class="axis-labels"><span>${days[0]!.day}</span>${days.length > 2 ? html`<span class="hide-narrow">${middle.day}</span>` : ''}<span>${days[days.length - 1]!.day}</span></div>
    <ul class="legend"><li class="searches">Searches</li><li class="typed">Typed in the search box</li><li class="empty-bar">A search found nothing that day</li></ul>
    <details><summary id="h-by-day">The numbers by day</summary>${table(
      'h-by-day',
      html`<tr><th scope="col">Day</th><th scope="col">Searches</th><th scope="col">Typed</th><th scope="col">Without results</th></tr>`,
      [...days]
        .reverse()
        .map((d) => html`<tr><td>${d.day}</td><td>${count(d.searches)}</td><td>${count(d.typed)}</td><td>${count(d.empty)}</td></tr>`),
    )}</details>
  </div>`;
}

function positionBars(title: string, counts: number[], part: string): SafeHtml {
  const shown = counts.slice(0, 10);
  const max = Math.max(1, ...shown);
  return html`<div data-part="${part}"><h3>${title}</h3>${
    shown.length === 0
      ? empty('No clicks yet.')
      : html`<ol class="bars">${shown.map(
          (n, i) =>
            html`<li data-position="${i + 1}" data-count="${n}"><span>${i + 1}${ordinalSuffix(i + 1)}</span><span class="track" aria-hidden="true"><span class="fill" style="inline-size: ${((n / max) * 100).toFixed(1)}%"></span></span><span class="count">${count(n)}</span></li>`,
        )}</ol>`
  }</div>`;
}

function ordinalSuffix(n: number): string {
  const tens = n % 100;
  return tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
}

export function renderAnalyticsPage(report: AnalyticsReport, links: PageLinks = {}): string {
  const t = report.totals;
  const scopeValue = report.scope ? `${report.scope.project}/${report.scope.collection}` : '';
  const exportQuery = new URLSearchParams({ from: report.from, to: report.to });
  if (report.scope) exportQuery.set('collection', scopeValue);
  if (links.token) exportQuery.set('token', links.token);
  const clicks = t.searchClicks + t.suggestionClicks;

  const body = html`<main class="page" id="trove-analytics">
  <header class="top">
    <div>
      <h1>What readers search for</h1>
      <p class="sub">${report.scope ? html`<span class="chip">${scopeValue}</span> ` : 'All collections, '}${report.from} to ${report.to} (UTC days)</p>
    </div>
    <form class="range" method="get" action="/_trove/analytics">
      <label>From <input type="date" name="from" value="${report.from}" required></label>
      <label>To <input type="date" name="to" value="${report.to}" required></label>
      ${
        report.collections.length > 1
          ? html`<label>Collection <select name="collection"><option value="">All</option>${report.collections.map((c) => {
              const value = `${c.project}/${c.collection}`;
              return html`<option value="${value}"${value === scopeValue ? raw(' selected') : ''}>${value}</option>`;
            })}</select></label>`
          : report.scope
            ? html`<input type="hidden" name="collection" value="${scopeValue}">`
            : ''
      }
      ${links.token ? html`<input type="hidden" name="token" value="${links.token}">` : ''}
      <button class="button" type="submit">Show</button>
    </form>
  </header>

  <dl class="tiles">
    <div class="tile"><dt>Searches</dt><dd><span data-part="searches">${count(t.searches)}</span></dd></div>
    <div class="tile"><dt>Typed queries</dt><dd><span data-part="typed">${count(t.typed)}</span><small>in the search box, once per query</small></dd></div>
    <div class="tile"><dt>Visitors searching</dt><dd><span data-part="sessions">${count(t.sessions)}</span><small>sessions, counted per day</small></dd></div>
    <div class="tile is-gap"><dt>Searches without results</dt><dd><span data-part="empty-searches">${count(t.emptySearches)}</span><small>${count(t.emptyTyped)} typed queries without suggestions</small></dd></div>
    <div class="tile"><dt>Results opened</dt><dd><span data-part="search-clicks">${count(t.searchClicks)}</span><small>${t.searchClickRate === null ? 'no searches' : `${percent.format(t.searchClickRate)} of searches`}</small></dd></div>
    <div class="tile"><dt>Suggestions chosen</dt><dd><span data-part="suggestion-clicks">${count(t.suggestionClicks)}</span></dd></div>
    <div class="tile"><dt>Related posts followed</dt><dd><span data-part="related-clicks">${count(t.relatedClicks)}</span></dd></div>
  </dl>

  <div class="grid">
    <section class="card wide" aria-labelledby="h-days" data-part="days"><h2 id="h-days">Searches over time</h2>${dayChart(report.days)}</section>

    <section class="card" aria-labelledby="h-gap" data-part="no-results">
      <h2 id="h-gap">Queries with no results</h2>
      <p class="note">What readers looked for and did not find: ideas for posts to write (or words to add to the ones you have).</p>
      ${
        report.noResults.length === 0
          ? empty('No search came back empty.')
          : table(
              'h-gap',
              html`<tr><th scope="col">Query</th><th scope="col">Searches</th><th scope="col">Typed</th></tr>`,
              report.noResults.map(
                (r) => html`<tr><td>${queryCell(r)}</td><td>${count(r.emptySearches)}</td><td>${count(r.emptyTyped)}</td></tr>`,
              ),
            )
      }
    </section>

    <section class="card" aria-labelledby="h-queries" data-part="queries">
      <h2 id="h-queries">Top queries</h2>
      <p class="note">Click rate: results opened and suggestions chosen per search or typed query; position: where the clicked one was (1 = first).</p>
      ${
        report.queries.length === 0
          ? empty('No searches in these days.')
          : table(
              'h-queries',
              html`<tr><th scope="col">Query</th><th scope="col">Searches</th><th scope="col">Typed</th><th scope="col" class="hide-narrow">Results</th><th scope="col">Click rate</th><th scope="col">Position</th></tr>`,
              report.queries.map(
                (r) =>
                  html`<tr><td>${queryCell(r)}</td><td>${count(r.searches)}</td><td>${count(r.typed)}</td><td class="hide-narrow">${maybe(r.meanResults, decimal)}</td><td>${maybe(r.clickRate, percent)}</td><td>${maybe(r.meanPosition, decimal)}</td></tr>`,
              ),
            )
      }
    </section>

    <section class="card" aria-labelledby="h-posts" data-part="posts">
      <h2 id="h-posts">Posts readers open most</h2>
      <p class="note">From search results, from suggestions and from related posts.</p>
      ${
        report.posts.length === 0
          ? empty('No post opened yet.')
          : table(
              'h-posts',
              html`<tr><th scope="col">Post</th><th scope="col">Search</th><th scope="col">Suggest</th><th scope="col">Related</th></tr>`,
              report.posts.map(
                (p) =>
                  html`<tr data-id="${p.id}"><td>${postCell(p)}</td><td>${count(p.search)}</td><td>${count(p.suggestion)}</td><td>${count(p.related)}</td></tr>`,
              ),
            )
      }
    </section>

    <section class="card" aria-labelledby="h-sources" data-part="related-sources">
      <h2 id="h-sources">Related posts followed, by the post they were under</h2>
      ${
        report.relatedSources.length === 0
          ? empty('No related post followed yet.')
          : table(
              'h-sources',
              html`<tr><th scope="col">Post</th><th scope="col">Clicks</th></tr>`,
              report.relatedSources.map((p) => html`<tr data-id="${p.id}"><td>${postCell(p)}</td><td>${count(p.related)}</td></tr>`),
            )
      }
    </section>

    <section class="card" aria-labelledby="h-filters" data-part="filters">
      <h2 id="h-filters">Filters chosen from suggestions</h2>
      ${
        report.filters.length === 0
          ? empty('No topic, tag or author suggestion chosen yet.')
          : table(
              'h-filters',
              html`<tr><th scope="col">Filter</th><th scope="col">Chosen</th></tr>`,
              report.filters.map((f) => html`<tr><td>${filterChip(f.filter)}</td><td>${count(f.count)}</td></tr>`),
            )
      }
    </section>

    <section class="card" aria-labelledby="h-positions">
      <h2 id="h-positions">Clicks by position</h2>
      <p class="note">${count(clicks)} clicks on results and suggestions, ${count(t.relatedClicks)} on related posts.</p>
      <div class="positions">
        ${positionBars('Search results', report.positions.search, 'search-positions')}
        ${positionBars('Suggestions', report.positions.suggestion, 'suggestion-positions')}
        ${positionBars('Related posts', report.positions.related, 'related-positions')}
      </div>
    </section>
  </div>

  <footer>
    <p>Export these days: <a href="/_trove/analytics.json?${exportQuery.toString()}">JSON</a> · <a href="/_trove/analytics.csv?${exportQuery.toString()}">CSV</a> (one row per day and query).</p>
    <p>Counted by this service without personal data: no IP address, no user id, no cookie; a visitor's session is counted through a hash that changes every day. A result counts as opened when its page asks for its related posts.</p>
  </footer>
</main>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="robots" content="noindex">
<title>What readers search for · Trove analytics</title>
<style>${analyticsStyles}</style>
</head>
<body>
${body.value}
</body>
</html>
`;
}
