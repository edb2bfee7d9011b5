import { html } from '../html.ts';
import { layout } from '../layout.ts';
import type { SiteContext } from './SiteContext.ts';
import { postCard } from './parts.ts';

/** The 404 page: says so plainly, offers search and the latest posts. */
export function notFoundPage(ctx: SiteContext, path: string): string {
  const body = html`<div class="wrap">
  <section class="not-found">
    <p class="not-found-code" aria-hidden="true">404</p>
    <h1>This page is not here</h1>
    <p>Nothing lives at <code>${path}</code>. It may have moved, or the link may be mistyped. Try the search box above, or start from one of the latest posts.</p>
    <p class="actions"><a class="button" href="/">Back to the home page</a> <a class="button button-quiet" href="/search">Search the blog</a></p>
  </section>
  <h2 class="section-title">Latest posts</h2>
  <div class="card-grid">${ctx.blog.posts.slice(0, 3).map((p) => postCard(p))}</div>
</div>`;
  return layout({
    title: 'Page not found',
    topics: ctx.blog.categories,
    widgets: ctx.widgets,
    head: html`<meta name="robots" content="noindex">`,
    body,
  });
}
