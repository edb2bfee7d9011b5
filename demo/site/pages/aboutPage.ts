import { html } from '../html.ts';
import { layout, siteName } from '../layout.ts';
import type { SiteContext } from './SiteContext.ts';

/** `/about`: what this demo is and how it is wired. */
export function aboutPage(ctx: SiteContext): string {
  const { posts, categories, tags, authors } = ctx.blog;
  const years = posts.filter((p) => p.date).map((p) => p.date!.getUTCFullYear());
  const span = years.length ? `${Math.min(...years)}–${String(Math.max(...years)).slice(-2)}` : '';
  const body = html`<div class="wrap wrap-narrow prose">
  <header class="page-head">
    <p class="kicker">About</p>
    <h1>About ${siteName}</h1>
  </header>
  <p class="lead">${siteName} is a pretend blog that exists to show the Trove search widgets at work on pages that look like a real theme.</p>
  <dl class="stats">
    <div><dt>Posts</dt><dd>${posts.length}</dd></div>
    <div><dt>Topics</dt><dd>${categories.length}</dd></div>
    <div><dt>Tags</dt><dd>${tags.length}</dd></div>
    <div><dt>Authors</dt><dd>${authors.length}</dd></div>
    ${span ? html`<div><dt>Years</dt><dd>${span}</dd></div>` : ''}
  </dl>
  <h2>What to try</h2>
  <ul>
    <li>Type in the search box at the top of any page (or press <kbd>/</kbd>): suggestions link straight to posts, and topic, tag and author suggestions narrow a search.</li>
    <li>Press Enter to see <a href="/search">full results</a> with facets, sorting and pagination; the address bar keeps the state, so back and forward work.</li>
    <li>Open a result or a post suggestion: the post opens at the words that matched, highlighted by the browser.</li>
    <li>Open any post and scroll to its end: the related posts load only when they come near the screen.</li>
    <li>Clicks on suggestions and related posts are sent to the service as feedback; see them, with what readers searched for, on the service's <a href="/analytics">analytics page</a>, or raw at <a href="/_trove/feedback">/_trove/feedback</a>.</li>
  </ul>
  <h2>How it is built</h2>
  <p>The pages are rendered on the server from a deterministic generator. The same posts are indexed into the local Trove service (project <code>${ctx.widgets.project}</code>, collection <code>${ctx.widgets.collection}</code>), which implements the hosted service's whole API on an embedded full-text engine. The widgets are three custom elements added to the theme by one script tag:</p>
  <pre><code>&lt;trove-search-box results-url="/search"&gt;&lt;/trove-search-box&gt;
&lt;trove-search-results&gt;&lt;/trove-search-results&gt;
&lt;trove-related-posts doc-id="42"&gt;&lt;/trove-related-posts&gt;</code></pre>
  <p>The text of every post was written by a program for this demo; none of it is copied from anywhere, and none of it is advice.</p>
</div>`;
  return layout({
    title: 'About',
    current: 'about',
    canonical: `${ctx.origin}/about`,
    topics: ctx.blog.categories,
    widgets: ctx.widgets,
    body,
  });
}
