import { html, raw, scriptJson, type SafeHtml } from './html.ts';
import type { Term } from './createBlogIndex.ts';

export const siteName = 'Field Notes';
export const siteTagline = 'Recipes, code, trips, gardens and the odd review — a demo blog for the Trove search widgets';

/** How the page loads the widgets and where they find the service. */
export interface WidgetSetup {
  script: 'dev' | 'dist';
  baseUrl: string;
  token: string;
  project: string;
  collection: string;
}

export interface LayoutOptions {
  title: string;
  description?: string;
  /** Absolute URL for `<link rel="canonical">`. */
  canonical?: string;
  /** The nav entry to mark as current. */
  current?: 'home' | 'search' | 'about';
  /** Current category slug (highlighted in the topics bar). */
  currentTopic?: string;
  topics: Term[];
  widgets: WidgetSetup;
  /** Initial text of the header search box (the search page passes `q`). */
  query?: string;
  /** Extra markup for `<head>`. */
  head?: SafeHtml;
  body: SafeHtml;
}

const logo = raw(
  `<svg class="brand-mark" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">` +
    `<rect width="32" height="32" rx="9" fill="var(--accent)"/>` +
    `<path d="M9 22.5V9.5h9.5M9 15.5h7" fill="none" stroke="var(--on-accent)" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/>` +
    `<circle cx="22.5" cy="21" r="3.2" fill="none" stroke="var(--on-accent)" stroke-width="2.6"/>` +
    `<path d="m24.8 23.3 2.4 2.4" stroke="var(--on-accent)" stroke-width="2.6" stroke-linecap="round"/></svg>`,
);

function widgetScript(w: WidgetSetup): SafeHtml {
  if (w.script === 'dist') {
    return html`<script src="/dist/trove.js" data-base-url="${w.baseUrl}" data-project="${w.project}" data-collection="${w.collection}" data-token="${w.token}" defer></script>`;
  }
  const config = scriptJson({ baseUrl: w.baseUrl, project: w.project, collection: w.collection, token: w.token });
  return html`<script type="module" src="/@vite/client"></script>
<script type="module">import { configure, defineElements } from '/packages/widgets/src/index.ts'; configure(${config}); defineElements();</script>`;
}

/**
 * The theme's light/dark switch, as blog themes do it: a \`dark\` class on \`<html>\`, set before
 * the first paint from the reader's choice (kept in \`localStorage\`), else from the OS setting
 * (followed live until the reader chooses). The toggle button shows where this runs (from the
 * first paint, so nothing moves).
 */
const themeScript = raw(`<script>
(() => {
  const root = document.documentElement;
  root.classList.add('has-theme-toggle');
  const key = 'field-notes:theme';
  const os = matchMedia('(prefers-color-scheme: dark)');
  let chosen = null;
  try { chosen = localStorage.getItem(key); } catch {}
  const apply = (dark) => {
    root.classList.toggle('dark', dark);
    for (const button of document.querySelectorAll('.theme-toggle')) button.setAttribute('aria-pressed', String(dark));
  };
  apply(chosen ? chosen === 'dark' : os.matches);
  os.addEventListener('change', (event) => chosen || apply(event.matches));
  document.addEventListener('DOMContentLoaded', () => apply(root.classList.contains('dark')));
  document.addEventListener('click', (event) => {
    if (!(event.target instanceof Element) || !event.target.closest('.theme-toggle')) return;
    const dark = !root.classList.contains('dark');
    chosen = dark ? 'dark' : 'light';
    try { localStorage.setItem(key, chosen); } catch {}
    apply(dark);
  });
})();
</script>`);

const themeToggle = raw(
  `<button class="theme-toggle" type="button" aria-pressed="false" aria-label="Dark mode" title="Dark mode">` +
    `<svg class="icon-moon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false"><path d="M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5z" fill="none" stroke="currentColor" stroke-width="2" stroke-linejoin="round"/></svg>` +
    `<svg class="icon-sun" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false"><circle cx="12" cy="12" r="4" fill="none" stroke="currentColor" stroke-width="2"/><path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" stroke="currentColor" stroke-width="2" stroke-linecap="round"/></svg>` +
    `</button>`,
);

function navLink(href: string, label: string, active: boolean): SafeHtml {
  return html`<li><a href="${href}"${active ? raw(' aria-current="page"') : ''}>${label}</a></li>`;
}

/** The page shell every route shares: head, site header with the search box, topics bar, footer. */
export function layout(o: LayoutOptions): string {
  const title = o.current === 'home' && o.title === siteName ? siteName : `${o.title} · ${siteName}`;
  const topics = o.topics.slice(0, 8);
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${title}</title>
<meta name="description" content="${o.description ?? siteTagline}">
${o.canonical ? html`<link rel="canonical" href="${o.canonical}">` : ''}
${themeScript}
<link rel="icon" href="/demo-assets/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/demo-assets/blog.css">
${widgetScript(o.widgets)}
${o.head ?? ''}
</head>
<body>
<a class="skip-link" href="#main">Skip to content</a>
<header class="site-header">
  <div class="wrap header-inner">
    <a class="brand" href="/" aria-label="${siteName} home">${logo}<span class="brand-name">${siteName}</span></a>
    <nav class="site-nav" aria-label="Main">
      <ul>
        ${navLink('/', 'Home', o.current === 'home')}
        ${navLink('/search', 'Search', o.current === 'search')}
        ${navLink('/about', 'About', o.current === 'about')}
        ${navLink('/analytics', 'Analytics', false)}
      </ul>
    </nav>
    ${themeToggle}
    <div class="header-search" role="search">
      <trove-search-box results-url="/search" shortcut="/ mod+k" placeholder="Search the blog"${o.query ? html` value="${o.query}"` : ''}></trove-search-box>
      <noscript>
        <form class="fallback-search" action="/search" method="get">
          <label class="visually-hidden" for="fallback-q">Search the blog</label>
          <input id="fallback-q" type="search" name="q" placeholder="Search the blog" value="${o.query ?? ''}">
          <button type="submit">Search</button>
        </form>
      </noscript>
    </div>
  </div>
  <nav class="topics-bar" aria-label="Topics">
    <div class="wrap">
      <ul>
        ${topics.map(
          (t) => html`<li><a href="/category/${t.slug}"${o.currentTopic === t.slug ? raw(' aria-current="page"') : ''}>${t.name}</a></li>`,
        )}
      </ul>
    </div>
  </nav>
</header>
<main id="main" tabindex="-1">
${o.body}
</main>
<footer class="site-footer">
  <div class="wrap footer-inner">
    <p><strong>${siteName}</strong> — ${siteTagline}.</p>
    <p>Every post here is generated for the demo. Search, suggestions and related posts come from the local Trove service. <a href="/about">About this demo</a> · <a href="/analytics">Search analytics</a></p>
  </div>
</footer>
</body>
</html>
`.value;
}
