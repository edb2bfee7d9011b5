import { html, raw, type SafeHtml } from '../html.ts';
import { slugify } from '../../../packages/cli/src/service/sample/slugify.ts';
import type { Post, Term } from '../createBlogIndex.ts';

const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

function postDate(post: Post): SafeHtml {
  if (!post.date) return html``;
  return html`<time datetime="${post.date.toISOString()}">${dateFormat.format(post.date)}</time>`;
}

export function authorLinks(authors: string[]): SafeHtml {
  if (authors.length === 0) return html`<span>The editors</span>`;
  return html`${authors.map(
    (a, i) => html`${i === 0 ? '' : i === authors.length - 1 ? ' and ' : ', '}<a class="author" href="/author/${slugify(a)}">${a}</a>`,
  )}`;
}

/** Author · date · reading time. */
export function postMeta(post: Post, withAuthors = true): SafeHtml {
  const parts: SafeHtml[] = [];
  if (withAuthors) parts.push(html`<span class="meta-authors">${authorLinks(post.authors)}</span>`);
  if (post.date) parts.push(postDate(post));
  parts.push(html`<span>${post.minutes} min read</span>`);
  return html`<p class="post-meta">${parts.map((p, i) => html`${i ? raw('<span class="dot" aria-hidden="true">·</span>') : ''}${p}`)}</p>`;
}

function categoryLabel(post: Post): SafeHtml {
  const c = post.categories[0];
  return c ? html`<a class="kicker" href="/category/${slugify(c)}">${c}</a>` : html``;
}

function cover(post: Post, size: 'large' | 'small'): SafeHtml {
  if (!post.image) {
    return html`<a class="card-cover card-cover-empty" href="${post.path}" tabindex="-1" aria-hidden="true"><span>${post.title.slice(0, 1)}</span></a>`;
  }
  return html`<a class="card-cover" href="${post.path}" tabindex="-1" aria-hidden="true"><img src="${post.image}" alt="" width="1200" height="675" loading="${size === 'large' ? 'eager' : 'lazy'}" decoding="async"></a>`;
}

/** A post in a list: cover, category, title link, excerpt, meta. */
export function postCard(post: Post, variant: 'featured' | 'card' = 'card'): SafeHtml {
  return html`<article class="card ${variant === 'featured' ? 'card-featured' : ''}" data-post-id="${post.id}">
  ${cover(post, variant === 'featured' ? 'large' : 'small')}
  <div class="card-body">
    ${categoryLabel(post)}
    <h${variant === 'featured' ? '2' : '3'} class="card-title"><a href="${post.path}">${post.title}</a></h${variant === 'featured' ? '2' : '3'}>
    <p class="card-excerpt">${post.excerpt}</p>
    ${postMeta(post)}
  </div>
</article>`;
}

/** Page links with ellipses: 1 … 4 5 [6] 7 8 … 50. */
export function pagination(page: number, pages: number, href: (page: number) => string): SafeHtml {
  if (pages <= 1) return html``;
  const shown = new Set([1, pages, page - 2, page - 1, page, page + 1, page + 2].filter((p) => p >= 1 && p <= pages));
  const numbers = [...shown].sort((a, b) => a - b);
  const items: SafeHtml[] = [];
  let last = 0;
  for (const n of numbers) {
    if (n - last > 1) items.push(html`<li class="gap" aria-hidden="true">…</li>`);
    items.push(
      n === page
        ? html`<li><a href="${href(n)}" aria-current="page" aria-label="Page ${n}, current page">${n}</a></li>`
        : html`<li><a href="${href(n)}" aria-label="Page ${n}">${n}</a></li>`,
    );
    last = n;
  }
  return html`<nav class="pagination" aria-label="Pagination">
  ${page > 1 ? html`<a class="page-step" rel="prev" href="${href(page - 1)}">← Newer</a>` : html`<span class="page-step" aria-hidden="true"></span>`}
  <ol>${items}</ol>
  ${page < pages ? html`<a class="page-step" rel="next" href="${href(page + 1)}">Older →</a>` : html`<span class="page-step" aria-hidden="true"></span>`}
</nav>`;
}

export function termList(terms: Term[], base: '/category/' | '/tag/' | '/author/', limit: number, withCounts = true): SafeHtml {
  return html`<ul class="chips">${terms
    .slice(0, limit)
    .map(
      (t) =>
        html`<li><a class="chip" href="${base}${t.slug}">${t.name}${withCounts ? html` <span class="count">${t.count}<span class="visually-hidden"> posts</span></span>` : ''}</a></li>`,
    )}</ul>`;
}

/** A list page's main column beside the side column (topics, tags, a word about the blog). */
export function withSidebar(content: SafeHtml, categories: Term[], tags: Term[]): SafeHtml {
  return html`<div class="with-sidebar">
    <div class="content">${content}</div>
    ${sidebar(categories, tags)}
  </div>`;
}

function sidebar(categories: Term[], tags: Term[]): SafeHtml {
  return html`<aside class="sidebar" aria-label="Browse">
  <section class="panel">
    <h2 class="panel-title">Topics</h2>
    ${termList(categories, '/category/', 12)}
  </section>
  <section class="panel">
    <h2 class="panel-title">Popular tags</h2>
    ${termList(tags, '/tag/', 24, false)}
  </section>
  <section class="panel panel-tip">
    <h2 class="panel-title">Find anything</h2>
    <p>Press <kbd>/</kbd> or <kbd>Ctrl</kbd> <kbd>K</kbd> to jump to the search box. Suggestions take you straight to a post or narrow a search to a topic.</p>
  </section>
</aside>`;
}

/** Reads `?page=`: a whole number ≥ 1, else 1. */
export function pageParam(search: URLSearchParams): number {
  const raw = search.get('page');
  if (raw === null || !/^\d{1,6}$/.test(raw)) return 1;
  return Math.max(1, Number(raw));
}
