import { html } from '../html.ts';
import { layout } from '../layout.ts';
import type { SiteContext } from './SiteContext.ts';
import { termList } from './parts.ts';

/** `/search`: the box in the header drives `<trove-search-results>`; `q`, `filter`, `page`, `sort` live in the URL. */
export function searchPage(ctx: SiteContext, q: string): string {
  const body = html`<div class="wrap">
  <header class="page-head">
    <p class="kicker">Search</p>
    <h1>Search the blog</h1>
    <p class="page-sub">${ctx.blog.posts.length} posts, searchable by title and text. Narrow them down by topic, tag, author or year.</p>
  </header>
  <trove-search-results sort-options="date desc:Newest, date asc:Oldest"></trove-search-results>
  <noscript>
    <div class="notice">
      <p>The search results need JavaScript. Meanwhile, browse by topic:</p>
      ${termList(ctx.blog.categories, '/category/', 20)}
    </div>
  </noscript>
</div>`;
  return layout({
    title: q ? `Search: ${q}` : 'Search',
    current: 'search',
    canonical: `${ctx.origin}/search`,
    topics: ctx.blog.categories,
    widgets: ctx.widgets,
    query: q,
    head: html`<meta name="robots" content="noindex">`,
    body,
  });
}
