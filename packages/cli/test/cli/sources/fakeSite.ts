/**
 * A site made of answers, for the tests of reading sites: `fetch` answers each address from
 * `pages` (a body with its headers, or a function of the request), 404 for the rest, and records
 * every request with its headers. Only `fetch` is faked: the fetcher, ky and its retries are real.
 */
export type Page =
  | string
  | { body?: string | Uint8Array; status?: number; headers?: Record<string, string> }
  | ((request: Request) => Response | Promise<Response>);

export function fakeSite(pages: Record<string, Page>) {
  const requests: Request[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    requests.push(request);
    const url = new URL(request.url);
    const page = pages[url.href] ?? pages[url.pathname + url.search];
    if (page === undefined)
      return new Response('<!doctype html><title>Not found</title>', { status: 404, headers: { 'content-type': 'text/html' } });
    if (typeof page === 'function') return page(request);
    if (typeof page === 'string') {
      const type =
        page.trimStart().startsWith('<?xml') || page.includes('<urlset') || page.includes('<sitemapindex')
          ? 'application/xml'
          : page.trimStart().startsWith('{') || page.trimStart().startsWith('[')
            ? 'application/json'
            : 'text/html; charset=utf-8';
      return new Response(page, { headers: { 'content-type': type } });
    }
    return new Response(page.status === 304 ? null : ((page.body ?? '') as BodyInit), {
      status: page.status ?? 200,
      headers: page.headers ?? {},
    });
  };
  return {
    fetch: fetch as typeof globalThis.fetch,
    requests,
    paths: () =>
      requests.map((r) => {
        const u = new URL(r.url);
        return u.pathname + u.search;
      }),
  };
}

/** A post page as blogs publish one: JSON-LD BlogPosting, canonical link, an article with its text. */
export function postPage(site: string, path: string, title: string, text: string, extra = ''): string {
  return `<!doctype html><html><head><title>${title} – A blog</title>
<link rel="canonical" href="${site}${path}">
<meta property="og:type" content="article"><meta property="og:title" content="${title}">
<meta property="article:published_time" content="2024-03-01T10:00:00Z">
<script type="application/ld+json">{"@context":"https://schema.org","@type":"BlogPosting","headline":"${title}","datePublished":"2024-03-01T10:00:00Z"}</script>
${extra}</head><body><header><nav><a href="/">Home</a> <a href="/about/">About</a></nav></header>
<main><article><h1>${title}</h1><time datetime="2024-03-01T10:00:00Z">1 March 2024</time><p>${text}</p><p>${text} Again, with more words so that a reader finds enough text here to call it an article body.</p></article></main>
<footer>© A blog</footer></body></html>`;
}

/** A listing page (the home page, an archive): links to posts and nothing to index. */
export function listingPage(site: string, links: string[], extraHead = ''): string {
  return `<!doctype html><html><head><title>A blog</title><link rel="canonical" href="${site}/">
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Blog","name":"A blog"}</script>${extraHead}</head>
<body><h1>A blog</h1><ul>${links.map((link) => `<li><a href="${link}">${link}</a></li>`).join('')}</ul></body></html>`;
}

export function sitemap(site: string, paths: [string, string?][]): string {
  return `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${paths
    .map(([path, lastmod]) => `<url><loc>${site}${path}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`)
    .join('')}</urlset>`;
}
