import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { feedLanguage } from '../../src/cli/feed/feedLanguage.ts';
import { countLanguage, formatLanguages, languageTag, type LanguagesSeen } from '../../src/cli/languagesSeen.ts';
import { htmlLanguage } from '../../src/cli/page/pageLanguage.ts';
import { formatSiteSummary } from '../../src/cli/sources/formatSiteSummary.ts';
import { createSiteFetcher } from '../../src/cli/sources/createSiteFetcher.ts';
import { readSite } from '../../src/cli/sources/readSite.ts';
import { emptyState } from '../../src/cli/sync/syncState.ts';
import { runCli } from '../../src/cli/runCli.ts';
import { fakeFetch, memoryIo } from './fakeFetch.ts';
import { fakeSite, listingPage, type Page, postPage } from './sources/fakeSite.ts';

const site = 'https://blog.test';
const rules = { isOwn: (url: string) => url.startsWith(site), includePages: false };

async function read(pages: Record<string, Page>) {
  const net = fakeSite(pages);
  const fetcher = createSiteFetcher({ fetch: net.fetch, site: `${site}/`, retry: { delay: () => 0 }, bounds: { maxPages: 100 } });
  return readSite({ fetcher, address: `${site}/`, previous: emptyState(site, 'target'), rules, maxPages: 100 });
}

const summary = (reading: Awaited<ReturnType<typeof read>>) =>
  formatSiteSummary({ site, reading, limits: [], sent: reading.posts.length, unchanged: 0, removed: [], stale: [] });

describe('trove index: the languages it saw', () => {
  it('reads a declared language as a canonical tag, and nothing from an empty or malformed one', () => {
    expect(languageTag('de-de')).toBe('de-DE');
    expect(languageTag(' pt_BR ')).toBe('pt-BR');
    expect(languageTag('zh-hant-tw')).toBe('zh-Hant-TW');
    for (const bad of ['', '  ', 'x', 'en US', '<script>', '12-34', undefined, null, 'a'.repeat(50)])
      expect(languageTag(bad)).toBeUndefined();
  });

  it("finds the page's <html lang> (or xml:lang), quoted or not", () => {
    expect(htmlLanguage('<!doctype html><html lang="fr-FR" dir="ltr"><head>')).toBe('fr-FR');
    expect(htmlLanguage("<html class='x' lang='ja'>")).toBe('ja');
    expect(htmlLanguage('<html lang=nl><body>')).toBe('nl');
    expect(htmlLanguage('<html xmlns="http://www.w3.org/1999/xhtml" xml:lang="de">')).toBe('de');
    expect(htmlLanguage('<html><body lang="fr">')).toBeUndefined();
  });

  it("finds a feed's language: RSS's <language>, RDF's <dc:language>, Atom's xml:lang, JSON Feed's language", () => {
    expect(feedLanguage('<rss><channel><title>B</title><language>de-de</language><item><title>x</title></item></channel></rss>')).toBe(
      'de-DE',
    );
    expect(feedLanguage('<rdf:RDF><channel><dc:language>es</dc:language></channel><item/></rdf:RDF>')).toBe('es');
    expect(feedLanguage('<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom" xml:lang="it"><entry/></feed>')).toBe('it');
    expect(feedLanguage(JSON.stringify({ version: 'https://jsonfeed.org/version/1.1', language: 'pt-br', items: [] }))).toBe('pt-BR');
    // An item's own element is not the feed's; broken input is no language.
    expect(feedLanguage('<rss><channel><item><language>fr</language></item></channel></rss>')).toBeUndefined();
    expect(feedLanguage('{"language": ')).toBeUndefined();
    expect(feedLanguage('<rss><channel><language></language></channel></rss>')).toBeUndefined();
  });

  it('says them in one line, most posts first, and nothing when no post declared one', () => {
    const seen: LanguagesSeen = {};
    countLanguage(seen, 'en', 1);
    countLanguage(seen, 'de-DE', 3);
    countLanguage(seen, undefined, 5);
    expect(formatLanguages(seen)).toBe('Languages: de-DE (3 posts), en (1 post).\n');
    expect(formatLanguages({})).toBe('');
  });

  it("counts each post read by its page's <html lang>", async () => {
    const post = (path: string, title: string, lang: string) =>
      postPage(site, path, title, 'Text').replace('<html>', `<html lang="${lang}">`);
    const reading = await read({
      '/': listingPage(site, ['/a/', '/b/', '/c/']),
      '/a/': post('/a/', 'A', 'de-DE'),
      '/b/': post('/b/', 'B', 'de-DE'),
      '/c/': post('/c/', 'C', 'en'),
    });
    expect(reading.languages).toEqual({ 'de-DE': 2, en: 1 });
    expect(summary(reading)).toContain('Languages: de-DE (2 posts), en (1 post).\n');
  });

  it("counts WordPress's REST posts in the site's language, as its home page declares it", async () => {
    const reading = await read({
      '/': {
        body: listingPage(site, []).replace('<html>', '<html lang="de-DE">'),
        headers: { 'content-type': 'text/html', link: `<${site}/wp-json/>; rel="https://api.w.org/"` },
      },
      '/wp-json/wp/v2/posts?per_page=100&page=1&_embed=author,wp:term,wp:featuredmedia': {
        body: JSON.stringify(
          [1, 2].map((n) => ({
            id: n,
            link: `${site}/p${n}/`,
            status: 'publish',
            date_gmt: '2024-03-01T10:00:00',
            title: { rendered: `P${n}` },
            content: { rendered: '<p>Text</p>' },
          })),
        ),
        headers: { 'content-type': 'application/json', 'x-wp-totalpages': '1', 'x-wp-total': '2' },
      },
    });
    expect(reading.source?.name).toBe('WordPress REST API');
    expect(summary(reading)).toContain('Languages: de-DE (2 posts).\n');
  });

  it("counts a paged feed's posts by the language of the feed page they came from", async () => {
    const entry = (n: number) =>
      `<entry><id>${site}/p${n}/</id><title>Post ${n}</title><link href="${site}/p${n}/"/><updated>2024-01-0${n}T00:00:00Z</updated><content type="html">Text ${n}</content></entry>`;
    const atom = (lang: string, entries: string, next?: string) =>
      `<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${lang}"><title>A blog</title><id>${site}/</id><updated>2024-01-01T00:00:00Z</updated>${next ? `<link rel="next" href="${next}"/>` : ''}${entries}</feed>`;
    const reading = await read({
      '/': listingPage(site, [], `<link rel="alternate" type="application/atom+xml" href="${site}/feed.atom">`),
      '/feed.atom': { body: atom('fr-fr', entry(1) + entry(2), '/feed.atom?page=2'), headers: { 'content-type': 'application/atom+xml' } },
      '/feed.atom?page=2': { body: atom('en', entry(3)), headers: { 'content-type': 'application/atom+xml' } },
    });
    expect(reading.source?.name).toBe('paged feed');
    expect(reading.languages).toEqual({ 'fr-FR': 2, en: 1 });
  });

  it("reports a feed file's language in the summary of `trove index feed.xml`", async () => {
    const io = memoryIo();
    const feed = `<?xml version="1.0"?><rss version="2.0"><channel><title>B</title><link>https://blog.test/</link><language>ja</language>${[
      1, 2,
    ]
      .map((n) => `<item><title>P${n}</title><link>https://blog.test/p/${n}</link><description>Body</description></item>`)
      .join('')}</channel></rss>`;
    const dir = mkdtempSync(join(tmpdir(), 'trove-languages-'));
    writeFileSync(join(dir, 'feed.xml'), feed);
    const code = await runCli(
      [
        'index',
        join(dir, 'feed.xml'),
        '--base-url',
        'http://search.test',
        '--project',
        'demo',
        '--collection',
        'notes',
        '--token',
        's3cret',
      ],
      { ...io, fetch: fakeFetch().fetch, cwd: dir, retry: { delay: () => 0 } },
    );
    expect(code).toBe(0);
    expect(io.stderr.text).toContain('Languages: ja (2 posts).\n');
  });
});
