/**
 * What the service keeps on disk in its data folder:
 *
 *     <dataDir>/collections/<project>/<collection>.json   one snapshot per collection
 *     <dataDir>/feedback.jsonl                            feedback (createFileFeedbackLog.ts)
 *
 * (names percent-encoded, `.` included, so any project or collection name is a safe file name).
 * Snapshots are replaced atomically (see writeFileAtomic) before an indexing request is
 * acknowledged.
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { StoredDocument } from './types.ts';
import { isTempFile, writeFileAtomic } from './writeFileAtomic.ts';

export interface StoredCollection {
  project: string;
  collection: string;
  documents: StoredDocument[];
}

export interface Store {
  loadCollections(): StoredCollection[];
  saveCollection(project: string, collection: string, documents: Iterable<StoredDocument>): void;
  close(): void;
}

const SNAPSHOT_FORMAT = 1;

function encodeName(name: string): string {
  return encodeURIComponent(name).replace(/\./g, '%2E').replace(/\*/g, '%2A');
}

export function createStore(dataDir: string): Store {
  const collectionsDir = join(dataDir, 'collections');
  mkdirSync(collectionsDir, { recursive: true });

  return {
    loadCollections() {
      const found: StoredCollection[] = [];
      for (const projectDir of readdirSync(collectionsDir)) {
        const dir = join(collectionsDir, projectDir);
        for (const name of readdirSync(dir)) {
          const file = join(dir, name);
          if (isTempFile(name)) {
            rmSync(file, { force: true });
            continue;
          }
          if (!name.endsWith('.json')) continue;
          try {
            const data = JSON.parse(readFileSync(file, 'utf8')) as StoredCollection & { format: number };
            if (data.format !== SNAPSHOT_FORMAT || !Array.isArray(data.documents)) throw new Error('unknown format');
            found.push({ project: data.project, collection: data.collection, documents: data.documents });
          } catch (error) {
            // Never written by us (snapshots are atomic): keep it for inspection, start without it.
            const aside = `${file}.unreadable-${Date.now()}`;
            renameSync(file, aside);
            console.warn(`[trove service] could not read ${file} (${(error as Error).message}); moved to ${aside}`);
          }
        }
      }
      return found;
    },

    saveCollection(project, collection, documents) {
      const dir = join(collectionsDir, encodeName(project));
      mkdirSync(dir, { recursive: true });
      function* pieces(): Generator<string> {
        yield `{"format":${SNAPSHOT_FORMAT},"project":${JSON.stringify(project)},"collection":${JSON.stringify(collection)},"documents":[`;
        let first = true;
        for (const doc of documents) {
          yield `${first ? '\n' : ',\n'}${JSON.stringify(doc)}`;
          first = false;
        }
        yield '\n]}\n';
      }
      writeFileAtomic(join(dir, `${encodeName(collection)}.json`), pieces());
    },

    close() {},
  };
}
