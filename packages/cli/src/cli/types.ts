import type { ApiVersion, Document } from 'trove-search-client';
import type { Output } from './createProgress.ts';
import type { RetryPolicy } from './createRetryingFetch.ts';

/** Input formats, detected from the content (never from a file name). */
export type InputFormat = 'json' | 'ndjson' | 'rss' | 'rdf' | 'atom' | 'jsonfeed';

export const formatNames: Record<InputFormat, string> = {
  json: 'JSON array of documents',
  ndjson: 'NDJSON documents',
  rss: 'RSS 2.0 feed',
  rdf: 'RSS 1.0 (RDF) feed',
  atom: 'Atom feed',
  jsonfeed: 'JSON Feed',
};

/** One input item after mapping: a document to index, or the reason it is skipped. */
export interface MappedItem {
  /** How every message names the item, e.g. `item 3 "Hello world"` or `line 7 (id 42)`. */
  label: string;
  document?: Document;
  /** Why the item is not indexed (no title and no content, no id…). */
  skipped?: string;
  /** Things dropped or fixed on the way (an unreadable date, a `javascript:` link…). */
  warnings: string[];
  /**
   * The id when other items stand for the same link (podcast episodes that all link to the
   * show): from the item's own id (guid, Atom id), else its link plus its enclosure or title.
   */
  fallbackId?: number;
  /** Not a post at all (an advertisement a feed service inserted): left out with this warning, the exit status unchanged. */
  ignored?: string;
}

export interface ParsedInput {
  format: InputFormat;
  items: MappedItem[];
}

/** What the mappers of one feed share: where relative links resolve, and feed-level defaults. */
export interface FeedContext {
  /**
   * Base for relative links: the feed's `xml:base`, its absolute site or self link, the URL it was
   * fetched from, else `--site-url`.
   */
  base?: string;
  /** `--site-url`: the site's canonical scheme and host, for links on the feed's own hosts. */
  siteUrl?: string;
  /** The feed's own hosts (of its site link, self link, `xml:base`, the fetched address), in lower case. */
  ownHosts?: ReadonlySet<string>;
  /** Authors named by the feed itself, for items that name none (Atom, JSON Feed, a podcast's `itunes:author`). */
  feedAuthors?: string[];
  /** The feed's own picture, for items with none (a podcast's channel `itunes:image`). */
  feedImage?: string;
}

/** Everything the command touches, so tests can run it in-process. */
export interface CliIo {
  stdout: Output;
  stderr: Output;
  env: Record<string, string | undefined>;
  /** Used to fetch a URL input and to call the service. Default `globalThis.fetch`. */
  fetch?: typeof fetch;
  /** Directory file paths are relative to. Default `process.cwd()`. */
  cwd?: string;
  stdin?: AsyncIterable<string | Uint8Array>;
  /** Overrides of the retry policy (tests shorten the delays). */
  retry?: Partial<RetryPolicy>;
  signal?: AbortSignal;
  version?: string;
  /** `trove serve`: called with the base URL once the service listens. */
  onListening?: (base: string) => void;
}

export interface IndexCommand {
  input: string;
  baseUrl?: string;
  project?: string;
  collection?: string;
  token?: string;
  apiVersion: ApiVersion;
  batch: number;
  dryRun: boolean;
  /** `--site-url`: the site's address, for relative links and for links whose scheme or host differ from the site's canonical ones. */
  siteUrl?: string;
  /** `--full`: a site is read in full, whatever the last run remembered. */
  full: boolean;
  /** `--max-pages`: the page bound of one run of a site (default 10 000). */
  maxPages?: number;
  /** `--include-pages`: a site's pages that are not posts (About) are indexed too. */
  includePages: boolean;
}
