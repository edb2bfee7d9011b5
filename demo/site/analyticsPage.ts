/**
 * `/analytics` of the demo blog: the clicks the widgets reported to the local service (its
 * feedback log, `GET /_trove/feedback`), drawn as charts that refresh every 2 seconds while you
 * click around the demo in another tab — suggestion and related-post clicks by position, the most
 * clicked posts and the most used filter suggestions, plus the latest clicks.
 *
 * The page is rendered here; the browser part is plain JavaScript in `analytics/` (no build
 * step, so it works the same under Vite and under the e2e server), inlined as one module script.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath, URL as NodeURL } from 'node:url';
import { generatePosts } from '../../src/service/sample/generatePosts.ts';
import type { AnalyticsPageContext, AnalyticsPageResult } from './createDemoSite.ts';
import { html, raw, scriptJson } from './html.ts';

const read = (name: string) => readFileSync(fileURLToPath(new NodeURL(`./analytics/${name}`, import.meta.url)), 'utf8');
let clientScript: string | undefined;
let titles: Record<string, string> | undefined;

/** Titles of the demo corpus by id, so clicks the log names only by id get a readable label. */
function corpusTitles(): Record<string, string> {
  titles ??= Object.fromEntries(generatePosts().map((post) => [String(post.id), post.title ?? '']));
  return titles;
}

const styles = `
.analytics { --an-ac: var(--accent, #c2410c); --an-rec: #0f766e; --an-filter: #6d28d9; padding-bottom: 3rem; }
@media (prefers-color-scheme: dark) { .analytics { --an-rec: #2dd4bf; --an-filter: #a78bfa; } }
.analytics .page-head { display: flex; flex-wrap: wrap; align-items: end; justify-content: space-between; gap: 0.5rem 1.5rem; }
.an-live { display: inline-flex; align-items: center; gap: 0.5rem; margin: 0; color: var(--muted, #57534e); font-size: 0.9rem; }
.an-dot { width: 0.6rem; height: 0.6rem; border-radius: 50%; background: var(--faint, #78716c); flex: none; }
.analytics[data-status="live"] .an-dot { background: #16a34a; box-shadow: 0 0 0 0 rgb(22 163 74 / 0.5); animation: an-pulse 2s infinite; }
.analytics[data-status="error"] .an-dot { background: #dc2626; }
.analytics[data-status="error"] .an-live { color: #b91c1c; }
@media (prefers-color-scheme: dark) { .analytics[data-status="error"] .an-live { color: #fca5a5; } }
@keyframes an-pulse { 70% { box-shadow: 0 0 0 0.5rem rgb(22 163 74 / 0); } 100% { box-shadow: 0 0 0 0 rgb(22 163 74 / 0); } }
.an-tiles { display: grid; grid-template-columns: repeat(auto-fit, minmax(10rem, 1fr)); gap: 1rem; margin: 0 0 1.5rem; padding: 0; }
.an-tile { margin: 0; padding: 1rem 1.1rem; border: 1px solid var(--line, #e7e5e4); border-radius: var(--radius, 14px); background: var(--surface, #fff); }
.an-tile dt { color: var(--muted, #57534e); font-size: 0.85rem; }
.an-tile dd { margin: 0.15rem 0 0; font-size: 2rem; font-weight: 700; line-height: 1.1; font-variant-numeric: tabular-nums; }
.an-tile dd.is-time { font-size: 1.35rem; font-weight: 600; padding-top: 0.35rem; }
.an-tile small { display: block; color: var(--faint, #78716c); font-size: 0.8rem; font-weight: 400; }
.an-tile.is-ac dd { color: var(--an-ac); } .an-tile.is-rec dd { color: var(--an-rec); }
.analytics.is-fresh .an-tile.is-total { animation: an-flash 1.2s ease-out; }
@keyframes an-flash { from { background: var(--accent-soft, #fff1e7); } to { background: var(--surface, #fff); } }
.an-grid { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(100%, 30rem), 1fr)); gap: 1.25rem; }
.an-card { margin: 0; padding: 1.1rem 1.25rem 1.25rem; border: 1px solid var(--line, #e7e5e4); border-radius: var(--radius, 14px); background: var(--surface, #fff); box-shadow: var(--shadow, none); min-width: 0; }
.an-card h2 { margin: 0; font-size: 1.1rem; }
.an-card figcaption p { margin: 0.2rem 0 1rem; color: var(--muted, #57534e); font-size: 0.9rem; }
.an-empty { margin: 0; padding: 1.5rem 1rem; border: 1px dashed var(--line, #e7e5e4); border-radius: 10px; color: var(--muted, #57534e); text-align: center; font-size: 0.95rem; }
.an-columns { list-style: none; margin: 0; padding: 0; display: grid; grid-template-columns: repeat(var(--columns), minmax(0, 1fr)); gap: 0.4rem; height: 12rem; }
.an-col { display: grid; grid-template-rows: auto 1fr auto; align-items: end; text-align: center; min-width: 0; }
.an-col-value { font-size: 0.8rem; font-weight: 600; font-variant-numeric: tabular-nums; }
.an-col.is-zero .an-col-value { color: var(--faint, #78716c); font-weight: 400; }
.an-col-track { position: relative; height: 100%; display: flex; align-items: end; border-bottom: 2px solid var(--line, #e7e5e4); }
.an-col-bar { display: block; width: 100%; border-radius: 6px 6px 0 0; background: var(--an-color); transition: height 0.4s ease; }
.an-col-label { padding-top: 0.3rem; color: var(--muted, #57534e); font-size: 0.8rem; font-variant-numeric: tabular-nums; }
[data-part="autocomplete-positions"] { --an-color: var(--an-ac); } [data-part="recommendation-positions"] { --an-color: var(--an-rec); }
.an-axis { margin: 0.4rem 0 0; color: var(--faint, #78716c); font-size: 0.8rem; text-align: center; }
.an-bars { list-style: none; margin: 0; padding: 0; display: grid; grid-template-columns: minmax(0, 1fr); gap: 0.8rem; }
.an-bar-row { min-width: 0; }
.an-bar-head { display: flex; justify-content: space-between; gap: 1rem; align-items: baseline; }
.an-bar-label { min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; font-weight: 500; }
.an-bar-value { flex: none; font-weight: 700; font-variant-numeric: tabular-nums; }
.an-bar-detail { display: block; color: var(--faint, #78716c); font-size: 0.8rem; }
.an-bar-track { display: flex; height: 0.6rem; margin-top: 0.3rem; border-radius: 99px; background: var(--surface-2, #f3f1ec); overflow: hidden; }
.an-bar { display: block; height: 100%; transition: width 0.4s ease; }
.an-bar.is-autocomplete { background: var(--an-ac); } .an-bar.is-recommendation { background: var(--an-rec); } .an-bar.is-filter { background: var(--an-filter); }
.an-legend { display: flex; flex-wrap: wrap; gap: 0.4rem 1rem; margin: -0.5rem 0 1rem; padding: 0; list-style: none; color: var(--muted, #57534e); font-size: 0.85rem; }
.an-legend li::before { content: ""; display: inline-block; width: 0.75rem; height: 0.75rem; margin-right: 0.35rem; border-radius: 3px; vertical-align: -0.1em; background: var(--an-swatch); }
.an-legend .is-autocomplete { --an-swatch: var(--an-ac); } .an-legend .is-recommendation { --an-swatch: var(--an-rec); }
.an-latest { list-style: none; margin: 0; padding: 0; display: grid; gap: 0.5rem; }
.an-latest-item { display: flex; flex-wrap: wrap; align-items: baseline; gap: 0.25rem 0.6rem; padding: 0.5rem 0.7rem; border-left: 3px solid var(--an-ac); border-radius: 4px; background: var(--surface-2, #f3f1ec); font-size: 0.9rem; }
.an-latest-item.is-recommendation { border-left-color: var(--an-rec); }
.an-latest-kind { font-weight: 600; } .an-latest-pos { color: var(--muted, #57534e); font-variant-numeric: tabular-nums; }
.an-latest-text { flex: 1 1 12rem; min-width: 0; overflow-wrap: anywhere; }
.an-latest-time { color: var(--muted, #57534e); font-size: 0.8rem; }
.an-foot { margin-top: 1.5rem; color: var(--muted, #57534e); font-size: 0.9rem; }
@media (prefers-reduced-motion: reduce) { .analytics *, .analytics.is-fresh .an-tile.is-total { animation: none !important; transition: none !important; } }
`;

function card(part: string, title: string, caption: string, extra = raw('')) {
  return html`<figure class="an-card">
    <figcaption><h2 id="an-${part}-title">${title}</h2><p>${caption}</p></figcaption>
    ${extra}
    <div data-part="${part}" role="group" aria-labelledby="an-${part}-title"><p class="an-empty">Loading…</p></div>
  </figure>`;
}

/**
 * The `/analytics` page for `createDemoSite`'s shell: the charts' markup and styles, the corpus
 * titles, and the module script that polls `${baseUrl}/_trove/feedback`.
 */
export function renderAnalyticsPage(ctx: AnalyticsPageContext): AnalyticsPageResult {
  clientScript ??= `${read('summarizeFeedback.js')}\n${read('analyticsClient.js')}`;
  const base = (ctx.baseUrl || ctx.origin).replace(/\/+$/, '');
  const config = {
    feedbackUrl: `${base}/_trove/feedback`,
    apiBase: `${base}/`,
    token: ctx.token,
    project: ctx.project,
    collection: ctx.collection,
    titles: corpusTitles(),
    intervalMs: 2000,
  };
  const body = html`<div class="wrap analytics" id="trove-analytics" data-status="loading">
  <header class="page-head">
    <div>
      <p class="kicker">Analytics</p>
      <h1>Click analytics</h1>
      <p class="page-sub">What readers choose in the search suggestions and the related posts of this blog, from the feedback the widgets send to the service.</p>
    </div>
    <p class="an-live"><span class="an-dot" aria-hidden="true"></span><span data-part="status">Connecting…</span></p>
  </header>
  <p class="visually-hidden" role="status" aria-live="polite" data-part="announce"></p>
  <dl class="an-tiles">
    <div class="an-tile is-total"><dt>Clicks</dt><dd data-part="total">–</dd></div>
    <div class="an-tile is-ac"><dt>On suggestions</dt><dd><span data-part="autocomplete">–</span><small data-part="autocomplete-split"></small></dd></div>
    <div class="an-tile is-rec"><dt>On related posts</dt><dd data-part="recommendation">–</dd></div>
    <div class="an-tile"><dt>Last click</dt><dd class="is-time" data-part="last">–</dd></div>
  </dl>
  <div class="an-grid">
    ${card('autocomplete-positions', 'Suggestion clicks by position', 'Which place in the suggestion list people choose (1 = top).')}
    ${card('recommendation-positions', 'Related-post clicks by position', 'Which of the related posts at the end of an article people follow.')}
    ${card(
      'posts',
      'Most clicked posts',
      'Posts opened from a suggestion or from the related posts.',
      raw(
        '<ul class="an-legend" aria-hidden="true"><li class="is-autocomplete">From suggestions</li><li class="is-recommendation">From related posts</li></ul>',
      ),
    )}
    ${card('filters', 'Most used filter suggestions', 'Topic, tag and author chips chosen in the suggestions.')}
    ${card('latest', 'Latest clicks', 'Newest first.')}
  </div>
  <p class="an-foot">Refreshes every 2 seconds while this tab is visible: keep it open next to the blog and click around. The raw log is at <a href="${config.feedbackUrl}">/_trove/feedback</a>.</p>
</div>
<script type="module">
${raw(clientScript)}
startAnalytics(document.getElementById('trove-analytics'), ${scriptJson(config)});
</script>`;
  return { title: 'Click analytics', head: `<style>${styles}</style>`, body: body.value };
}
