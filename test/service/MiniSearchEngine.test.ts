import { describe, expect, it } from 'vitest';
import { MiniSearchEngine } from '../../src/service/MiniSearchEngine.ts';
import { validateDocuments } from '../../src/service/validateDocuments.ts';
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

  it('matches a query of common words alone in titles, not in content', async () => {
    expect(await ids('the')).toEqual([]);
    expect(await ids('for a')).toEqual(['2']);
    expect(await ids('the plates')).toEqual(['2']);
  });
});
