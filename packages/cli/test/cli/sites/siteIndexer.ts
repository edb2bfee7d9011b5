import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../../src/cli/runCli.ts';
import type { Running } from '../../service/startService.ts';
import { memoryIo } from '../fakeFetch.ts';

/** A search result as the site tests read it. */
export interface IndexedResult {
  id: string;
  title: string;
  url: string;
  image?: string;
  date?: string;
  categories?: string[];
  content: string;
}

/**
 * `trove index` run in-process into one collection of a running trove serve (project `demo`,
 * token `test-token`), with a state cache of its own, and that collection's search.
 */
export function siteIndexer(collection: string, service: () => Running) {
  const cache = mkdtempSync(join(tmpdir(), `trove-${collection}-`));
  const target = () => ['--base-url', service().base, '--project', 'demo', '--collection', collection, '--token', 'test-token'];

  async function index(args: string[]) {
    const io = memoryIo({ XDG_CACHE_HOME: cache });
    const code = await runCli(['index', ...args], { ...io, version: '0.0.0-test' });
    return { code, stderr: io.stderr.text, stdout: io.stdout.text };
  }

  async function search(q: string, filter?: string) {
    const params = new URLSearchParams({ q, limit: '100', token: 'test-token' });
    if (filter) params.set('filter', filter);
    const { body } = await service().request(`/api/v2/projects/demo/collections/${collection}/search/default?${params}`);
    return body.response as { found_documents: number; results: IndexedResult[] };
  }

  return { target, index, search };
}
