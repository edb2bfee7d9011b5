/**
 * The collections of the service: one Engine per (project, collection), fed by the store — the
 * record of every indexing batch (the data folder, or PostgreSQL shared by several processes).
 * The store calls back for every batch in the record's order, at start and then as batches are
 * recorded (by this process or, with a shared record, another); an indexing request resolves
 * once its batch is durable and applied here. A collection exists once its first batch is; a
 * batch of the delete extension removes documents (it never removes a collection).
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
}

export type CreateEngine = (project: string, collection: string) => Engine;

export async function createRegistry(store: Store, createEngine: CreateEngine): Promise<Registry> {
  const entries = new Map<string, Entry>();
  await store.open(async (project, collection, documents, deleted = []) => {
    const key = collectionKey(project, collection);
    let entry = entries.get(key);
    if (!entry) {
      entry = { project, collection, engine: createEngine(project, collection) };
      entries.set(key, entry);
    }
    if (documents.length || !deleted.length) await entry.engine.upsert(documents);
    if (deleted.length) await removeFrom(entry, deleted);
  });

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
      await store.close();
      await Promise.all([...entries.values()].map((e) => e.engine.close()));
      entries.clear();
    },
  };
  return registry;
}
