import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { documentId } from 'trove-search-client';
import { runCli } from '../../../src/cli/runCli.ts';
import { memoryIo } from '../fakeFetch.ts';

const site = 'https://wp.test';
const service = 'https://search.test';
const target = ['--base-url', service, '--project', 'demo', '--collection', 'blog', '--token', 's3cret'];
const embed = '_embed=author,wp:term,wp:featuredmedia';

interface Post {
  id: number;
  slug: string;
  text: string;
  modified: string;
}

/** A WordPress as its REST API answers, and a service that records what it is sent. */
function wordpress(posts: Post[]) {
  const sent: { method: string; body: unknown }[] = [];
  const asked: string[] = [];
  const rest = (post: Post) => ({
    id: post.id,
    link: `${site}/${post.slug}/`,
    status: 'publish',
    date_gmt: '2024-01-01T00:00:00',
    modified_gmt: post.modified,
    title: { rendered: post.slug },
    content: { rendered: `<p>${post.text}</p>` },
  });
  const page = (items: unknown[]) =>
    new Response(JSON.stringify(items), {
      headers: { 'content-type': 'application/json', 'x-wp-totalpages': '1', 'x-wp-total': String(items.length) },
    });
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    if (url.origin === service) {
      sent.push({ method: request.method, body: JSON.parse(await request.text()) });
      return new Response('{"code":200,"response":null}', { headers: { 'content-type': 'application/json' } });
    }
    asked.push(decodeURIComponent(url.pathname + url.search));
    if (url.pathname === '/')
      return new Response('<!doctype html><html><head></head><body>WP</body></html>', {
        headers: { 'content-type': 'text/html', link: `<${site}/wp-json/>; rel="https://api.w.org/"` },
      });
    if (url.pathname === '/wp-json/wp/v2/posts') {
      const fields = url.searchParams.get('_fields');
      const after = url.searchParams.get('modified_after');
      const chosen = posts.filter((post) => after === null || `${post.modified}Z` > after);
      return page(
        fields ? chosen.map((post) => ({ id: post.id, link: `${site}/${post.slug}/`, modified_gmt: post.modified })) : chosen.map(rest),
      );
    }
    return new Response('', { status: 404 });
  };
  return { fetch: fetch as typeof globalThis.fetch, sent, asked };
}

async function run(wp: ReturnType<typeof wordpress>, cache: string) {
  const io = memoryIo({ XDG_CACHE_HOME: cache });
  const code = await runCli(['index', `${site}/`, ...target], { ...io, fetch: wp.fetch, retry: { delay: () => 0 } });
  return { code, stderr: io.stderr.text };
}

describe('trove index <a WordPress address>, run again', () => {
  it('lists the posts by id and modified time only, asks for the changed ones with modified_after, and removes the deleted one', async () => {
    const posts: Post[] = [
      { id: 1, slug: 'one', text: 'First', modified: '2024-01-01T00:00:00' },
      { id: 2, slug: 'two', text: 'Second', modified: '2024-01-02T00:00:00' },
      { id: 3, slug: 'three', text: 'Third', modified: '2024-01-03T00:00:00' },
    ];
    const wp = wordpress(posts);
    const cache = mkdtempSync(join(tmpdir(), 'trove-wp-sync-'));
    expect((await run(wp, cache)).code).toBe(0);
    expect(wp.asked).toContain(`/wp-json/wp/v2/posts?per_page=100&page=1&${embed}`);

    // An edit, a new post, a post deleted.
    posts[0] = { ...posts[0]!, text: 'First, edited', modified: '2024-02-01T00:00:00' };
    posts.push({ id: 4, slug: 'four', text: 'Fourth', modified: '2024-02-02T00:00:00' });
    posts.splice(1, 1);
    wp.sent.length = 0;
    wp.asked.length = 0;
    const { code, stderr } = await run(wp, cache);
    expect(code, stderr).toBe(0);
    expect(wp.asked).toEqual([
      '/robots.txt',
      '/wp-json/wp/v2/posts?per_page=100&page=1&_fields=id,link,modified_gmt',
      `/wp-json/wp/v2/posts?per_page=100&page=1&${embed}&modified_after=2024-01-03T00:00:00Z`,
    ]);
    expect(wp.sent.map((s) => s.method)).toEqual(['POST', 'DELETE']);
    expect((wp.sent[0]!.body as { title: string }[]).map((d) => d.title)).toEqual(['one', 'four']);
    expect(wp.sent[1]!.body).toEqual([documentId(`${site}/two/`)]);

    // Unchanged: the list only, nothing sent.
    wp.sent.length = 0;
    wp.asked.length = 0;
    expect((await run(wp, cache)).code).toBe(0);
    expect(wp.asked).toEqual(['/robots.txt', '/wp-json/wp/v2/posts?per_page=100&page=1&_fields=id,link,modified_gmt']);
    expect(wp.sent).toEqual([]);
  });
});
