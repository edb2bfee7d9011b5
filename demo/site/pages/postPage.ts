import { formatDate } from '../../../packages/widgets/src/ui/formatDate.ts';
import { html } from '../html.ts';
import { layout } from '../layout.ts';
import { slugify } from '../../../packages/cli/src/service/sample/slugify.ts';
import type { Post } from '../createBlogIndex.ts';
import type { SiteContext } from './SiteContext.ts';
import { authorLinks, postMeta } from './parts.ts';
import { commentsFor } from './commentsFor.ts';

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
}

function neighbour(label: string, rel: 'prev' | 'next', post: Post | undefined) {
  if (!post) return html`<span></span>`;
  return html`<a class="neighbour neighbour-${rel}" rel="${rel}" href="${post.path}"><span class="neighbour-label">${label}</span><span class="neighbour-title">${post.title}</span></a>`;
}

/** `/posts/<id>/<slug>`: the article, then `<trove-related-posts>`, then newer/older links. */
export function postPage(ctx: SiteContext, post: Post): string {
  const { posts } = ctx.blog;
  const at = posts.indexOf(post);
  const newer = at > 0 ? posts[at - 1] : undefined;
  const older = at >= 0 ? posts[at + 1] : undefined;
  const [lead, ...paragraphs] = post.paragraphs.length ? post.paragraphs : ['This post has no text yet.'];
  const mainCategory = post.categories[0];
  // The lead's last sentence repeated as a pull quote after the next paragraph (decorative: hidden from screen readers).
  const leadSentences = lead.match(/[^.!?]+[.!?]+/g) ?? [];
  const quote = paragraphs.length > 1 && leadSentences.length > 1 ? leadSentences[leadSentences.length - 1]!.trim() : undefined;
  const comments = commentsFor(post);

  const body = html`<div class="wrap wrap-narrow">
  <nav class="breadcrumbs" aria-label="Breadcrumb">
    <ol>
      <li><a href="/">Home</a></li>
      ${mainCategory ? html`<li><a href="/category/${slugify(mainCategory)}">${mainCategory}</a></li>` : ''}
      <li><a href="${post.path}" aria-current="page">Post #${post.id}</a></li>
    </ol>
  </nav>
  <article class="post" data-post-id="${post.id}" aria-labelledby="post-title">
    <header class="post-header">
      <ul class="post-categories">${post.categories.map((c) => html`<li><a class="kicker" href="/category/${slugify(c)}">${c}</a></li>`)}</ul>
      <h1 id="post-title" class="post-title">${post.title}</h1>
      ${postMeta(post)}
      <p class="post-id">Post <span data-testid="post-id">#${post.id}</span></p>
    </header>
    ${
      post.image
        ? html`<figure class="post-cover"><img src="${post.image}" alt="" width="1200" height="675" fetchpriority="high"></figure>`
        : ''
    }
    <div class="post-body">
      <p class="lead">${lead}</p>
      ${paragraphs.map(
        (p, i) => html`<p>${p}</p>${i === 0 && quote ? html`<aside class="pull-quote" aria-hidden="true"><p>${quote}</p></aside>` : ''}`,
      )}
    </div>
    <footer class="post-footer">
      ${
        post.tags.length
          ? html`<div class="post-tags"><h2 class="visually-hidden">Tags</h2><ul class="chips">${post.tags.map(
              (t) => html`<li><a class="chip" href="/tag/${slugify(t)}">#${t}</a></li>`,
            )}</ul></div>`
          : ''
      }
      <section class="author-box" aria-label="About the ${post.authors.length > 1 ? 'authors' : 'author'}">
        <div class="avatars" aria-hidden="true">${(post.authors.length ? post.authors : ['The editors']).map(
          (a) => html`<span class="avatar">${initials(a)}</span>`,
        )}</div>
        <div>
          <p class="author-line">Written by ${authorLinks(post.authors)}</p>
          <p class="author-note">Filed under ${
            post.categories.length
              ? html`${post.categories.map((c, i) => html`${i ? ' and ' : ''}<a href="/category/${slugify(c)}">${c}</a>`)}`
              : 'Notes'
          }.</p>
        </div>
      </section>
    </footer>
    <section class="comments" aria-labelledby="comments-title">
      <h2 id="comments-title" class="comments-title">${comments.length} comments</h2>
      <ol class="comment-list">${comments.map((c) => {
        const when = post.date ? new Date(post.date.getTime() + c.daysAfter * 86_400_000) : undefined;
        return html`<li class="comment">
          <span class="avatar avatar-small" aria-hidden="true">${initials(c.name)}</span>
          <div><p class="comment-head"><strong>${c.name}</strong>${when ? html` <time datetime="${when.toISOString()}">${formatDate(when.toISOString(), 'en-US')}</time>` : ''}</p>
          <p class="comment-text">${c.text}</p></div>
        </li>`;
      })}</ol>
      <p class="comments-closed">Comments are closed on this demo blog.</p>
    </section>
  </article>
  <trove-related-posts doc-id="${post.id}" doc-title="${post.title}"></trove-related-posts>
  <nav class="neighbours" aria-label="More posts">
    ${neighbour('← Newer post', 'prev', newer)}
    ${neighbour('Older post →', 'next', older)}
  </nav>
</div>`;

  return layout({
    title: post.title,
    description: post.excerpt,
    canonical: `${ctx.origin}${post.path}`,
    currentTopic: mainCategory ? slugify(mainCategory) : undefined,
    topics: ctx.blog.categories,
    widgets: ctx.widgets,
    head: html`<meta property="og:type" content="article">
<meta property="og:title" content="${post.title}">
${post.image ? html`<meta property="og:image" content="${new URL(post.image, ctx.origin).href}">` : ''}
${post.date ? html`<meta property="article:published_time" content="${post.date.toISOString()}">` : ''}`,
    body,
  });
}
