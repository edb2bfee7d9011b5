/**
 * The collections of the service: one Engine per (project, collection), fed by the store — the
 * record of every indexing batch (the data folder, or PostgreSQL shared by several processes).
 * The store calls back for every batch in the record's order, at start and then as batches are
 * recorded (by this process or, with a shared record, another); an indexing request resolves
 * once its batch is durable and applied here. A collection exists once its first batch is; a
 * batch of the delete extension removes documents (it never removes a collection).
 *
 * What an engine builds from a collection is kept with the record when the store can (the
 * store's `saveIndex`, the engine's `exportIndex`): at close, and after a start that had to build
 * it; the next start gives it to the engine with the documents (`restore`), which uses it only
 * where it still fits them, else builds from the documents as before.
 */
import { collectionKey } from './collectionKey.ts';
import type { Engine } from '../engine/Engine.ts';
import type { Store } from './createStore.ts';
import { ServiceError } from '../ServiceError.ts';
import type { StoredDocument } from '../types.ts';

export interface CollectionInfo {
  project: string;
  collection: string;
  documents: number;
}

export interface Registry {
  readonly store: Store;
  /** The engine of a collection that has been indexed; 404 otherwise. */
  find(project: string, collection: string): Engine;
  /** Upserts `documents` (validated) into the collection, creating it; recorded and applied before it resolves. */
  index(project: string, collection: string, documents: readonly StoredDocument[]): Promise<void>;
  /** Removes the documents of these ids from a collection that exists (unknown ids are no error); recorded and applied before it resolves. */
  delete(project: string, collection: string, ids: readonly string[]): Promise<void>;
  list(): Promise<CollectionInfo[]>;
  close(): Promise<void>;
}

interface Entry {
  project: string;
  collection: string;
  engine: Engine;
  /** Changes applied so far (documents indexed or deleted), and how many of them the saved (or restored) index has (-1: none). */
  applied: number;
  saved: number;
}

export type CreateEngine = (project: string, collection: string) => Engine;

export interface RegistryOptions {
  /** Told how long each batch took the engine (ms of the event loop for the embedded one), to pace writes by it. */
  onApplied?(ms: number): void;
}

export async function createRegistry(store: Store, createEngine: CreateEngine, options: RegistryOptions = {}): Promise<Registry> {
  const entries = new Map<string, Entry>();
  let opening = true;
  await store.open(async (project, collection, documents, deleted = []) => {
    const key = collectionKey(project, collection);
    let entry = entries.get(key);
    if (!entry) {
      entry = { project, collection, engine: createEngine(project, collection), applied: 0, saved: -1 };
      entries.set(key, entry);
      // At start, a collection's first batch is all of its documents: the persisted index may spare building it.
      if (opening && deleted.length === 0 && (await restoreIndex(entry, documents))) return;
    }
    const started = performance.now();
    if (documents.length || !deleted.length) await entry.engine.upsert(documents);
    if (deleted.length) await removeFrom(entry, deleted);
    if (!opening) options.onApplied?.(performance.now() - started);
    // A count of changes: the saved index is of an older state once it moves.
    entry.applied += documents.length + deleted.length;
  });
  opening = false;

  async function restoreIndex(entry: Entry, documents: readonly StoredDocument[]): Promise<boolean> {
    if (!store.loadIndex || !entry.engine.restore) return false;
    const index = await store.loadIndex(entry.project, entry.collection).catch((error: unknown) => {
      console.warn(`[trove service] the index of ${entry.project}/${entry.collection} is not readable, building it: ${String(error)}`);
      return undefined;
    });
    const mended = index ? await entry.engine.restore(documents, index) : false;
    if (mended === false) return false;
    entry.applied = documents.length;
    // Documents changed since it was saved: saved again (at close), so that the next start needs no mending.
    entry.saved = mended === 0 ? entry.applied : -1;
    return true;
  }

  /** Keeps the index of every collection that changed since it was saved (never fails: it is a shortcut). */
  async function saveIndexes(): Promise<void> {
    if (!store.saveIndex) return;
    for (const entry of entries.values()) {
      if (entry.saved === entry.applied || !entry.engine.exportIndex) continue;
      try {
        const applied = entry.applied;
        const index = await entry.engine.exportIndex();
        await store.saveIndex(entry.project, entry.collection, index);
        entry.saved = applied;
      } catch (error) {
        console.warn(`[trove service] could not save the index of ${entry.project}/${entry.collection}: ${String(error)}`);
      }
    }
  }

  // Built at this start: saved for the next, a second after (once the service answers), or at close.
  let saving: Promise<void> | undefined;
  const later = [...entries.values()].some((e) => e.saved === -1)
    ? setTimeout(() => {
        saving = saveIndexes();
      }, 1000)
    : undefined;
  later?.unref();

  /**
   * Deletions: the engine is built anew from the documents that stay, in their order (the Engine
   * seam keeps slots dense, and deletions are rare: a post gone from a blog), and takes the old
   * one's place; a read in flight finishes on the old one. Ids the collection lacks cost nothing.
   */
  async function removeFrom(entry: Entry, ids: readonly string[]): Promise<void> {
    const gone = new Set(ids);
    const before = await entry.engine.snapshot();
    const kept = before.filter((doc) => !gone.has(doc.id));
    if (kept.length === before.length) return;
    const engine = createEngine(entry.project, entry.collection);
    await engine.upsert(kept);
    entry.engine = engine;
  }

  const registry: Registry = {
    store,

    find(project, collection) {
      const entry = entries.get(collectionKey(project, collection));
      if (entry) return entry.engine;
      const projectKnown = [...entries.values()].some((e) => e.project === project);
      throw new ServiceError(
        404,
        projectKnown
          ? `Collection "${collection}" of project "${project}" has never been indexed`
          : `Project "${project}" not found (nothing has been indexed into it)`,
      );
    },

    index(project, collection, documents) {
      return store.append(project, collection, documents);
    },

    async delete(project, collection, ids) {
      registry.find(project, collection);
      await store.append(project, collection, [], ids);
    },

    async list() {
      return Promise.all(
        [...entries.values()].map(async (e) => ({ project: e.project, collection: e.collection, documents: await e.engine.count() })),
      );
    },

    async close() {
      clearTimeout(later);
      await saving;
      await saveIndexes();
      await store.close();
      await Promise.all([...entries.values()].map((e) => e.engine.close()));
      entries.clear();
    },
  };
  return registry;
}
