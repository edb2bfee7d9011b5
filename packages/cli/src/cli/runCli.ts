import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { defaultApiVersion, isApiVersion } from 'trove-search-client';
import { toV1Document } from 'trove-search-client';
import { createServiceClient } from './createServiceClient.ts';
import { CliError, isCliError } from './CliError.ts';
import { collectDocuments } from './collectDocuments.ts';
import { feedAdvice } from './feed/feedAdvice.ts';
import { looksLikeHtml } from './feed/parseInput.ts';
import { feedLanguages } from './feed/feedLanguage.ts';
import { formatSummary } from './formatSummary.ts';
import { indexSite, knownSite } from './indexSite.ts';
import { userAgentFor } from './sources/createSiteFetcher.ts';
import { parseInput } from './feed/parseInput.ts';
import { readInput } from './readInput.ts';
import { sendDocuments } from './sendDocuments.ts';
import { type CliIo, formatNames, type IndexCommand } from './types.ts';
import { usage } from './usage.ts';

const options = {
  'base-url': { type: 'string' },
  project: { type: 'string' },
  collection: { type: 'string' },
  token: { type: 'string' },
  'api-version': { type: 'string' },
  batch: { type: 'string' },
  'dry-run': { type: 'boolean' },
  'site-url': { type: 'string' },
  full: { type: 'boolean' },
  'max-pages': { type: 'string' },
  'include-pages': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
} as const;

function readCommand(args: string[], env: CliIo['env']): IndexCommand | 'help' | 'version' {
  let parsed;
  try {
    parsed = parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new CliError(`${(error as Error).message.split('\n')[0]}\nRun "trove --help" for the options.`);
  }
  const { values, positionals } = parsed;
  if (values.help) return 'help';
  if (values.version) return 'version';
  const [command, input, ...extra] = positionals;
  if (command === undefined) throw new CliError(`Missing command.\n\n${usage}`);
  if (command === 'help') return 'help';
  if (command !== 'index') {
    throw new CliError(`Unknown command "${command}"; the commands are "trove index <address | folder | feed | file>" and "trove serve".`);
  }
  if (input === undefined) throw new CliError('Missing input: trove index <address | folder | feed | file | ->');
  if (extra.length > 0) throw new CliError(`One input at a time; unexpected ${extra.map((e) => `"${e}"`).join(', ')}.`);

  const pick = (flag: string | undefined, variable: string) => {
    const value = flag ?? env[variable];
    return value === undefined || value.trim() === '' ? undefined : value.trim();
  };
  const apiVersion = pick(values['api-version'], 'TROVE_API_VERSION') ?? defaultApiVersion;
  if (!isApiVersion(apiVersion)) throw new CliError(`--api-version must be v1 or v2, not "${apiVersion}".`);
  const batchText = values.batch ?? '100';
  const batch = Number(batchText);
  if (!/^\d+$/.test(batchText.trim()) || batch < 1 || batch > 10_000) {
    throw new CliError(`--batch must be a whole number from 1 to 10000, not "${batchText}".`);
  }
  const command_: IndexCommand = {
    input,
    baseUrl: pick(values['base-url'], 'TROVE_BASE_URL'),
    project: pick(values.project, 'TROVE_PROJECT'),
    collection: pick(values.collection, 'TROVE_COLLECTION'),
    token: pick(values.token, 'TROVE_TOKEN'),
    apiVersion,
    batch,
    dryRun: values['dry-run'] ?? false,
    full: values.full ?? false,
    includePages: values['include-pages'] ?? false,
  };
  if (values['max-pages'] !== undefined) {
    const text = values['max-pages'].trim();
    const maxPages = Number(text);
    if (!/^\d+$/.test(text) || maxPages < 1)
      throw new CliError(`--max-pages must be a whole number of at least 1, not "${values['max-pages']}".`);
    command_.maxPages = maxPages;
  }
  const siteUrl = values['site-url']?.trim();
  if (siteUrl !== undefined) {
    let site: URL | undefined;
    try {
      site = new URL(siteUrl);
    } catch {
      site = undefined;
    }
    if (site === undefined || (site.protocol !== 'http:' && site.protocol !== 'https:')) {
      throw new CliError(`--site-url must be an http(s) URL such as https://example.com/, not "${siteUrl}".`);
    }
    command_.siteUrl = site.href;
  }
  if (!command_.dryRun) {
    const missing = (
      [
        ['baseUrl', '--base-url', 'TROVE_BASE_URL'],
        ['project', '--project', 'TROVE_PROJECT'],
        ['collection', '--collection', 'TROVE_COLLECTION'],
        ['token', '--token', 'TROVE_TOKEN'],
      ] as const
    ).filter(([key]) => command_[key] === undefined);
    if (missing.length > 0) {
      throw new CliError(`Missing ${missing.map(([, flag, variable]) => `${flag} (or ${variable})`).join(', ')}.`);
    }
    let url: URL | undefined;
    try {
      url = new URL(command_.baseUrl!);
    } catch {
      url = undefined;
    }
    if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
      throw new CliError(`--base-url must be an http(s) URL, not "${command_.baseUrl}".`);
    }
  }
  return command_;
}

async function isFolder(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}

/**
 * The exit status of `trove index` (also in `usage` and the README): 0 every item indexed (or, in
 * a dry run, would be); 1 some documents failed, or nothing to index (no items, or every item
 * skipped); 3 indexed, but some items were skipped (each listed with its reason). Warnings (a date
 * left out, a guessed charset) do not change it: those items are indexed. 2 (wrong arguments,
 * unreadable input) is a `CliError`.
 */
function indexExitCode(documents: number, skipped: number, failed: number): number {
  if (failed > 0 || documents === 0) return 1;
  return skipped > 0 ? 3 : 0;
}

async function runIndex(command: IndexCommand, io: CliIo): Promise<number> {
  const fetch_ = io.fetch ?? globalThis.fetch;
  const cwd = io.cwd ?? process.cwd();
  const isUrl = /^https?:\/\//i.test(command.input);
  if (!isUrl && command.input !== '-' && (await isFolder(resolve(cwd, command.input)))) {
    return indexSite(command, io, { kind: 'folder', folder: resolve(cwd, command.input), shown: command.input });
  }
  // A site read before is read again as a site, without fetching its home page to find out.
  if (isUrl && (await knownSite(command, io))) return indexSite(command, io, { kind: 'address', address: command.input });
  const input = await readInput(command.input, { fetch: fetch_, cwd, stdin: io.stdin, userAgent: userAgentFor(io.version) });
  if (input.url !== undefined && looksLikeHtml(input.text)) {
    return indexSite(command, io, {
      kind: 'address',
      address: command.input,
      home: { url: input.url, text: input.text, ...(input.headers ? { headers: input.headers } : {}) },
    });
  }
  const parsed = parseInput(input.text, input.source, input.url, command.siteUrl);
  const collected = collectDocuments(parsed.items);
  collected.warnings.unshift(...input.warnings.map((message) => ({ label: input.source, message })));
  const inputName = `${formatNames[parsed.format]} ${input.source}`;

  if (command.dryRun) {
    // Exactly what would be sent: v1 field names for v1.
    const shown = command.apiVersion === 'v1' ? collected.documents.map((d) => toV1Document(d)) : collected.documents;
    io.stdout.write(`${JSON.stringify(shown, null, 2)}\n`);
  } else if (collected.documents.length > 0) {
    const report = await sendDocuments(createServiceClient(command, io), command, io, collected.documents, collected.labels);
    io.stderr.write(
      formatSummary({
        input: inputName,
        items: parsed.items.length,
        target: `${command.project}/${command.collection} (${command.apiVersion}) at ${command.baseUrl}`,
        dryRun: false,
        indexed: report.indexed,
        skipped: collected.skipped,
        failed: report.failed,
        failedCount: report.failedCount,
        warnings: collected.warnings,
        languages: feedLanguages(input.text, collected.documents.length),
      }),
    );
    io.stderr.write(feedAdvice(parsed, input.url ?? command.input));
    return indexExitCode(collected.documents.length, collected.skipped.length, report.failedCount);
  }

  if (parsed.items.length === 0) {
    io.stderr.write(`No items in ${inputName}; nothing to index.\n`);
    return indexExitCode(0, 0, 0);
  }
  io.stderr.write(
    formatSummary({
      input: inputName,
      items: parsed.items.length,
      target: command.dryRun ? undefined : `${command.project}/${command.collection}`,
      dryRun: command.dryRun,
      indexed: command.dryRun ? collected.documents.length : 0,
      skipped: collected.skipped,
      failed: [],
      failedCount: 0,
      warnings: collected.warnings,
      languages: feedLanguages(input.text, collected.documents.length),
    }),
  );
  io.stderr.write(feedAdvice(parsed, input.url ?? command.input));
  return indexExitCode(collected.documents.length, collected.skipped.length, 0);
}

/**
 * The `trove` command: `trove index <file | url | ->` with its options (see `usage`), and
 * `trove serve` (the local service, src/service/runServe.ts, loaded only for that command). Resolves to
 * the exit code (0 every item indexed, 1 something failed or nothing to index, 2 wrong arguments
 * or unreadable input with nothing sent, 3 indexed but some items skipped; see `indexExitCode`);
 * never throws for an expected failure.
 */
export async function runCli(args: string[], io: CliIo): Promise<number> {
  try {
    if (args[0] === 'serve') {
      const { runServe } = await import('../service/runServe.ts');
      return await runServe(args.slice(1), io);
    }
    const command = readCommand(args, io.env);
    if (command === 'help') {
      io.stdout.write(usage);
      return 0;
    }
    if (command === 'version') {
      io.stdout.write(`${io.version ?? 'unknown'}\n`);
      return 0;
    }
    return await runIndex(command, io);
  } catch (error) {
    if (isCliError(error)) {
      io.stderr.write(`trove: ${error.message}\n`);
      return error.exitCode;
    }
    io.stderr.write(`trove: unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    return 1;
  }
}
