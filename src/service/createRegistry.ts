/**
 * The collections of the service and their persistence: one Engine per (project, collection),
 * loaded from the data folder at start, and every indexing batch written to disk (atomically)
 * before it reaches the engine and is acknowledged. Indexing into one collection is serialised,
 * so two batches never interleave between the snapshot written and the engine updated.
 */
import type { Engine } from './Engine.ts';
import { createStore, type Store } from './createStore.ts';
import { ServiceError } from './ServiceError.ts';
import type { StoredDocument } from './types.ts';

export interface CollectionInfo {
  project: string;
  collection: string;
  documents: number;
}

export interface Registry {
  readonly store: Store;
  /** The engine of a collection that has been indexed; 404 otherwise. */
  find(project: string, collection: string): Engine;
  /** Upserts `documents` (validated) into the collection, creating it; on disk before it resolves. */
  index(project: string, collection: string, documents: readonly StoredDocument[]): Promise<void>;
  list(): Promise<CollectionInfo[]>;
  close(): void;
}

interface Entry {
  project: string;
  collection: string;
  engine: Engine;
  /** The last indexing batch of this collection (the next waits for it). */
  queue: Promise<void>;
  /** Whether a snapshot of it is on disk (until then it is not found). */
  persisted: boolean;
}

const keyOf = (project: string, collection: string) => `${project}\u0000${collection}`;

export async function createRegistry(dataDir: string, createEngine: () => Engine): Promise<Registry> {
  const store = createStore(dataDir);
  const entries = new Map<string, Entry>();
  /** Collections whose first batch is being written. */
  const pending = new Map<string, Entry>();
  for (const saved of store.loadCollections()) {
    const engine = createEngine();
    await engine.upsert(saved.documents);
    entries.set(keyOf(saved.project, saved.collection), {
      project: saved.project,
      collection: saved.collection,
      engine,
      queue: Promise.resolve(),
      persisted: true,
    });
  }

  async function write(entry: Entry, documents: readonly StoredDocument[]): Promise<void> {
    const merged = new Map<string, StoredDocument>();
    if (entry.persisted) for (const doc of await entry.engine.snapshot()) merged.set(doc.id, doc);
    for (const doc of documents) merged.set(doc.id, doc);
    // On disk first: if this throws, the engine is untouched and the request fails.
    store.saveCollection(entry.project, entry.collection, merged.values());
    entry.persisted = true;
    await entry.engine.upsert(documents);
  }

  return {
    store,

    find(project, collection) {
      const entry = entries.get(keyOf(project, collection));
      if (entry) return entry.engine;
      const projectKnown = [...entries.values()].some((e) => e.project === project);
      throw new ServiceError(
        404,
        projectKnown
          ? `Collection "${collection}" of project "${project}" has never been indexed`
          : `Project "${project}" not found (nothing has been indexed into it)`,
      );
    },

    async index(project, collection, documents) {
      const key = keyOf(project, collection);
      let entry = entries.get(key) ?? pending.get(key);
      if (!entry) {
        entry = { project, collection, engine: createEngine(), queue: Promise.resolve(), persisted: false };
        pending.set(key, entry);
      }
      const target = entry;
      const run = target.queue.then(() => write(target, documents));
      target.queue = run.catch(() => {});
      await run;
      // A collection exists once its first snapshot is on disk.
      pending.delete(key);
      entries.set(key, target);
    },

    async list() {
      return Promise.all(
        [...entries.values()].map(async (e) => ({ project: e.project, collection: e.collection, documents: await e.engine.count() })),
      );
    },

    close() {
      store.close();
    },
  };
}
