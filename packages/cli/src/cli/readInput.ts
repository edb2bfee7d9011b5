import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { CliError } from './CliError.ts';
import { decodeInput } from './decodeInput.ts';

export interface Input {
  text: string;
  /** How messages name the input: the path or URL as given, or `standard input`. */
  source: string;
  /** The final URL when the input was fetched (base for relative links). */
  url?: string;
  /** The response's headers when the input was fetched (a WordPress site announces its API in `Link`). */
  headers?: Headers;
  /** About the input as a whole: a guessed charset, bytes that were not valid in theirs. */
  warnings: string[];
}

export interface ReadInputOptions {
  fetch: typeof fetch;
  cwd: string;
  stdin?: AsyncIterable<string | Uint8Array>;
  /** Milliseconds before fetching a URL gives up. Default 30 000. */
  timeout?: number;
  /** The `User-Agent` of the request (`trove-index/<version> (…)`). */
  userAgent?: string;
}

const fileErrors: Record<string, string> = {
  ENOENT: 'no such file',
  EISDIR: 'it is a directory',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
};

/** Archives and compressed files that are not gzip, by their first bytes: named, since they cannot be read. */
const archives: [magic: number[], name: string][] = [
  [[0x50, 0x4b, 0x03, 0x04], 'a zip archive'],
  [[0x42, 0x5a, 0x68], 'a bzip2-compressed file'],
  [[0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00], 'an xz-compressed file'],
  [[0x28, 0xb5, 0x2f, 0xfd], 'a zstd-compressed file'],
  [[0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c], 'a 7-Zip archive'],
];

/** Largest unpacked feed: a gzip bomb is refused instead of filling the memory. */
const MAX_UNPACKED = 1024 * 1024 * 1024;

/**
 * The bytes of a feed: gzip (a `.gz` feed from an archive, or one served without
 * `Content-Encoding`) is unpacked, also twice-packed, up to `limit` bytes (1 GiB); other archives
 * are refused by name.
 */
export function unpack(bytes: Uint8Array, source: string, limit = MAX_UNPACKED): Uint8Array {
  let out = bytes;
  for (let layer = 0; out[0] === 0x1f && out[1] === 0x8b && layer < 3; layer++) {
    try {
      out = gunzipSync(out, { maxOutputLength: limit });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') {
        throw new CliError(
          `${source} is a gzip file that unpacks to more than ${Math.round(limit / 1024 / 1024)} MB; unpack and split it first`,
        );
      }
      throw new CliError(`${source} is a gzip file that cannot be unpacked (${(error as Error).message}); is it complete?`);
    }
  }
  const archive = archives.find(([magic]) => magic.every((byte, i) => out[i] === byte));
  if (archive) throw new CliError(`${source} is ${archive[1]}, not a feed: unpack it first and index the feed inside`);
  return out;
}

/**
 * The text of the input: a URL (`http:`/`https:`) is fetched, `-` is standard input, anything
 * else is a file path. Gzip is unpacked (see `unpack`). The bytes are decoded by `decodeInput` (the XML declaration, then the
 * HTTP charset, then a byte order mark, then UTF-8, else windows-1252). Failure is a `CliError`
 * naming the input and the cause.
 */
export async function readInput(location: string, options: ReadInputOptions): Promise<Input> {
  if (/^https?:\/\//i.test(location)) return fetchInput(location, options);
  if (location === '-') {
    if (options.stdin === undefined) throw new CliError('standard input is not available');
    const chunks: Uint8Array[] = [];
    for await (const chunk of options.stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk);
    const decoded = decodeInput(unpack(Buffer.concat(chunks), 'standard input'));
    return { text: decoded.text, warnings: decoded.warnings, source: 'standard input' };
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(location)) {
    throw new CliError(`cannot read ${location}: only http:// and https:// URLs and file paths are supported`);
  }
  let bytes: Uint8Array;
  try {
    bytes = await readFile(resolve(options.cwd, location));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    throw new CliError(`cannot read file ${location}: ${fileErrors[code] ?? (error as Error).message}`);
  }
  const decoded = decodeInput(unpack(bytes, location));
  return { text: decoded.text, warnings: decoded.warnings, source: location };
}

async function fetchInput(url: string, options: ReadInputOptions): Promise<Input> {
  let response: Response;
  try {
    response = await options.fetch(url, {
      headers: {
        accept: 'application/feed+json, application/json, application/atom+xml, application/rss+xml, application/xml;q=0.9, */*;q=0.8',
        ...(options.userAgent ? { 'user-agent': options.userAgent } : {}),
      },
      redirect: 'follow',
      signal: AbortSignal.timeout(options.timeout ?? 30_000),
    });
  } catch (error) {
    const cause = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
    const reason = (error as Error).name === 'TimeoutError' ? `no answer within ${(options.timeout ?? 30_000) / 1000} s` : cause;
    throw new CliError(`cannot fetch ${url}: ${reason}`);
  }
  if (!response.ok) {
    throw new CliError(`cannot fetch ${url}: HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`);
  }
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await response.arrayBuffer());
  } catch (error) {
    throw new CliError(`cannot fetch ${url}: the answer was cut off (${(error as Error).message})`);
  }
  const decoded = decodeInput(unpack(bytes, url), response.headers.get('content-type') ?? undefined);
  return { text: decoded.text, warnings: decoded.warnings, source: url, url: response.url || url, headers: response.headers };
}
