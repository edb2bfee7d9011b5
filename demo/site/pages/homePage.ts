import { html } from '../html.ts';
import { layout, siteName, siteTagline } from '../layout.ts';
import { pageSize, type SiteContext } from './SiteContext.ts';
import { pagination, postCard, withSidebar } from './parts.ts';

/** `/` and `/?page=N`: the newest posts, 12 a page; `undefined` when the page is past the end. */
export function homePage(ctx: SiteContext, page: number): string | undefined {
  const { posts } = ctx.blog;
  const pages = Math.max(1, Math.ceil(posts.length / pageSize));
  if (page > pages) return undefined;
  const slice = posts.slice((page - 1) * pageSize, page * pageSize);
  const [first, ...rest] = slice;
  const featured = page === 1 && first;
  const list = featured ? rest : slice;
  const href = (n: number) => (n === 1 ? '/' : `/?page=${n}`);
  const body = html`<div class="wrap">
  ${
    page === 1
      ? html`<section class="hero">
    <h1>${siteName}</h1>
    <p>${siteTagline}. ${posts.length} posts over ten years — try the search box above.</p>
  </section>`
      : html`<header class="page-head"><p class="kicker">Archive</p><h1>Older posts</h1><p class="page-sub">Page ${page} of ${pages}</p></header>`
  }
  ${withSidebar(
    html`${featured ? postCard(featured, 'featured') : ''}
      <h2 class="section-title">${page === 1 ? 'Latest posts' : html`Posts ${(page - 1) * pageSize + 1}–${(page - 1) * pageSize + slice.length}`}</h2>
      <div class="card-grid">${list.map((p) => postCard(p))}</div>
      ${pagination(page, pages, href)}`,
    ctx.blog.categories,
    ctx.blog.tags,
  )}
</div>`;
  return layout({
    title: page === 1 ? siteName : `Older posts, page ${page}`,
    current: 'home',
    canonical: `${ctx.origin}${href(page)}`,
    topics: ctx.blog.categories,
    widgets: ctx.widgets,
    body,
  });
}
