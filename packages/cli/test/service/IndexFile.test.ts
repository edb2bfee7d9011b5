import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Engine } from '../../src/service/engine/Engine.ts';
import { generatePosts } from '../../src/service/sample/generatePosts.ts';
import { commonQueries, generateSkewedPosts } from '../../src/service/sample/generateSkewedPosts.ts';
import { INDEX_FORMAT, IndexFileError, IndexWriter, openIndexFile } from '../../src/service/engine/IndexFile.ts';
import { MiniSearchEngine } from '../../src/service/engine/MiniSearchEngine.ts';
import type { StoredDocument } from '../../src/service/types.ts';
import { validateDocuments } from '../../src/service/endpoints/validateDocuments.ts';
import { removeDir, startService } from './startService.ts';

const built = async (docs: readonly StoredDocument[]) => {
  const engine = new MiniSearchEngine();
  await engine.upsert(docs);
  return engine;
};

/** Every kind of answer an engine gives, for a set of queries: search (sorted, filtered, faceted), autocomplete, recommend. */
async function answers(engine: Engine, queries: string[], docs: readonly StoredDocument[]): Promise<string> {
  const out: unknown[] = [];
  const tag = docs[0]!.tags[0]!;
  for (const q of queries) {
    for (const sort of [undefined, 'date desc', 'title asc'] as const) {
      for (const filters of [[], [{ field: 'tags' as const, value: tag }]]) {
        out.push(await engine.search({ q, filters, sort, skip: 0, limit: 12, facets: true, titleBoost: 2, spelling: true }));
      }
    }
    out.push(await engine.search({ q: q.slice(0, 3), fields: ['title'], filters: [], skip: 0, limit: 8, facets: false, titleBoost: 1 }));
    out.push(await engine.suggest({ text: q.slice(0, 2), filters: [], limit: 3 }));
  }
  for (const doc of docs.slice(0, 20)) {
    out.push(await engine.related({ id: doc.id, filters: [], skip: 0, limit: 4, facets: false, titleBoost: 1 }));
  }
  return JSON.stringify(out);
}

const corpora = {
  'the generated posts': {
    docs: validateDocuments(generatePosts(600), 'v2'),
    queries: ['rust', 'garden tomatoes', 'sourdo', 'travelling light', 'kyoto', 'zzzz', 'debuging'],
  },
  'the skewed corpus': {
    docs: validateDocuments(generateSkewedPosts(600), 'v2'),
    queries: [...commonQueries(8), 'zzzz'],
  },
};

describe('the persisted engine index', () => {
  for (const [name, { docs, queries }] of Object.entries(corpora)) {
    it(`answers as an engine built from the documents, on ${name}`, async () => {
      const source = await built(docs);
      const index = await source.exportIndex();
      const restored = new MiniSearchEngine();
      expect(await restored.restore(docs, index)).toBe(0);
      expect(await answers(restored, queries, docs)).toBe(await answers(await built(docs), queries, docs));
      // And it goes on as one: a later batch (new and replaced documents) lands the same.
      const batch = [
        { ...docs[3]!, title: 'Quite another title', content: 'Entirely new words: xylophone quartz.' },
        { ...docs[0]!, id: 'new-1', title: 'A newcomer about xylophone' },
      ];
      const fresh = await built(docs);
      await fresh.upsert(batch);
      await restored.upsert(batch);
      expect(await answers(restored, [...queries, 'xylophone', 'quartz'], docs)).toBe(
        await answers(fresh, [...queries, 'xylophone', 'quartz'], docs),
      );
    });
  }

  it('takes no more bytes than the documents it indexes, and says its format', async () => {
    for (const { docs } of Object.values(corpora)) {
      const index = await (await built(docs)).exportIndex();
      expect(index.length).toBeLessThanOrEqual(JSON.stringify(docs).length);
      expect(Buffer.from(index.subarray(0, 8)).toString()).toBe('TROVEIDX');
      expect(new DataView(index.buffer, index.byteOffset).getUint32(8, true)).toBe(INDEX_FORMAT);
    }
  });

  it('keeps the documents as the truth: the ones changed or added since are indexed from their text', async () => {
    const { docs, queries } = corpora['the skewed corpus'];
    const index = await (await built(docs)).exportIndex();
    const now = docs.map((doc, i) => {
      if (i % 7 === 0) return { ...doc, content: `${doc.content} rewritten marmalade` };
      if (i % 11 === 0) return { ...doc, title: `Renamed ${i}`, ts: doc.ts === undefined ? 0 : doc.ts + 86_400_000 };
      return doc;
    });
    now.push({ ...docs[1]!, id: 'added', title: 'Marmalade added since' });
    const restored = new MiniSearchEngine();
    const mended = await restored.restore(now, index);
    expect(mended).toBe(now.filter((doc, i) => doc !== docs[i]).length);
    const all = [...queries, 'marmalade', 'renamed', ''];
    expect(await answers(restored, all, now)).toBe(await answers(await built(now), all, now));
  });

  it('is not trusted for other documents: other ids, fewer documents, most of them changed', async () => {
    const { docs } = corpora['the generated posts'];
    const index = await (await built(docs)).exportIndex();
    const tries = [
      docs.slice(0, 500), // documents missing
      docs.map((doc, i) => (i < 400 ? { ...doc, content: 'other words' } : doc)), // most changed
      [...docs].reverse(), // another order of slots
    ];
    for (const other of tries) expect(await new MiniSearchEngine().restore(other, index)).toBe(false);
  });

  it('is refused when its format, checksum or length is not what was written, and leaves the engine empty', async () => {
    const { docs } = corpora['the generated posts'];
    const index = await (await built(docs)).exportIndex();
    const withByte = (at: number, value: number) => {
      const copy = Uint8Array.from(index);
      copy[at] = value;
      return copy;
    };
    const bad = {
      format: withByte(8, INDEX_FORMAT + 1),
      magic: withByte(0, 0x58),
      checksum: withByte(12, index[12]! ^ 0xff),
      body: withByte(index.length - 3, index[index.length - 3]! ^ 0x01),
      truncated: index.slice(0, index.length - 100),
      empty: new Uint8Array(0),
      header: index.slice(0, 24),
      'not bytes': 'TROVEIDX' as unknown as Uint8Array,
    };
    for (const [what, file] of Object.entries(bad)) {
      expect(() => openIndexFile(file), what).toThrow(IndexFileError);
      const engine = new MiniSearchEngine();
      expect(await engine.restore(docs, file), what).toBe(false);
      expect(await engine.count()).toBe(0);
      // Then built from the documents as usual.
      await engine.upsert(docs);
      expect(await engine.count()).toBe(docs.length);
    }
  });

  it('refuses a body whose checksum holds but whose content cannot be an index', async () => {
    const { docs } = corpora['the generated posts'];
    const writer = new IndexWriter();
    writer.array(new Uint32Array(docs.length * 2)); // fingerprints that match nothing
    const engine = new MiniSearchEngine();
    expect(await engine.restore(docs, writer.finish())).toBe(false);
    // Fingerprints that match, then a text index that ends early.
    const real = openIndexFile(await (await built(docs)).exportIndex());
    const partial = new IndexWriter();
    partial.array(real.uint32s());
    partial.u32(docs.length);
    expect(await new MiniSearchEngine().restore(docs, partial.finish())).toBe(false);
  });
});

describe('the persisted index in the data folder', () => {
  it('is saved beside the snapshot; a damaged or old one is rebuilt from the documents, never served', async () => {
    let s = await startService({ seed: 300 });
    const dataDir = s.dataDir;
    const file = join(dataDir, 'collections', 'demo', 'blog.index');
    const search = async (q: string) =>
      (await s.request(`/api/v2/projects/demo/collections/blog/search/default?token=test-token&q=${encodeURIComponent(q)}&limit=50`)).body
        .response;
    const reopen = async () => {
      await s.stop();
      s = await startService({ dataDir, seed: false });
    };
    try {
      const expected = JSON.stringify(await search('garden'));
      await reopen();
      const saved = readFileSync(file);
      expect(() => openIndexFile(saved)).not.toThrow();
      expect(JSON.stringify(await search('garden'))).toBe(expected);
      const damages: ((b: Buffer) => Buffer)[] = [
        (b) => b.subarray(0, b.length / 2), // truncated
        (b) => Buffer.concat([b.subarray(0, 8), Buffer.from([INDEX_FORMAT + 1, 0, 0, 0]), b.subarray(12)]), // another format
        (b) => {
          const copy = Buffer.from(b);
          copy[copy.length - 10]! ^= 0x40; // a bit flipped in the postings
          return copy;
        },
      ];
      for (const damage of damages) {
        await s.stop();
        writeFileSync(file, damage(saved));
        s = await startService({ dataDir, seed: false });
        expect(JSON.stringify(await search('garden'))).toBe(expected);
      }
      // Saved again once rebuilt (at close): the next start reads it.
      await reopen();
      expect(() => openIndexFile(readFileSync(file))).not.toThrow();
      expect(JSON.stringify(await search('garden'))).toBe(expected);
    } finally {
      await s.stop();
      removeDir(dataDir);
    }
  });
});
