import { isApiError } from 'trove-search-client';
import { isNetworkError } from 'trove-search-client';
import type { Document } from 'trove-search-client';
import type { TroveClient } from 'trove-search-client';
import { redactToken } from 'trove-search-client';

export interface Failure {
  /** `batch 3 of 5 (documents 201–250: item 201 "…" … item 250 "…")` */
  batch: string;
  /** How many documents the batch held. */
  count: number;
  reason: string;
}

export interface IndexReport {
  indexed: number;
  failed: Failure[];
  /** Documents in failed batches (sent or not sent). */
  failedCount: number;
}

export interface IndexProgress {
  /** Documents handled so far (indexed or failed). */
  done: number;
  total: number;
  batch: number;
  batches: number;
  /** The batch just handled failed with this reason. */
  failure?: string;
}

export interface IndexDocumentsOptions {
  batchSize: number;
  /** The label of each document (same order), for messages. */
  labels: string[];
  onProgress?: (progress: IndexProgress) => void;
  signal?: AbortSignal;
  /** Blanked out of every message (error texts may quote a URL). */
  token?: string;
}

/** Statuses after which the other batches would fail the same way (wrong token, project or collection, service down). */
const stopStatuses = new Set([401, 403, 404, 405]);

function describeError(error: unknown, labels: string[], offset: number): string {
  let message = error instanceof Error ? error.message : String(error);
  const cause = isNetworkError(error) ? error.cause : undefined;
  if (cause instanceof Error) {
    message += ` (${cause.message}${cause.cause instanceof Error ? `: ${cause.cause.message}` : ''})`;
  }
  // The local service names a bad document by its place in the body: name the item instead.
  return message.replace(/documents\[(\d+)\]/g, (match, n: string) => {
    const label = labels[offset + Number(n)];
    return label === undefined ? match : `${match} = ${label}`;
  });
}

function isFatal(error: unknown): boolean {
  if (isApiError(error))
    return typeof error.status === 'number' && (stopStatuses.has(error.status) || error.status >= 500 || error.status === 429);
  return true; // network error, timeout, abort, or anything unexpected
}

function batchName(batch: number, batches: number, start: number, end: number, labels: string[]): string {
  const range =
    end - start === 1 ? `document ${start + 1}: ${labels[start]}` : `documents ${start + 1}–${end}: ${labels[start]} … ${labels[end - 1]}`;
  return `batch ${batch} of ${batches} (${range})`;
}

const statusOf = (error: unknown) => (isApiError(error) ? error.status : undefined);

/**
 * Sends the documents in batches of `batchSize`, one after the other, through `client.index()`
 * (whose `fetch` retries; see `createRetryingFetch`). A batch the service finds too large (413)
 * is split in halves and sent again, down to single documents. A batch the service refuses as bad
 * input (400, 422…) is reported and the next batch is sent; after an error that every later batch
 * would hit too (wrong token or collection, service unreachable or failing after the retries, an
 * abort), the remaining batches are not sent and are reported as failed with that reason.
 */
export async function indexDocuments(
  client: Pick<TroveClient, 'index'>,
  documents: Document[],
  options: IndexDocumentsOptions,
): Promise<IndexReport> {
  const { batchSize, labels, onProgress, signal, token } = options;
  const total = documents.length;
  const batches = Math.ceil(total / batchSize);
  const report: IndexReport = { indexed: 0, failed: [], failedCount: 0 };

  for (let b = 0; b < batches; b++) {
    const batchEnd = Math.min((b + 1) * batchSize, total);
    const pending: [number, number][] = [[b * batchSize, batchEnd]];
    let failure: string | undefined;
    while (pending.length > 0) {
      const [start, end] = pending.shift()!;
      try {
        signal?.throwIfAborted();
        await client.index(documents.slice(start, end), { signal, timeout: 0 });
        report.indexed += end - start;
      } catch (error) {
        if (statusOf(error) === 413 && end - start > 1) {
          const middle = start + Math.ceil((end - start) / 2);
          pending.unshift([start, middle], [middle, end]);
          continue;
        }
        failure = redactToken(describeError(error, labels, start), token);
        if (statusOf(error) === 413) failure += ' (this document alone is larger than the service accepts)';
        report.failed.push({ batch: batchName(b + 1, batches, start, end, labels), count: end - start, reason: failure });
        report.failedCount += end - start;
        if (isFatal(error) && end < total) {
          onProgress?.({ done: end, total, batch: b + 1, batches, failure });
          const next = end === batchEnd ? b + 2 : b + 1;
          const which = next === batches ? `batch ${next} of ${batches}` : `batches ${next}–${batches} of ${batches}`;
          report.failed.push({
            batch: batchName(next, batches, end, total, labels).replace(/^batch \d+ of \d+/, which),
            count: total - end,
            reason: `not sent: stopped after ${end === batchEnd ? `batch ${b + 1}` : 'a part of it'} failed`,
          });
          report.failedCount += total - end;
          onProgress?.({ done: total, total, batch: batches, batches, failure: 'not sent' });
          return report;
        }
      }
    }
    onProgress?.({ done: batchEnd, total, batch: b + 1, batches, failure });
  }
  return report;
}
