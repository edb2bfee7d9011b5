import type { TroveClient } from 'trove-search-client';
import type { Document } from 'trove-search-client';
import { createProgress } from './createProgress.ts';
import { indexDocuments, type IndexReport } from './indexDocuments.ts';
import type { CliIo, IndexCommand } from './types.ts';

/** Sends documents in the command's batches (`indexDocuments`), its progress shown on standard error; resolves to the report. */
export async function sendDocuments(
  client: TroveClient,
  command: IndexCommand,
  io: CliIo,
  documents: Document[],
  labels: string[],
): Promise<IndexReport> {
  const progress = createProgress(io.stderr, documents.length, Math.ceil(documents.length / command.batch));
  try {
    return await indexDocuments(client, documents, {
      batchSize: command.batch,
      labels,
      onProgress: (p) => progress.update(p),
      signal: io.signal,
      token: command.token,
    });
  } finally {
    progress.stop();
  }
}
