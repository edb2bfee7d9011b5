import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, expect } from '@playwright/test';
import { documentId } from '../packages/client/src/documentId.ts';

/** The README's examples as the e2e tests run them (e2e/readme.spec.ts, e2e/languages.spec.ts). */
const root = fileURLToPath(new URL('..', import.meta.url));

/** Every example of README.md: each fenced block after `<!-- example: name -->`, by name. */
export function examples(): Map<string, string> {
  const readme = readFileSync(`${root}README.md`, 'utf8');
  const found = new Map<string, string>();
  for (const [, name, code] of readme.matchAll(/<!-- example: ([\w-]+) -->\n```\w+\n([\s\S]*?)\n```/g)) found.set(name, code);
  return found;
}

/** The CDN address the README gives (no network here: the same files from the build). */
export const cdn = 'https://cdn.jsdelivr.net/npm/trove-search@0.1.0/dist/trove.js';

/** `collection`: the collection `posts` is swapped for (default the seeded `blog`). */
export function localise(code: string, origin: string, collection = 'blog'): string {
  return code
    .replaceAll(cdn, '/dist/trove.js')
    .replaceAll('https://search.example.com', origin)
    .replaceAll('my-blog', 'demo')
    .replace(/(data-collection="|collection: ')posts/g, `$1${collection}`)
    .replace(/YOUR_(PUBLIC_)?TOKEN/g, 'dev-token');
}

/**
 * A blog indexed as `trove index` indexes a feed (ids from the links, `documentId`), into its own
 * collection: the pages of the blog and CMS examples are its posts, found by their canonical link.
 */
export const bakery = [
  'Sourdough starter from scratch',
  'Sourdough crumb and hydration',
  'Rye sourdough for beginners',
  'Sourdough discard pancakes',
];
export async function indexBakery(request: APIRequestContext, origin: string, collection: string): Promise<string[]> {
  const urls = bakery.map((_, i) => `${origin}/readme/bakery/${i + 1}/`);
  const documents = bakery.map((title, i) => ({
    id: documentId(urls[i]!),
    title,
    content: `${title}: flour, water, salt and time.`,
    url: urls[i],
    category: ['Baking'],
    tags: ['sourdough', 'bread'],
  }));
  const response = await request.post(`/api/v2/projects/demo/collections/${collection}/documents?token=dev-token`, { data: documents });
  expect(response.status()).toBe(200);
  return urls;
}

/** A page around an example; no favicon to fetch (the blog's 404 would be a console error). */
export const page = (body: string, head = '', lang = 'en') =>
  `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>README example</title><link rel="icon" href="data:,">${head}</head><body>${body}</body></html>`;
