import { html } from '../html.ts';
import { layout } from '../layout.ts';
import type { Post, Term } from '../createBlogIndex.ts';
import { pageSize, type SiteContext } from './SiteContext.ts';
import { pagination, postCard, withSidebar } from './parts.ts';

const kinds = {
  category: { base: '/category/', kicker: 'Topic' },
  tag: { base: '/tag/', kicker: 'Tag' },
  author: { base: '/author/', kicker: 'Author' },
} as const;

/** `/category/<slug>`, `/tag/<slug>`, `/author/<slug>` with `?page=`; `undefined` past the end. */
export function archivePage(
  ctx: SiteContext,
  kind: keyof typeof kinds,
  found: { term: Term; posts: Post[] },
  page: number,
): string | undefined {
  const { term, posts } = found;
  const pages = Math.max(1, Math.ceil(posts.length / pageSize));
  if (page > pages) return undefined;
  const { base, kicker } = kinds[kind];
  const path = `${base}${term.slug}`;
  const href = (n: number) => (n === 1 ? path : `${path}?page=${n}`);
  const slice = posts.slice((page - 1) * pageSize, page * pageSize);
  const heading = kind === 'tag' ? `#${term.name}` : term.name;
  const body = html`<div class="wrap">
  <header class="page-head">
    <p class="kicker">${kicker}</p>
    <h1>${heading}</h1>
    <p class="page-sub">${term.count} ${term.count === 1 ? 'post' : 'posts'}${pages > 1 ? html` · page ${page} of ${pages}` : ''}</p>
  </header>
  ${withSidebar(
    html`<div class="card-grid">${slice.map((p) => postCard(p))}</div>
      ${pagination(page, pages, href)}`,
    ctx.blog.categories,
    ctx.blog.tags,
  )}
</div>`;
  return layout({
    title: page === 1 ? `${kicker}: ${heading}` : `${kicker}: ${heading}, page ${page}`,
    description: `${term.count} posts ${kind === 'author' ? 'by' : 'about'} ${term.name}`,
    canonical: `${ctx.origin}${href(page)}`,
    currentTopic: kind === 'category' ? term.slug : undefined,
    topics: ctx.blog.categories,
    widgets: ctx.widgets,
    body,
  });
}
