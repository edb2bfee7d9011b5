import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { type PageReading, readPage } from '../page/readPage.ts';
import type { PageJob } from './servePageReader.ts';

export interface PageReaderPool {
  /** Reads a page as a reader sees it (`readPage`), in a worker thread when there are workers. */
  read(html: string, address: string, siteUrl?: string): Promise<PageReading>;
  /** Pages that may be in flight at once to keep every worker busy. */
  width: number;
  /** Pages a worker read (the rest were read on the main thread). */
  readInWorkers(): number;
  close(): Promise<void>;
}

/**
 * The module the workers load to serve pages, set by the command's entry when it starts: the entry
 * itself once built (dist/cli.js, which in a worker only exports `servePageReader`), or from the
 * sources src/cli/sources/servePageReader.ts.
 * Unset (the tests, a library use of `runCli`): pages are read on the main thread.
 */
const entryKey = Symbol.for('trove.cli.entry');

export function setWorkerEntry(url: string | undefined): void {
  (globalThis as Record<symbol, unknown>)[entryKey] = url;
}

/**
 * Reading a big folder is the CPU work of a run (parsing every page): spread over the machine's
 * cores, a worker thread each (at most 4), each loading the command's own entry. Without an entry
 * or with one core, or when a worker cannot start or fails, pages are read on the main thread.
 */
export function createPageReaderPool(size = Math.min(4, availableParallelism())): PageReaderPool {
  const entry = (globalThis as Record<symbol, unknown>)[entryKey];
  const inThread: PageReaderPool = {
    read: async (html, address, siteUrl) => readPage(html, address, siteUrl === undefined ? {} : { siteUrl }),
    width: 1,
    readInWorkers: () => 0,
    close: async () => {},
  };
  if (typeof entry !== 'string' || size < 2) return inThread;

  const pending = new Map<number, { resolve: (reading: PageReading) => void; reject: (error: Error) => void; job: PageJob }>();
  let nextId = 0;
  let broken = false;
  let inWorkers = 0;
  const workers = Array.from({ length: size }, () => {
    // From the sources (development), the worker reads TypeScript as the command does: through tsx.
    const load = entry.endsWith('.ts') ? "import('tsx/esm/api').then((tsx) => tsx.register())" : 'Promise.resolve()';
    const worker = new Worker(`${load}.then(() => import(${JSON.stringify(entry)})).then((cli) => cli.servePageReader());`, {
      eval: true,
      // A page needs a few MB: a small heap keeps the workers' memory (and the run's peak) low.
      resourceLimits: { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 16 },
    });
    worker.unref();
    worker.on('message', (message: { id: number; reading?: PageReading; error?: string }) => {
      const waiting = pending.get(message.id);
      if (waiting === undefined) return;
      pending.delete(message.id);
      inWorkers++;
      if (message.reading !== undefined) waiting.resolve(message.reading);
      else waiting.reject(new Error(message.error ?? 'the page could not be read'));
    });
    worker.on('error', () => {
      // A worker that cannot start or dies: its pages, and every later one, are read here.
      broken = true;
      for (const [id, waiting] of pending) {
        pending.delete(id);
        inThread.read(waiting.job.html, waiting.job.address, waiting.job.siteUrl).then(waiting.resolve, waiting.reject);
      }
    });
    return worker;
  });
  let turn = 0;
  return {
    read(html, address, siteUrl) {
      if (broken) return inThread.read(html, address, siteUrl);
      const job: PageJob = { id: nextId++, html, address, ...(siteUrl === undefined ? {} : { siteUrl }) };
      return new Promise((resolve, reject) => {
        pending.set(job.id, { resolve, reject, job });
        workers[turn++ % workers.length]!.postMessage(job);
      });
    },
    width: size * 2,
    readInWorkers: () => inWorkers,
    async close() {
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}
