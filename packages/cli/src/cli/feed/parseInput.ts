import { CliError } from '../CliError.ts';
import { jsonFeedAuthors, mapJsonFeedItem } from './mapJsonFeedItem.ts';
import { type AtomNamespaces, mapAtomEntry } from './mapAtomEntry.ts';
import { mapJsonDocument } from './mapJsonDocument.ts';
import { mapRssItem, type RssNamespaces } from './mapRssItem.ts';
import { childOf, list, parseXml, prefixFor, textOf, attrOf, type TextStart, type XmlValue } from './parseXml.ts';
import { distinct } from '../buildDocument.ts';
import { findFeedLinks } from './findFeedLinks.ts';
import { inlineHtmlToText } from './inlineHtmlToText.ts';
import { pickItunesImage } from './pickImage.ts';
import { toSafeUrl } from '../toSafeUrl.ts';
import type { FeedContext, ParsedInput } from '../types.ts';

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

const namespaces = {
  content: 'http://purl.org/rss/1.0/modules/content/',
  media: 'http://search.yahoo.com/mrss/',
  dc: 'http://purl.org/dc/elements/1.1/',
  itunes: 'http://www.itunes.com/dtds/podcast-1.0.dtd',
  atom: 'http://www.w3.org/2005/Atom',
  enc: 'http://purl.oclc.org/net/rss_2.0/enc#',
};

/** Where a JSON syntax error is, from V8's message (`… at position 12` / `(line 2 column 5)`). */
function jsonErrorMessage(error: unknown): string {
  return error instanceof Error ? error.message.replace(/^JSON\.parse: /, '') : String(error);
}

function parseJson(text: string, source: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new CliError(`${source} is not valid JSON: ${jsonErrorMessage(error)}`);
  }
}

function parseNdjson(text: string, source: string): ParsedInput {
  const items = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      throw new CliError(`${source}: line ${i + 1} is not valid JSON: ${jsonErrorMessage(error)}`);
    }
    items.push(mapJsonDocument(value, 'line', i + 1));
  }
  return { format: 'ndjson', items };
}

function parseJsonInput(text: string, source: string, options: LinkOptions): ParsedInput {
  if (text.startsWith('[')) {
    const value = parseJson(text, source) as unknown[];
    return { format: 'json', items: value.map((doc, i) => mapJsonDocument(doc, 'document', i + 1)) };
  }
  // `{`: a JSON Feed, one document, or NDJSON (one document per line).
  let whole: unknown;
  try {
    whole = JSON.parse(text);
  } catch (error) {
    const firstLine = text.split(/\r?\n/, 1)[0]!;
    let firstLineIsJson = true;
    try {
      JSON.parse(firstLine);
    } catch {
      firstLineIsJson = false;
    }
    if (firstLineIsJson) return parseNdjson(text, source);
    throw new CliError(`${source} is not valid JSON: ${jsonErrorMessage(error)}`);
  }
  const object = whole as Record<string, unknown>;
  if (typeof object.version === 'string' && object.version.startsWith('https://jsonfeed.org/version/')) {
    if (!Array.isArray(object.items)) throw new CliError(`${source} is a JSON Feed without an "items" list`);
    const context: FeedContext = {
      ...linkContext([str(object.home_page_url), str(object.feed_url)], options),
      feedAuthors: jsonFeedAuthors(object),
    };
    return { format: 'jsonfeed', items: object.items.map((item, i) => mapJsonFeedItem(item, i + 1, context)) };
  }
  return { format: 'ndjson', items: [mapJsonDocument(whole, 'line', 1)] };
}

/** The prefixes an RSS 2.0 or RSS 1.0 feed declares on its root for the namespaces `mapRssItem` reads. */
function rssNamespaces(root: XmlValue): RssNamespaces {
  return {
    content: prefixFor(root, namespaces.content, 'content'),
    media: prefixFor(root, namespaces.media, 'media'),
    dc: prefixFor(root, namespaces.dc, 'dc'),
    itunes: prefixFor(root, namespaces.itunes, 'itunes'),
    atom: prefixFor(root, namespaces.atom, 'atom'),
    enc: prefixFor(root, namespaces.enc, 'enc'),
  };
}

/** Where a feed's relative links go, and its own hosts (see `linkContext`). */
export interface LinkOptions {
  /** The address the feed was fetched from. */
  sourceUrl?: string;
  /** `--site-url`. */
  siteUrl?: string;
}

/**
 * The base for a feed's relative links and its own hosts: the first absolute address of
 * `candidates` (in the caller's order: `xml:base`, site link, self link; each resolved against the
 * fetched address when relative), else the fetched address, else `--site-url`.
 */
function linkContext(candidates: (string | undefined)[], options: LinkOptions): Pick<FeedContext, 'base' | 'siteUrl' | 'ownHosts'> {
  const absolute = candidates
    .map((candidate) => toSafeUrl(candidate, options.sourceUrl))
    .filter((url): url is string => url !== undefined && !url.startsWith('/'));
  const found = [...absolute, ...(options.sourceUrl ? [options.sourceUrl] : [])];
  const ownHosts = new Set(found.map((url) => new URL(url).host.toLowerCase()));
  // With --site-url, links resolved against the feed's own address then move to the site's host (resolveItemLink).
  return { base: found[0] ?? options.siteUrl, ownHosts, ...(options.siteUrl ? { siteUrl: options.siteUrl } : {}) };
}

/** The `href` of an `atom:link` with this `rel` among a node's children (`link` in Atom, `atom:link` in RSS). */
function linkHref(node: XmlValue, name: string, rel: string): string | undefined {
  return attrOf(
    list(childOf(node, name)).find((link) => (attrOf(link, 'rel') ?? 'alternate') === rel),
    'href',
  );
}

/** What the items of an RSS 2.0 or 1.0 feed share: the base for links, a podcast's author and picture. */
function rssContext(root: XmlValue, channel: XmlValue, ns: RssNamespaces, options: LinkOptions): FeedContext {
  const feedImage = pickItunesImage(channel, ns.itunes);
  const links = linkContext(
    [
      attrOf(channel, 'xml:base') ?? attrOf(root, 'xml:base'),
      textOf(childOf(channel, 'link')),
      linkHref(channel, `${ns.atom}:link`, 'self'),
    ],
    options,
  );
  return {
    ...links,
    feedAuthors: distinct(list(childOf(channel, `${ns.itunes}:author`)).map((a) => inlineHtmlToText(textOf(a)))),
    ...(feedImage === undefined ? {} : { feedImage }),
  };
}

function parseRss(root: XmlValue, raw: () => XmlValue, options: LinkOptions, source: string): ParsedInput {
  const channel = childOf(root, 'channel');
  if (channel === undefined) throw new CliError(`${source} is an <rss> document without a <channel>`);
  const ns = rssNamespaces(root);
  const items = list(childOf(channel, 'item'));
  const context = rssContext(root, channel, ns, options);
  return {
    format: 'rss',
    items: items.map((item, i) => mapRssItem(item, i + 1, ns, context, () => list(childOf(childOf(raw(), 'channel'), 'item'))[i])),
  };
}

function parseRdf(root: XmlValue, raw: () => XmlValue, options: LinkOptions): ParsedInput {
  const ns = rssNamespaces(root);
  const items = list(childOf(root, 'item'));
  const context = rssContext(root, childOf(root, 'channel'), ns, options);
  return { format: 'rdf', items: items.map((item, i) => mapRssItem(item, i + 1, ns, context, () => list(childOf(raw(), 'item'))[i])) };
}

function parseAtom(root: XmlValue, raw: () => XmlValue, options: LinkOptions): ParsedInput {
  const ns: AtomNamespaces = { media: prefixFor(root, namespaces.media, 'media') };
  const entries = list(childOf(root, 'entry'));
  // A relative site link (`/blog/`) resolves against the absolute self link.
  const self = toSafeUrl(linkHref(root, 'link', 'self'), options.sourceUrl);
  const context: FeedContext = {
    ...linkContext([attrOf(root, 'xml:base'), toSafeUrl(linkHref(root, 'link', 'alternate'), self ?? options.sourceUrl), self], options),
    feedAuthors: distinct(list(childOf(root, 'author')).map((author) => inlineHtmlToText(textOf(childOf(author, 'name'))))),
  };
  return {
    format: 'atom',
    items: entries.map((entry, i) => mapAtomEntry(entry, i + 1, ns, context, () => list(childOf(raw(), 'entry'))[i])),
  };
}

/** An HTML page where a feed was expected: say so, and name the feeds the page announces. */
function htmlPageError(text: string, source: string, sourceUrl: string | undefined): CliError {
  const feeds = findFeedLinks(text, sourceUrl);
  if (feeds.length === 0) {
    return new CliError(
      `${source} is an HTML page, not a feed. Look for the site's feed link (a <link rel="alternate" type="application/rss+xml"> ` +
        'in the page, or an RSS / Atom link, often /feed, /rss or /atom.xml) and index that URL.',
    );
  }
  const named = feeds.length === 1 ? `its feed: ${feeds[0]}` : `its feeds: ${feeds.slice(0, 5).join(', ')}`;
  return new CliError(`${source} is an HTML page, not a feed. The page names ${named}; index that URL instead.`);
}

const htmlStart = /^(?:<\?xml[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*)*(?:<!doctype\s+html|<html[\s>]|<head[\s>]|<body[\s>])/i;

/** Whether a text is an HTML page (a site's address was given, not a feed's). */
export function looksLikeHtml(text: string): boolean {
  return htmlStart.test(text.replace(/^\uFEFF/, '').trimStart());
}

function parseXmlInput(text: string, source: string, options: LinkOptions, start: TextStart): ParsedInput {
  const { sourceUrl } = options;
  if (htmlStart.test(text)) throw htmlPageError(text, source, sourceUrl);
  const xml = parseXml(text, source, start);
  const rootName = Object.keys(xml.document).find((key) => !key.startsWith('?') && !key.startsWith('#') && !key.startsWith('@_'));
  const root = rootName === undefined ? undefined : xml.document[rootName];
  const raw = () => (rootName === undefined ? undefined : xml.raw()[rootName]);
  if (rootName?.toLowerCase() === 'html') throw htmlPageError(text, source, sourceUrl);
  if (rootName === 'rss') {
    const version = attrOf(root, 'version');
    if (version !== undefined && !version.startsWith('2.') && !version.startsWith('0.9')) {
      throw new CliError(`${source} is RSS version ${version}; RSS 2.0 is supported`);
    }
    return parseRss(root, raw, options, source);
  }
  if (rootName !== undefined && /(^|:)RDF$/.test(rootName)) return parseRdf(root, raw, options);
  if (rootName === 'feed') return parseAtom(root, raw, options);
  throw new CliError(`${source} is XML with root <${rootName ?? '?'}>, not an RSS 2.0 or Atom feed`);
}

/**
 * Reads an input by its content (never its file name): a JSON array of documents, NDJSON
 * (one document per line), a JSON Feed 1.1, an RSS 2.0 feed (RSS 1.0 too) or an Atom feed, and
 * maps every item to a document or a skip with its reason. Input that cannot be read as any of
 * these throws a `CliError` naming the source and the problem, before anything is sent.
 * `sourceUrl` (when the input was fetched) resolves relative links of feeds that name no absolute
 * address of their own; `siteUrl` (`--site-url`) overrides every base and moves links on the feed's
 * own hosts to the site's scheme and host.
 */
export function parseInput(text: string, source: string, sourceUrl?: string, siteUrl?: string): ParsedInput {
  const options: LinkOptions = { sourceUrl, siteUrl };
  const withoutBom = text.replace(/^\uFEFF/, '');
  const trimmed = withoutBom.trim();
  if (trimmed === '') throw new CliError(`${source} is empty`);
  const first = trimmed[0];
  if (first === '[' || first === '{') return parseJsonInput(trimmed, source, options);
  if (first === '<') {
    // Blank lines before the XML declaration are common (a theme or plugin prints them): skip them, but count them for error positions.
    const before = withoutBom.slice(0, withoutBom.search(/\S/));
    const lines = before.split('\n');
    return parseXmlInput(trimmed, source, options, { lines: lines.length - 1, columns: lines.at(-1)!.length });
  }
  const start = trimmed.slice(0, 20).replace(/\s+/g, ' ');
  throw new CliError(
    `${source} is not a JSON array, NDJSON, RSS, Atom or JSON Feed (it starts with "${start}${trimmed.length > 20 ? '…' : ''}")`,
  );
}
