import { describe, expect, it } from 'vitest';
import { generatePosts } from '../../src/service/sample/generatePosts.ts';
import { MiniSearchEngine } from '../../src/service/engine/MiniSearchEngine.ts';
import { validateDocuments } from '../../src/service/endpoints/validateDocuments.ts';
import { describeEngine } from './engineContract.ts';

describeEngine('MiniSearchEngine', () => new MiniSearchEngine());

describe('MiniSearchEngine specifics', () => {
  const docs = validateDocuments(
    [
      { id: 1, title: 'Shipping a C# desktop tool', content: 'Clean code in the evening.' },
      { id: 2, title: 'Cooking for a crowd', content: 'Count the chairs and the plates.' },
      { id: 3, title: 'Notes', content: 'The rest is in the notes.' },
    ],
    'v2',
  );
  const ids = async (q: string) => {
    const engine = new MiniSearchEngine();
    await engine.upsert(docs);
    return (await engine.search({ q, filters: [], skip: 0, limit: 10, facets: false, titleBoost: 2 })).hits.map((d) => d.id).sort();
  };

  it('matches a one-letter query as a word, not as the prefix of every word', async () => {
    expect(await ids('C#')).toEqual(['1']);
    expect(await ids('co')).toEqual(['1', '2']);
  });

  it('splits words at symbols as at punctuation: <, =, + hold no word', async () => {
    const engine = new MiniSearchEngine();
    await engine.upsert(
      validateDocuments([{ id: 'm', title: 'Manual', content: 'Written by <darkseid99@usa.net>; set width=80 and paper=a4.' }], 'v2'),
    );
    const found = async (q: string) =>
      (await engine.search({ q, filters: [], skip: 0, limit: 10, facets: false, titleBoost: 2 })).hits.length;
    expect(await found('darkseid99')).toBe(1);
    expect(await found('width')).toBe(1);
    expect(await found('paper a4')).toBe(1);
  });

  it('takes one letter typed into the box as the start of a title’s word, even a letter that is a common word', async () => {
    const engine = new MiniSearchEngine();
    await engine.upsert(docs);
    const box = async (q: string) =>
      (await engine.search({ q, filters: [], skip: 0, limit: 10, facets: false, titleBoost: 2, titleFirst: true })).hits.map((d) => d.id);
    expect(await box('n')).toEqual(['3']);
    expect((await box('a')).length).toBeGreaterThan(0);
    expect(await box('sh')).toEqual(['1']);
  });

  it('matches a query of common words alone in titles, not in content', async () => {
    expect(await ids('the')).toEqual([]);
    expect(await ids('for a')).toEqual(['2']);
    expect(await ids('the plates')).toEqual(['2']);
  });
});

describe('MiniSearchEngine: facet counts through many small replacements', () => {
  it('counts facets as an engine given only the final documents does, whatever share of documents matches', async () => {
    const posts = validateDocuments(generatePosts(400), 'v2');
    const kept = new MiniSearchEngine();
    await kept.upsert(posts);
    const latest = new Map(posts.map((p) => [p.id, p]));
    // Replacements with fewer, as many and more facet values than before (written over, or appended).
    for (let round = 0; round < 300; round++) {
      const batch = Array.from({ length: 5 }, (_, i) => {
        const post = posts[(round * 7 + i * 13) % posts.length]!;
        const tags = Array.from({ length: (round + i) % 6 }, (_, t) => `tag ${(round + t) % 9}`);
        return { ...post, tags, categories: round % 3 === 0 ? [] : post.categories };
      });
      await kept.upsert(batch);
      for (const doc of batch) latest.set(doc.id, doc);
    }
    const fresh = new MiniSearchEngine();
    await fresh.upsert([...latest.values()]);
    for (const q of ['', 'a', 'garden', 'zzzz']) {
      for (const filters of [[], [{ field: 'tags' as const, value: 'tag 3' }]]) {
        const request = { q, filters, skip: 0, limit: 5, facets: true, titleBoost: 2 };
        expect((await kept.search(request)).facets).toEqual((await fresh.search(request)).facets);
      }
    }
  });
});

describe('MiniSearchEngine: words inside Chinese, Japanese and Thai text', () => {
  const docs = validateDocuments(
    [
      { id: 'zh', title: '我的异步编程笔记', content: '今天我们学习异步编程和并发。' },
      { id: 'zh-hant', title: '異步編程入門', content: '這是一本關於異步的書。' },
      { id: 'ja', title: '今日の天気', content: '今日は電車で会社に行きました。天気は晴れです。' },
      { id: 'th', title: 'ภาษาไทยง่ายนิดเดียว', content: 'เรียนภาษาไทยทุกวัน' },
      { id: 'en', title: 'Async programming in Rust', content: 'Futures, tasks and executors.' },
    ],
    'v2',
  );
  async function engine() {
    const e = new MiniSearchEngine();
    await e.upsert(docs);
    return e;
  }
  const ids = async (q: string, fields?: ('title' | 'content')[]) =>
    (await (await engine()).search({ q, filters: [], skip: 0, limit: 10, facets: false, titleBoost: 2, fields })).hits
      .map((d) => d.id)
      .sort();

  it('finds a word written inside a sentence without spaces', async () => {
    expect(await ids('异步')).toEqual(['zh']);
    expect(await ids('编程')).toEqual(['zh']);
    expect(await ids('異步')).toEqual(['zh-hant']);
    expect(await ids('電車')).toEqual(['ja']);
    expect(await ids('天気')).toEqual(['ja']);
    expect(await ids('ไทย')).toEqual(['th']);
  });

  it('finds several words of a query written without spaces, all of them (AND)', async () => {
    expect(await ids('异步编程')).toEqual(['zh']);
    expect(await ids('電車 天気')).toEqual(['ja']);
    expect(await ids('電車 编程')).toEqual([]);
  });

  it('suggests titles from their words and the first character of one being typed', async () => {
    expect(await ids('天', ['title'])).toEqual(['ja']);
    expect(await ids('笔记', ['title'])).toEqual(['zh']);
    expect(await ids('電車', ['title'])).toEqual([]);
  });

  it('keeps Latin text split as before, next to Chinese in the same document', async () => {
    expect(await ids('rust')).toEqual(['en']);
    expect(await ids('programming')).toEqual(['en']);
  });
});

describe('MiniSearchEngine: ties broken by id', () => {
  const undated = (ids: string[]) =>
    validateDocuments(
      ids.map((id) => ({ id, title: 'Same', content: 'same' })),
      'v2',
    );
  const order = async (ids: string[]) => {
    const engine = new MiniSearchEngine();
    await engine.upsert(undated(ids));
    return (await engine.search({ q: '', filters: [], sort: 'date desc', skip: 0, limit: 20, facets: false, titleBoost: 2 })).hits.map(
      (d) => d.id,
    );
  };

  it('orders whole-number ids by their value, as collated numerically', async () => {
    expect(await order(['100', '9', '4503599627370496', '10', '0', '99'])).toEqual(['0', '9', '10', '99', '100', '4503599627370496']);
  });

  it('orders ids past 2^53 as collated, exactly', async () => {
    expect(await order(['9007199254740993', '9007199254740992', '10', '9'])).toEqual(['9', '10', '9007199254740992', '9007199254740993']);
  });

  it('collates ids that are not all whole numbers, numbers inside them by value', async () => {
    expect(await order(['a10', '10', 'a9', '007', 'B2', '9'])).toEqual(['007', '9', '10', 'a9', 'a10', 'B2']);
  });
});

describe('MiniSearchEngine: what a recommend reads in a large collection', () => {
  it('leaves out a word of the source whose posts would pass the budget of 30,000 read: a tie of two posts of its tag goes to the newer', async () => {
    // 34,000 posts: "alpha" in 16,500 of them, "beta" in 14,000; the source has both and "zircon", a word one other post has.
    const posts: { id: number; title: string; content: string; tags?: string[]; date?: string }[] = [];
    for (let id = 0; id < 34_000; id++) {
      posts.push({ id, title: `Post ${id}`, content: id < 16_500 ? 'alpha' : id < 30_500 ? 'beta' : 'filler' });
    }
    posts.push({ id: 40_000, title: 'Source', content: 'zircon beta alpha', tags: ['t'], date: '2020-01-01' });
    posts.push({ id: 40_001, title: 'Older', content: 'alpha', tags: ['t'], date: '2020-02-01' });
    posts.push({ id: 40_002, title: 'Newer', content: 'filler', tags: ['t'], date: '2020-03-01' });
    posts.push({ id: 40_003, title: 'Rare', content: 'zircon', date: '2019-01-01' });
    const engine = new MiniSearchEngine();
    await engine.upsert(validateDocuments(posts, 'v2'));
    const page = await engine.related({ id: '40000', filters: [], skip: 0, limit: 4, facets: false, titleBoost: 2 });
    // "zircon" and "beta" are read (14,002 posts); "alpha" (16,500 more) is not, so "Older" gains nothing by it.
    expect(page.hits.map((d) => d.title).slice(0, 2)).toEqual(['Newer', 'Older']);
  });
});
