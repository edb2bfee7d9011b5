import MiniSearch from 'minisearch';
import { describe, expect, it } from 'vitest';
import { generatePosts } from '../../src/service/sample/generatePosts.ts';
import { seededRandom } from '../../src/service/sample/seededRandom.ts';
import { normalizeTerm } from '../../src/service/engine/normalizeTerm.ts';
import { MEANINGS, type QueryTerm, SPACE_OR_PUNCTUATION, TextIndex, tokenize } from '../../src/service/engine/TextIndex.ts';

/** An index of `docs` (slot = position), built from scratch. */
function indexOf(docs: readonly { title: string; content: string }[]): TextIndex {
  const index = new TextIndex((token) => normalizeTerm(token) || null);
  docs.forEach((doc, slot) => index.add(slot, doc));
  index.flush();
  return index;
}

/** One word as written (no prefix, no typo), title matches weighing twice. */
const wordQuery = (term: string) => ({
  terms: [{ term, prefix: false, fuzzy: false as const }],
  combineWith: 'AND' as const,
  boost: { title: 2, content: 1 },
});

const posts = generatePosts(300).map((p, slot) => ({ slot, title: p.title!, content: p.content! }));

function both() {
  const index = new TextIndex((token) => normalizeTerm(token) || null);
  const mini = new MiniSearch<{ slot: number; title: string; content: string }>({
    idField: 'slot',
    fields: ['title', 'content'],
    processTerm: normalizeTerm,
    // Ours: MiniSearch's split, symbols too.
    tokenize: (text) => text.split(SPACE_OR_PUNCTUATION),
  });
  for (const p of posts) {
    index.add(p.slot, p);
    mini.add(p);
  }
  return { index, mini };
}

describe('TextIndex', () => {
  it('reads the content postings of a prefix’s words up to a budget, the nearest words first; the term itself and titles whole', () => {
    const index = indexOf([
      { title: 'One', content: 'a star' },
      { title: 'Two', content: 'the star again' },
      { title: 'Three', content: 'starting out' },
      { title: 'Four', content: 'starting over' },
      { title: 'Starting', content: 'nothing' },
      { title: 'Six', content: 'sta' },
    ]);
    const query = {
      terms: [{ term: 'sta', prefix: true, fuzzy: false as const }],
      combineWith: 'AND' as const,
      boost: { title: 2, content: 1 },
    };
    expect([...index.search(query, 6).slots].sort()).toEqual([0, 1, 2, 3, 4, 5]);
    expect([...index.search({ ...query, expansionBudget: 2 }, 6).slots].sort()).toEqual([0, 1, 4, 5]);
    expect([...index.search({ ...query, expansionBudget: 1 }, 6).slots].sort()).toEqual([4, 5]);
  });

  it('tells, when asked, which matches have every term in their title (a prefix or a typo counting as in search)', () => {
    const index = indexOf([
      { title: 'Rye starter notes', content: 'flour' },
      { title: 'Rye bread', content: 'a starter' },
      { title: 'Spelt', content: 'rye and a starter' },
      { title: 'Ryes and startes', content: '' },
    ]);
    const terms: QueryTerm[] = [
      { term: 'rye', prefix: false, fuzzy: false },
      { term: 'startr', prefix: true, fuzzy: 1 },
    ];
    const found = index.search({ terms, combineWith: 'AND', boost: { title: 2, content: 1 }, inTitle: true }, 4);
    expect([...found.slots].sort()).toEqual([0, 1, 2]);
    expect([...found.inTitle!]).toEqual([1, 0, 0, 0]);
    expect(index.search({ terms, combineWith: 'AND', boost: { title: 2, content: 1 } }, 4).inTitle).toBeUndefined();
  });

  it('scores and matches as MiniSearch does: AND, prefix on the last term, typos (a post found by a typo only scored a hundredth), title boost', () => {
    const { index, mini } = both();
    for (const [q, prefix, fuzzy] of [
      ['rust', false, false],
      ['garden notes', true, false],
      ['sourdogh', false, 1],
      ['a week in', true, false],
      ['pho', true, false],
    ] as const) {
      const words = q.split(' ');
      const terms = words.map((term, i): QueryTerm => ({ term, prefix: prefix && i === words.length - 1, fuzzy }));
      const ours = index.search({ terms, combineWith: 'AND', boost: { title: 2, content: 1 } }, posts.length);
      const theirs = mini.search(q, {
        combineWith: 'AND',
        boost: { title: 2 },
        prefix: (_t, i, all) => prefix && i === all.length - 1,
        fuzzy: fuzzy || false,
      });
      expect(
        Array.from(ours.slots).sort((a, b) => a - b),
        q,
      ).toEqual(theirs.map((r) => r.id as number).sort((a, b) => a - b));
      const typoOnly = fuzzy ? 0.01 : 1;
      for (const r of theirs) expect(ours.scores[r.id as number], `${q} #${r.id}`).toBeCloseTo(r.score * typoOnly, 6);
    }
  });

  it('combines with OR counting the distinct terms matched', () => {
    const { index, mini } = both();
    const terms = ['sourdough', 'garden', 'garden'].map((term): QueryTerm => ({ term, prefix: false, fuzzy: false }));
    const ours = index.search({ terms, combineWith: 'OR', boost: { title: 3, content: 1 } }, posts.length);
    const theirs = mini.search('sourdough garden garden', { combineWith: 'OR', boost: { title: 3 } });
    expect(ours.slots.length).toBe(theirs.length);
    for (const r of theirs) expect(ours.scores[r.id as number]).toBeCloseTo(r.score, 6);
  });

  it('replaces a document reading only the fields whose text changed, and scores as if it had been added anew', () => {
    const read: string[] = [];
    const index = new TextIndex((token, field) => {
      read.push(field);
      return normalizeTerm(token) || null;
    });
    const fresh = new TextIndex((token) => normalizeTerm(token) || null);
    index.add(0, { title: 'Quince jam', content: 'Slow cooking of quince' });
    index.add(1, { title: 'Quince tart', content: 'Baking' });
    read.length = 0;
    index.replace(
      0,
      { title: 'Quince jam', content: 'Slow cooking of quince' },
      { title: 'Medlar jelly', content: 'Slow cooking of quince' },
    );
    index.flush();
    expect(read.length).toBeGreaterThan(0);
    expect(read.every((field) => field === 'title')).toBe(true);
    fresh.add(0, { title: 'Medlar jelly', content: 'Slow cooking of quince' });
    fresh.add(1, { title: 'Quince tart', content: 'Baking' });
    fresh.flush();
    for (const term of ['quince', 'jam', 'medlar', 'slow', 'baking']) {
      const query = wordQuery(term);
      const ours = index.search(query, 2);
      const theirs = fresh.search(query, 2);
      expect(Array.from(ours.slots).sort()).toEqual(Array.from(theirs.slots).sort());
      for (const slot of theirs.slots) expect(ours.scores[slot]).toBeCloseTo(theirs.scores[slot]!, 9);
    }
    expect(index.has('jam')).toBe(false);
    expect(index.documentCount).toBe(2);
  });

  it('forgets a removed document and finds it again once re-added with new text', () => {
    const index = new TextIndex((token) => normalizeTerm(token) || null);
    index.add(0, { title: 'Quince jam', content: 'Slow cooking' });
    index.add(1, { title: 'Quince tart', content: 'Baking' });
    const find = (term: string) =>
      Array.from(
        index.search({ terms: [{ term, prefix: false, fuzzy: false }], combineWith: 'AND', boost: { title: 1, content: 1 } }, 2).slots,
      );
    expect(find('quince').sort()).toEqual([0, 1]);
    index.remove(0, { title: 'Quince jam', content: 'Slow cooking' });
    index.flush();
    expect(find('quince')).toEqual([1]);
    expect(find('jam')).toEqual([]);
    expect(index.has('jam')).toBe(false);
    expect(index.documentCount).toBe(1);
    index.add(0, { title: 'Medlar jam', content: '' });
    index.flush();
    expect(find('jam')).toEqual([0]);
    expect(find('quince')).toEqual([1]);
  });

  it('keeps to the allowed slots and the fields given a boost', () => {
    const index = new TextIndex((token) => normalizeTerm(token) || null);
    index.add(0, { title: 'Otters', content: 'river' });
    index.add(1, { title: 'River walk', content: 'otters' });
    const search = (term: string, boost: { title?: number; content?: number }, allowed?: Uint8Array) =>
      Array.from(index.search({ terms: [{ term, prefix: false, fuzzy: false }], combineWith: 'AND', boost, allowed }, 2).slots).sort();
    expect(search('otters', { title: 1, content: 1 })).toEqual([0, 1]);
    expect(search('otters', { title: 1 })).toEqual([0]);
    expect(search('otters', { title: 1, content: 1 }, Uint8Array.of(0, 1))).toEqual([1]);
  });
});

describe('TextIndex with a vocabulary past its cache of token meanings', () => {
  it('counts each document’s distinct words exactly when the cache is emptied (scores stay MiniSearch’s)', () => {
    // One word short of a full cache, then a document that fills it, then one that starts with
    // known words and brings a new one: the cache is emptied before it, not in its middle.
    const big = { slot: 0, title: 'Glossary', content: Array.from({ length: MEANINGS - 1 }, (_, i) => `w${i}`).join(' ') };
    const docs = [
      big,
      { slot: 1, title: 'Short', content: 'w1 fresh w1 w2 fresh' },
      { slot: 2, title: 'Short', content: 'w1 w2 other w1 w2 fresh' },
    ];
    const index = new TextIndex((token) => normalizeTerm(token) || null);
    const mini = new MiniSearch<typeof big>({
      idField: 'slot',
      fields: ['title', 'content'],
      processTerm: normalizeTerm,
      tokenize: (text) => text.split(SPACE_OR_PUNCTUATION),
    });
    for (const doc of docs) {
      index.add(doc.slot, doc);
      mini.add(doc);
    }
    index.flush();
    const ours = index.search(
      { terms: [{ term: 'fresh', prefix: false, fuzzy: false }], combineWith: 'AND', boost: { title: 1, content: 1 } },
      3,
    );
    const theirs = mini.search('fresh');
    expect(theirs.map((r) => r.id).sort()).toEqual([1, 2]);
    for (const r of theirs) expect(ours.scores[r.id as number]).toBeCloseTo(r.score, 9);
  });
});

describe('tokenize', () => {
  it("splits on spaces and punctuation as MiniSearch does, and on symbols, C# and don't included", () => {
    expect(tokenize("Don't ship C# on a Friday-night, e.g. 5.0")).toEqual([
      'Don',
      't',
      'ship',
      'C',
      'on',
      'a',
      'Friday',
      'night',
      'e',
      'g',
      '5',
      '0',
    ]);
    expect(tokenize('C++ and Node.js')).toEqual(['C', 'and', 'Node', 'js']);
    expect(tokenize('<darkseid99@usa.net> paper=a4')).toEqual(['', 'darkseid99', 'usa', 'net', 'paper', 'a4']);
  });

  it('gives the tokens of a split on SPACE_OR_PUNCTUATION for any text: separators at either end, runs of them, tabs, symbols, non-ASCII spaces and punctuation, astral characters and lone surrogates', () => {
    const alphabet = [
      'a',
      'Z',
      '7',
      ' ',
      '\t',
      '\n',
      '\r',
      '.',
      ',',
      '-',
      '_',
      '#',
      '+',
      '$',
      '|',
      '~',
      '\u00a0',
      '\u2014',
      '\u2019',
      '\u3000',
      '\u00e9',
      '\u{1F600}',
      '\u{10100}',
      '\u{1D400}',
      '\ud800',
      '\udc00',
      'ß',
    ];
    const rnd = seededRandom(5);
    for (let n = 0; n < 2000; n++) {
      const text = Array.from({ length: Math.floor(rnd() * 12) }, () => alphabet[Math.floor(rnd() * alphabet.length)]!).join('');
      expect(tokenize(text), JSON.stringify(text)).toEqual(text.split(SPACE_OR_PUNCTUATION));
    }
  });

  it('cuts text without spaces into its words, and only that text', () => {
    expect(tokenize('今日は電車で天気を確認')).toEqual(['今日', 'は', '電車', 'で', '天気', 'を', '確認']);
    expect(tokenize('Rust的异步, C#')).toEqual(['Rust', '的', '异步', 'C', '']);
    expect(tokenize('ภาษาไทยง่าย')).toEqual(['ภาษา', 'ไทย', 'ง่าย']);
  });

  it('indexes the words of Chinese text, each findable on its own', () => {
    const index = new TextIndex((token) => normalizeTerm(token) || null);
    index.add(0, { title: '异步编程', content: '我们学习并发' });
    index.add(1, { title: 'Plain', content: 'nothing here' });
    index.flush();
    const find = (term: string) => [
      ...index.search({ terms: [{ term, prefix: false, fuzzy: false }], combineWith: 'AND', boost: { title: 1, content: 1 } }, 2).slots,
    ];
    expect(find('异步')).toEqual([0]);
    expect(find('学习')).toEqual([0]);
    expect(find('异步编程')).toEqual([]);
  });
});

describe('TextIndex updates', () => {
  it('answers after many small batches of replaced documents as an index built from the final documents', () => {
    const rnd = seededRandom(11);
    const vocabulary = ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta', 'theta', 'kappa'];
    const text = () => Array.from({ length: 1 + Math.floor(rnd() * 6) }, () => vocabulary[Math.floor(rnd() * vocabulary.length)]).join(' ');
    const docs = Array.from({ length: 300 }, () => ({ title: text(), content: text() }));
    const updated = indexOf(docs);
    for (let batch = 0; batch < 60; batch++) {
      // Each document at most once per flush, as MiniSearchEngine.upsert makes it.
      const slots = new Set(Array.from({ length: 1 + Math.floor(rnd() * 5) }, () => Math.floor(rnd() * docs.length)));
      for (const slot of slots) {
        updated.remove(slot, docs[slot]!);
        docs[slot] = { title: text(), content: text() };
        updated.add(slot, docs[slot]!);
      }
      updated.flush();
    }
    const fresh = indexOf(docs);
    for (const term of vocabulary) {
      const query = wordQuery(term);
      const a = updated.search(query, docs.length);
      const b = fresh.search(query, docs.length);
      expect([...a.slots].sort((x, y) => x - y)).toEqual([...b.slots].sort((x, y) => x - y));
      for (const slot of a.slots) expect(a.scores[slot]).toBeCloseTo(b.scores[slot]!, 10);
    }
  });
});

describe('TextIndex updates of long postings lists', () => {
  it('answers as a fresh index while edits leave removed slots in place and new ones out of order, and after it sorts them again', () => {
    const rnd = seededRandom(5);
    const make = (slot: number, round: number) => ({
      title: `post ${slot % 7 === round % 7 ? 'common' : 'rare'} ${round % 3 === 0 ? 'shared' : 'other'}`,
      content: `${rnd() < 0.5 ? 'common' : 'seldom'} words ${rnd() < 0.1 ? 'shared' : ''} r${round % 5}`,
    });
    const docs = Array.from({ length: 2000 }, (_, slot) => make(slot, 0));
    const updated = indexOf(docs);
    const compare = () => {
      const fresh = indexOf(docs);
      for (const term of ['common', 'shared', 'seldom', 'rare', 'r1', 'r4', 'words', 'post']) {
        const query = wordQuery(term);
        const a = updated.search(query, docs.length);
        const b = fresh.search(query, docs.length);
        expect(
          [...a.slots].sort((x, y) => x - y),
          term,
        ).toEqual([...b.slots].sort((x, y) => x - y));
        for (const slot of a.slots) expect(a.scores[slot]).toBeCloseTo(b.scores[slot]!, 10);
        expect(updated.closeTerms(term, 0)).toEqual(fresh.closeTerms(term, 0));
        expect(updated.documentFrequency(term), term).toBe(fresh.documentFrequency(term));
      }
    };
    for (let round = 1; round <= 150; round++) {
      // A few posts edited per batch, anywhere in the collection: most changes fall inside long lists.
      const slots = new Set(Array.from({ length: 3 }, () => Math.floor(rnd() * docs.length)));
      for (const slot of slots) {
        const before = docs[slot]!;
        docs[slot] = make(slot, round);
        updated.replace(slot, before, docs[slot]!);
      }
      updated.flush();
      if (round % 25 === 0) compare();
    }
  });
});
