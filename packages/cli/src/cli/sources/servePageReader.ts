import { parentPort } from 'node:worker_threads';
import { readPage } from '../page/readPage.ts';

/** A page to read, as the pool posts it to a worker. */
export interface PageJob {
  id: number;
  html: string;
  address: string;
  siteUrl?: string;
}

/**
 * The worker's side of `createPageReaderPool`: reads each page it is sent with `readPage` and posts
 * back the reading (or the error's message) under the job's id. Called in a worker thread only.
 */
export function servePageReader(): void {
  parentPort?.on('message', (job: PageJob) => {
    try {
      const reading = readPage(job.html, job.address, job.siteUrl === undefined ? {} : { siteUrl: job.siteUrl });
      parentPort!.postMessage({ id: job.id, reading });
    } catch (error) {
      parentPort!.postMessage({ id: job.id, error: error instanceof Error ? error.message : String(error) });
    }
  });
}
