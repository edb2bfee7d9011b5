import { describe, expect, it } from 'vitest';
import { documentId } from '../src/documentId.ts';
import { toV1Document } from '../src/toV1Document.ts';
import { envelope, makeClient, recordingFetch, TOKEN } from './recordingFetch.ts';

const post = {
  id: '42',
  title: 'Rust in production',
  content: 'Lessons learned.',
  image: 'https://blog.example/img/42.png',
  url: 'https://blog.example/p/42',
  tags: ['rust'],
  category: ['Engineering'],
  author: ['Ada'],
  date: '2024-03-01T10:00:00Z',
};

describe('index()', () => {
  it('posts the v2 documents as given, as JSON, with the token in the query and resolves on response null', async () => {
    const f = recordingFetch(() => envelope(null));
    const { client } = makeClient({}, f);
    await expect(
      client.index([
        { ...post, id: 42 },
        { id: 7, title: 'x', authors: ['Bo'] },
      ]),
    ).resolves.toBeUndefined();
    const call = f.calls[0];
    expect(call.method).toBe('POST');
    expect(call.query).toEqual([['token', TOKEN]]);
    expect(call.request.headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(await call.body)).toEqual([
      { ...post, id: 42 },
      { id: 7, title: 'x', authors: ['Bo'] },
    ]);
  });

  it('sends every id as the number the related-posts block asks for: whole numbers as they are, other strings hashed', async () => {
    const f = recordingFetch(() => envelope(null));
    const { client } = makeClient({}, f);
    const ids = ['42', '0', '007', 7, 'post-abc', 'https://www.blog.example/p/1/?utm_source=rss', '1e3', '99999999999999999999'];
    await client.index(ids.map((id) => ({ id })));
    const sent = JSON.parse(await f.calls[0].body).map((d: { id: unknown }) => d.id);
    expect(sent.slice(0, 4)).toEqual([42, 0, 7, 7]);
    expect(sent).toEqual(ids.map((id) => documentId(id)));
    expect(sent[5]).toBe(documentId('http://blog.example/p/1'));
    for (const id of sent) expect(Number.isSafeInteger(id) && id >= 0).toBe(true);
  });

  it('sends an id the rule refuses as given, for the service to say what is wrong with it', async () => {
    const f = recordingFetch(() => envelope(null));
    const { client } = makeClient({}, f);
    await client.index([{ id: -1 }, { id: 1.5 }, { id: '' }, { id: null } as never, {} as never]);
    expect(JSON.parse(await f.calls[0].body)).toEqual([{ id: -1 }, { id: 1.5 }, { id: '' }, { id: null }, {}]);
  });

  it('maps v2 field names to the suffixed v1 names and resolves on "Indexed"', async () => {
    const f = recordingFetch(() => envelope('Indexed'));
    const { client } = makeClient({ apiVersion: 'v1' }, f);
    await expect(client.index([post])).resolves.toBeUndefined();
    expect(f.calls[0].url.pathname).toBe('/api/v1/demo/collections/blog/documents');
    expect(JSON.parse(await f.calls[0].body)).toEqual([
      {
        id: 42,
        title_t_bi: 'Rust in production',
        content_t_bi: 'Lessons learned.',
        image_s: 'https://blog.example/img/42.png',
        url_s: 'https://blog.example/p/42',
        tags_sa: ['rust'],
        category_sa: ['Engineering'],
        author_sa: ['Ada'],
        date_dt: '2024-03-01T10:00:00Z',
      },
    ]);
  });

  it('rejects a body that is not an array without a request', async () => {
    const { client, fetch } = makeClient();
    await expect(client.index({ id: 1 } as never)).rejects.toThrow(TypeError);
    expect(fetch.calls).toHaveLength(0);
  });
});

describe('toV1Document()', () => {
  it('maps authors to author_sa, and prefers author when both are given', () => {
    expect(toV1Document({ id: 1, authors: ['Bo'] })).toEqual({ id: 1, author_sa: ['Bo'] });
    expect(toV1Document({ id: 1, authors: ['Bo'], author: ['Ada'] })).toEqual({ id: 1, author_sa: ['Ada'] });
  });

  it('passes other fields unchanged and leaves out undefined ones', () => {
    expect(toV1Document({ id: 'a-1', meta_sa: ['x'], constructor: 'c', title: undefined } as never)).toEqual({
      id: documentId('a-1'),
      meta_sa: ['x'],
      constructor: 'c',
    });
  });
});
