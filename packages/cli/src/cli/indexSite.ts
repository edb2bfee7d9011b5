import { toV1Document } from 'trove-search-client';
import { createServiceClient } from './createServiceClient.ts';
import { formatSummary } from './formatSummary.ts';
import type { IndexReport } from './indexDocuments.ts';
import type { CliIo, IndexCommand } from './types.ts';
import { sendDocuments } from './sendDocuments.ts';
import { createCrawlProgress } from './sources/createCrawlProgress.ts';
import { createSiteFetcher, defaultBounds, hostKey, type SiteFetcher } from './sources/createSiteFetcher.ts';
import { formatSiteSummary } from './sources/formatSiteSummary.ts';
import { readFolderSite } from './sources/readFolderSite.ts';
import { type HomePage, readSite } from './sources/readSite.ts';
import type { PageRules } from './sources/readSitePage.ts';
import type { SiteReading } from './sources/SiteReading.ts';
import { deleteDocuments } from './sync/deleteDocuments.ts';
import { emptyState, loadState, type PageState, saveState, statePath, type SyncState } from './sync/syncState.ts';

export type SiteInput = { kind: 'address'; address: string; home?: HomePage } | { kind: 'folder'; folder: string; shown: string };

/** The state's key of a site: its address without query or fragment, or the folder's absolute path. */
export function siteKey(input: SiteInput): string {
  if (input.kind === 'folder') return input.folder;
  const url = new URL(input.address);
  return `${url.origin}${url.pathname}`;
}

/** The state's key of where the documents go: the service, project, collection and API version. */
export function targetKey(command: IndexCommand): string {
  return `${command.baseUrl}|${command.project}|${command.collection}|${command.apiVersion}`;
}

/** Whether a state file says this address was read as a site before (then it is read as one again, without asking first). */
export async function knownSite(command: IndexCommand, io: CliIo): Promise<boolean> {
  if (command.dryRun || command.full) return false;
  const key = siteKey({ kind: 'address', address: command.input });
  const { state, found } = await loadState(statePath(io.env, key, targetKey(command)), key, targetKey(command));
  return found && state.source !== undefined && state.source.name !== 'folder';
}

/**
 * `trove index <site address | folder>`: reads the site with the most complete source it offers
 * (or the folder from disk), sends the posts that are new or changed since the last run, removes
 * from the index the posts gone from the site (through trove serve's delete; a service without it
 * gets them listed and exit 3), and keeps what it did in a state file for the next run. Resolves
 * to the exit status (see `usage`).
 */
export async function indexSite(command: IndexCommand, io: CliIo, input: SiteInput): Promise<number> {
  const fetch_ = io.fetch ?? globalThis.fetch;
  const site = siteKey(input);
  const target = targetKey(command);
  const path = command.dryRun ? undefined : statePath(io.env, site, target);
  // What the last run indexed: with --full it is not used to skip anything, but what is gone is still removed.
  const known: SyncState = path === undefined ? emptyState(site, target) : (await loadState(path, site, target)).state;
  const previous = command.full ? emptyState(site, target) : known;
  const maxPages = command.maxPages ?? defaultBounds.maxPages;
  const siteHosts = new Set<string>();
  if (input.kind === 'address') {
    siteHosts.add(hostKey(new URL(input.address).host));
    if (input.home !== undefined) siteHosts.add(hostKey(new URL(input.home.url).host));
  }
  if (command.siteUrl !== undefined) siteHosts.add(hostKey(new URL(command.siteUrl).host));
  const rules: PageRules = {
    isOwn: (url) => {
      try {
        const parsed = new URL(url);
        if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
        return siteHosts.size === 0 || siteHosts.has(hostKey(parsed.host));
      } catch {
        return false;
      }
    },
    includePages: command.includePages,
    ...(command.siteUrl === undefined ? {} : { siteUrl: command.siteUrl }),
  };
  if (path !== undefined) io.stderr.write(`State: ${path}${command.full ? ' (ignored: --full)' : ''}\n`);

  const progress = createCrawlProgress(io.stderr);
  let fetcher: SiteFetcher | undefined;
  const limits: string[] = [];
  let reading: SiteReading;
  try {
    if (input.kind === 'folder') {
      reading = await readFolderSite(
        input.folder,
        previous,
        rules,
        maxPages,
        (p) => progress.update(p),
        (m) => limits.push(m),
        io.signal,
      );
    } else {
      fetcher = createSiteFetcher({
        fetch: fetch_,
        site: input.home?.url ?? input.address,
        version: io.version,
        bounds: { maxPages },
        retry: io.retry,
        signal: io.signal,
      });
      reading = await readSite({
        fetcher,
        address: input.address,
        home: input.home,
        previous,
        rules,
        maxPages,
        onSource: (name, start) => io.stderr.write(`Reading ${site} from its ${name} (${start})\n`),
        onProgress: (p) => progress.update(p),
      });
      limits.push(...fetcher.stats.limits);
    }
    io.signal?.throwIfAborted();
  } catch (error) {
    // Ctrl-C while reading: nothing was sent (main.ts has said so).
    if (io.signal?.aborted) return 130;
    throw error;
  } finally {
    progress.stop();
  }

  const toSend = reading.posts.filter((post) => post.document !== undefined);
  const documents = toSend.map((post) => post.document!);
  const labels = toSend.map((post) => post.label);
  const present = new Set(reading.posts.map((post) => post.id));
  // Posts gone: answering 404/410, or (when the source was read to its end) in no source any more.
  // A page that could not be read this time (an error, robots.txt) is not gone: it keeps its last state.
  // A run that found no post at all removes nothing (a site down, moved, or closed to us).
  const goneAddresses = new Set(reading.gone);
  const unsure = new Set(reading.skipped.filter((page) => page.reason === 'error' || page.reason === 'robots').map((page) => page.address));
  const complete = reading.incomplete.length === 0 && reading.posts.length > 0;
  const stale = Object.entries(known.pages).filter(
    ([address, page]) =>
      page.kind === 'post' &&
      page.id !== undefined &&
      !present.has(page.id) &&
      !unsure.has(address) &&
      (complete || goneAddresses.has(address)),
  ) as [string, PageState & { id: number }][];

  const summaryOf = (report: IndexReport | undefined, removed: string[], staleLines: string[], staleReason?: string) =>
    formatSiteSummary({
      site: input.kind === 'folder' ? input.shown : site,
      reading,
      requests: fetcher?.stats.requests,
      bytes: fetcher?.stats.bytes,
      limits,
      sent: documents.length,
      unchanged: reading.posts.length - documents.length,
      removed,
      stale: staleLines,
      ...(staleReason === undefined ? {} : { staleReason }),
      statePath: path,
    }) +
    formatSummary({
      input: `the posts of ${input.kind === 'folder' ? input.shown : site}`,
      items: documents.length,
      target: command.dryRun ? undefined : `${command.project}/${command.collection} (${command.apiVersion}) at ${command.baseUrl}`,
      dryRun: command.dryRun,
      indexed: report?.indexed ?? (command.dryRun ? documents.length : 0),
      skipped: [],
      failed: report?.failed ?? [],
      failedCount: report?.failedCount ?? 0,
      warnings: reading.warnings,
    });
  const errors = reading.skipped.filter((page) => page.reason === 'error').length;

  if (command.dryRun) {
    const shown = command.apiVersion === 'v1' ? documents.map((d) => toV1Document(d)) : documents;
    io.stdout.write(`${JSON.stringify(shown, null, 2)}\n`);
    io.stderr.write(summaryOf(undefined, [], []));
    return reading.posts.length === 0 ? 1 : errors > 0 ? 3 : 0;
  }

  const client = createServiceClient(command, io);
  let report: IndexReport = { indexed: 0, failed: [], failedCount: 0 };
  if (documents.length > 0) report = await sendDocuments(client, command, io, documents, labels);

  let removed: string[] = [];
  let staleLines: string[] = [];
  let staleReason: string | undefined;
  let keptStale: [string, PageState][] = [];
  if (stale.length > 0 && report.failedCount === 0) {
    const outcome = await deleteDocuments(
      client,
      stale.map(([, page]) => page.id),
    );
    if (outcome.kind === 'deleted') removed = stale.map(([address]) => address);
    else {
      staleLines = stale.map(([address, page]) => `${address} (id ${page.id})`);
      staleReason =
        outcome.kind === 'unsupported'
          ? `the service cannot remove documents (it answered HTTP ${outcome.status} to a delete; trove serve can)`
          : `removing them failed (${outcome.reason}); the next run tries again`;
      keptStale = stale;
    }
  } else keptStale = stale;

  if (path !== undefined) {
    const pages = { ...reading.pages };
    // Posts whose batch failed are sent again next time; stale posts not removed stay to be removed.
    if (report.failedCount > 0) for (const post of toSend) delete pages[post.address];
    for (const [address, page] of keptStale) pages[address] ??= page;
    for (const address of unsure) if (known.pages[address] !== undefined) pages[address] ??= known.pages[address];
    // A run that did not read the whole site forgets nothing it did not see (but what answered 404/410).
    const lists = complete ? reading.lists : { ...known.lists, ...reading.lists };
    if (!complete) for (const [address, page] of Object.entries(known.pages)) if (!goneAddresses.has(address)) pages[address] ??= page;
    const state: SyncState = { ...emptyState(site, target), pages, lists, updated: new Date().toISOString() };
    const source = reading.source ?? known.source;
    if (source !== undefined) state.source = source;
    try {
      await saveState(path, state);
    } catch (error) {
      reading.warnings.push({
        label: path,
        message: `the state could not be written (${(error as Error).message}); the next run reads everything again`,
      });
    }
  }

  const summary = summaryOf(report, removed, staleLines, staleReason);
  io.stderr.write(
    documents.length === 0 && reading.posts.length > 0
      ? summary.replace(/^Indexed 0 of 0 documents[^\n]*\n/m, 'Nothing to send: no post is new or changed since the last run.\n')
      : summary,
  );
  if (report.failedCount > 0 || reading.posts.length === 0) return 1;
  return staleLines.length > 0 || errors > 0 ? 3 : 0;
}
