import { CliError } from './CliError.ts';
import { jsonFeedAuthors, mapJsonFeedItem } from './mapJsonFeedItem.ts';
import { mapAtomEntry } from './mapAtomEntry.ts';
import { mapJsonDocument } from './mapJsonDocument.ts';
import { mapRssItem, type RssNamespaces } from './mapRssItem.ts';
import { childOf, list, parseXml, prefixFor, textOf, attrOf, type XmlValue } from './parseXml.ts';
import { distinct } from './buildDocument.ts';
import { toSafeUrl } from './toSafeUrl.ts';
import type { FeedContext, ParsedInput } from './types.ts';

const namespaces = {
  content: 'http://purl.org/rss/1.0/modules/content/',
  media: 'http://search.yahoo.com/mrss/',
  dc: 'http://purl.org/dc/elements/1.1/',
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

function parseJsonInput(text: string, source: string, sourceUrl: string | undefined): ParsedInput {
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
      base: toSafeUrl(object.home_page_url) ?? toSafeUrl(object.feed_url) ?? sourceUrl,
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
  };
}

function parseRss(root: XmlValue, raw: () => XmlValue, sourceUrl: string | undefined, source: string): ParsedInput {
  const channel = childOf(root, 'channel');
  if (channel === undefined) throw new CliError(`${source} is an <rss> document without a <channel>`);
  const ns = rssNamespaces(root);
  const context: FeedContext = { base: toSafeUrl(textOf(childOf(channel, 'link'))) ?? sourceUrl };
  const items = list(childOf(channel, 'item'));
  return {
    format: 'rss',
    items: items.map((item, i) => mapRssItem(item, i + 1, ns, context, () => list(childOf(childOf(raw(), 'channel'), 'item'))[i])),
  };
}

function parseRdf(root: XmlValue, raw: () => XmlValue, sourceUrl: string | undefined): ParsedInput {
  const ns = rssNamespaces(root);
  const context: FeedContext = { base: toSafeUrl(textOf(childOf(childOf(root, 'channel'), 'link'))) ?? sourceUrl };
  const items = list(childOf(root, 'item'));
  return { format: 'rdf', items: items.map((item, i) => mapRssItem(item, i + 1, ns, context, () => list(childOf(raw(), 'item'))[i])) };
}

function parseAtom(root: XmlValue, raw: () => XmlValue, sourceUrl: string | undefined): ParsedInput {
  const media = prefixFor(root, namespaces.media, 'media');
  const links = list(childOf(root, 'link'));
  const siteLink = links.find((link) => (attrOf(link, 'rel') ?? 'alternate') === 'alternate');
  const context: FeedContext = {
    base: toSafeUrl(attrOf(root, 'xml:base'), sourceUrl) ?? toSafeUrl(attrOf(siteLink, 'href'), sourceUrl) ?? sourceUrl,
    feedAuthors: distinct(list(childOf(root, 'author')).map((author) => textOf(childOf(author, 'name')))),
  };
  const entries = list(childOf(root, 'entry'));
  return {
    format: 'atom',
    items: entries.map((entry, i) => mapAtomEntry(entry, i + 1, media, context, () => list(childOf(raw(), 'entry'))[i])),
  };
}

function parseXmlInput(text: string, source: string, sourceUrl: string | undefined): ParsedInput {
  if (/^(<!--[\s\S]*?-->\s*)*<!doctype\s+html/i.test(text) || /^<html[\s>]/i.test(text)) {
    throw new CliError(
      `${source} is an HTML page, not a feed (look for its <link rel="alternate" type="application/rss+xml"> and index that URL)`,
    );
  }
  const xml = parseXml(text, source);
  const rootName = Object.keys(xml.document).find((key) => !key.startsWith('?') && !key.startsWith('#') && !key.startsWith('@_'));
  const root = rootName === undefined ? undefined : xml.document[rootName];
  const raw = () => (rootName === undefined ? undefined : xml.raw()[rootName]);
  if (rootName === 'rss') {
    const version = attrOf(root, 'version');
    if (version !== undefined && !version.startsWith('2.') && !version.startsWith('0.9')) {
      throw new CliError(`${source} is RSS version ${version}; RSS 2.0 is supported`);
    }
    return parseRss(root, raw, sourceUrl, source);
  }
  if (rootName !== undefined && /(^|:)RDF$/.test(rootName)) return parseRdf(root, raw, sourceUrl);
  if (rootName === 'feed') return parseAtom(root, raw, sourceUrl);
  throw new CliError(`${source} is XML with root <${rootName ?? '?'}>, not an RSS 2.0 or Atom feed`);
}

/**
 * Reads an input by its content (never its file name): a JSON array of documents, NDJSON
 * (one document per line), a JSON Feed 1.1, an RSS 2.0 feed (RSS 1.0 too) or an Atom feed, and
 * maps every item to a document or a skip with its reason. Input that cannot be read as any of
 * these throws a `CliError` naming the source and the problem, before anything is sent.
 * `sourceUrl` (when the input was fetched) resolves relative links of feeds that have no site link.
 */
export function parseInput(text: string, source: string, sourceUrl?: string): ParsedInput {
  const trimmed = text.replace(/^\uFEFF/, '').trim();
  if (trimmed === '') throw new CliError(`${source} is empty`);
  const first = trimmed[0];
  if (first === '[' || first === '{') return parseJsonInput(trimmed, source, sourceUrl);
  if (first === '<') return parseXmlInput(trimmed, source, sourceUrl);
  const start = trimmed.slice(0, 20).replace(/\s+/g, ' ');
  throw new CliError(
    `${source} is not a JSON array, NDJSON, RSS, Atom or JSON Feed (it starts with "${start}${trimmed.length > 20 ? '…' : ''}")`,
  );
}
