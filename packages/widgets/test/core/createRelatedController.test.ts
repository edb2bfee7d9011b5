import { describe, expect, it, vi } from 'vitest';
import { createClient } from 'trove-search-client';
import type { ApiVersion } from 'trove-search-client';
import { createRelatedController, type RelatedSettings } from '../../src/core/createRelatedController.ts';
import { envelope, fakeNetwork, post, type Seen } from './relatedFakeNetwork.ts';

function setup(
  answer: (seen: Seen) => Response | Promise<Response> = () => envelope([post(11), post(12), post(13)]),
  { apiVersion = 'v2', analytics = true, userId }: { apiVersion?: ApiVersion; analytics?: boolean; userId?: string } = {},
) {
  const net = fakeNetwork(answer);
  const client = createClient({
    baseUrl: 'https://search.example.com',
    project: 'demo',
    collection: 'blog',
    token: 'dev-token',
    apiVersion,
    ...(userId ? { userId } : {}),
    sessionId: 'session-1',
    fetch: net.fetch,
    cache: false,
  });
  const controller = createRelatedController({ client, source: null, analytics });
  /** New settings, as the element gives them when its attributes change. */
  const setQuery = (settings: RelatedSettings | null) => controller.update(settings ? { analytics, ...settings } : { source: null });
  /** Choose the post shown at 1-based `position`. */
  const select = (position: number): boolean => controller.select(controller.state.value.posts[position - 1]!, position);
  return { net, controller, setQuery, select };
}

const query = (over: Partial<RelatedSettings> = {}): RelatedSettings => ({
  source: { id: '7', title: 'The current post', url: 'https://blog.example/posts/7/current' },
  limit: 4,
  ...over,
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('createRelatedController', () => {
  it('sends no request until the block is near the viewport, then exactly one', async () => {
    const { net, controller, setQuery } = setup();
    setQuery(query());
    await settle();
    expect(net.recommends()).toHaveLength(0);
    expect(controller.state.value.status).toBe('idle');

    controller.setNear(true);
    await vi.waitFor(() => expect(controller.state.value.status).toBe('ready'));
    controller.setNear(false);
    controller.setNear(true);
    setQuery(query());
    await settle();
    expect(net.recommends()).toHaveLength(1);
    expect(controller.state.value.posts.map((r) => r.id)).toEqual(['11', '12', '13']);
  });

  it('loads at once when the query arrives while already near (eager)', async () => {
    const { net, controller, setQuery } = setup();
    controller.setNear(true);
    expect(controller.state.value.status).toBe('idle');
    setQuery(query());
    expect(controller.state.value.status).toBe('loading');
    await vi.waitFor(() => expect(controller.state.value.status).toBe('ready'));
    expect(net.recommends()).toHaveLength(1);
  });

  it('sends id, title, url, limit, every filter and sort in v2, with the handler in the path', async () => {
    const { net, controller, setQuery } = setup();
    controller.setNear(true);
    setQuery(query({ limit: 6, filter: ['category:"Web dev"', 'tags:"css"'], sort: 'date desc', handler: 'similar' }));
    await vi.waitFor(() => expect(net.recommends()).toHaveLength(1));
    const [request] = net.recommends();
    expect(request!.method).toBe('GET');
    expect(request!.path).toBe('/api/v2/projects/demo/collections/blog/recommend/similar');
    const p = request!.params;
    expect(p.get('id')).toBe('7');
    expect(p.get('title')).toBe('The current post');
    expect(p.get('url')).toBe('https://blog.example/posts/7/current');
    expect(p.get('limit')).toBe('6');
    expect(p.getAll('filter')).toEqual(['category:"Web dev"', 'tags:"css"']);
    expect(p.get('sort')).toBe('date desc');
    expect(p.get('token')).toBe('dev-token');
    expect(p.get('session_id')).toBe('session-1');
  });

  it('uses the default recommender when no handler is set', async () => {
    const { net, controller, setQuery } = setup();
    controller.setNear(true);
    setQuery(query());
    await vi.waitFor(() => expect(net.recommends()).toHaveLength(1));
    expect(net.recommends()[0]!.path).toMatch(/^\/api\/v2\/projects\/demo\/collections\/blog\/recommend\/?$/);
  });

  it('never sends filter or sort in v1', async () => {
    const { net, controller, setQuery } = setup(undefined, { apiVersion: 'v1' });
    controller.setNear(true);
    setQuery(query({ filter: ['category:"News"'], sort: 'date desc' }));
    await vi.waitFor(() => expect(controller.state.value.status).toBe('ready'));
    const [request] = net.recommends();
    expect(request!.path).toMatch(/^\/api\/v1\/demo\/collections\/blog\/recommend\/?$/);
    expect(request!.params.get('id')).toBe('7');
    expect(request!.params.get('limit')).toBe('4');
    expect(request!.params.has('filter')).toBe(false);
    expect(request!.params.has('sort')).toBe(false);
  });

  it('leaves out title and url when the page has none', async () => {
    const { net, controller, setQuery } = setup();
    controller.setNear(true);
    setQuery({ source: { id: '7' }, limit: 4 });
    await vi.waitFor(() => expect(net.recommends()).toHaveLength(1));
    expect(net.recommends()[0]!.params.has('title')).toBe(false);
    expect(net.recommends()[0]!.params.has('url')).toBe(false);
  });

  it('hides when the service returns no documents', async () => {
    const { controller, setQuery } = setup(() => envelope([]));
    controller.setNear(true);
    setQuery(query());
    expect(controller.state.value.hidden).toBe(false);
    await vi.waitFor(() => expect(controller.state.value.status).toBe('empty'));
    expect(controller.state.value.hidden).toBe(true);
    expect(controller.state.value.posts).toEqual([]);
  });

  it('hides and reports the error when the service fails', async () => {
    const { controller, setQuery } = setup(() => new Response('boom', { status: 500 }));
    controller.setNear(true);
    setQuery(query());
    await vi.waitFor(() => expect(controller.state.value.status).toBe('error'));
    expect(controller.state.value.hidden).toBe(true);
    expect(controller.state.value.error).toBeInstanceOf(Error);
  });

  it('hides instead of throwing when the answer is malformed', async () => {
    const { controller, setQuery } = setup(
      () => new Response('{"time":1,"code":200,"response":{"results":"nope"}}', { headers: { 'content-type': 'application/json' } }),
    );
    controller.setNear(true);
    setQuery(query());
    await vi.waitFor(() => expect(controller.state.value.hidden).toBe(true));
  });

  it('shows no more posts than asked for', async () => {
    const { controller, setQuery } = setup(() => envelope([post(1), post(2), post(3), post(4), post(5)]));
    controller.setNear(true);
    setQuery(query({ limit: 2 }));
    await vi.waitFor(() => expect(controller.state.value.status).toBe('ready'));
    expect(controller.state.value.posts.map((r) => r.id)).toEqual(['1', '2']);
  });

  it('reloads when the doc id changes, at once when near and otherwise when it gets near', async () => {
    const { net, controller, setQuery } = setup(({ params }) => envelope([post(Number(params.get('id')) * 10)]));
    controller.setNear(true);
    setQuery(query());
    await vi.waitFor(() => expect(controller.state.value.posts[0]?.id).toBe('70'));

    setQuery(query({ source: { id: '8' } }));
    expect(controller.state.value.posts).toEqual([]);
    await vi.waitFor(() => expect(controller.state.value.posts[0]?.id).toBe('80'));
    expect(net.recommends()).toHaveLength(2);

    controller.setNear(false);
    setQuery(query({ source: { id: '9' } }));
    await settle();
    expect(net.recommends()).toHaveLength(2);
    expect(controller.state.value.status).toBe('idle');
    controller.setNear(true);
    await vi.waitFor(() => expect(controller.state.value.posts[0]?.id).toBe('90'));
    expect(net.recommends()).toHaveLength(3);
  });

  it('shows again after an empty answer when the doc id changes', async () => {
    const { controller, setQuery } = setup(({ params }) => envelope(params.get('id') === '1' ? [] : [post(5)]));
    controller.setNear(true);
    setQuery(query({ source: { id: '1' } }));
    await vi.waitFor(() => expect(controller.state.value.hidden).toBe(true));
    setQuery(query({ source: { id: '2' } }));
    expect(controller.state.value.hidden).toBe(false);
    await vi.waitFor(() => expect(controller.state.value.status).toBe('ready'));
  });

  it('drops a stale answer: the older request is aborted and the newer query wins', async () => {
    let releaseFirst: (r: Response) => void = () => {};
    const { net, controller, setQuery } = setup(({ params }) =>
      params.get('id') === '1' ? new Promise<Response>((resolve) => (releaseFirst = resolve)) : envelope([post(2)]),
    );
    controller.setNear(true);
    setQuery(query({ source: { id: '1' } }));
    await vi.waitFor(() => expect(net.recommends()).toHaveLength(1));
    setQuery(query({ source: { id: '2' } }));
    await vi.waitFor(() => expect(controller.state.value.status).toBe('ready'));
    releaseFirst(envelope([post(1)]));
    await settle();
    expect(net.recommends()[0]!.aborted).toBe(true);
    expect(controller.state.value.posts.map((r) => r.id)).toEqual(['2']);
    expect(controller.state.value.error).toBeNull();
  });

  it('sends recommendation feedback with the source, the target and the 1-based position', async () => {
    const { net, controller, setQuery, select } = setup(undefined, { userId: 'reader-9' });
    controller.setNear(true);
    setQuery(query());
    await vi.waitFor(() => expect(controller.state.value.status).toBe('ready'));
    expect(select(2)).toBe(true);
    await vi.waitFor(() => expect(net.feedback()).toHaveLength(1));
    const [hit] = net.feedback();
    expect(hit!.path).toMatch(/^\/api\/v2\/projects\/demo\/collections\/blog\/recommend\/feedback\/hits$/);
    const p = hit!.params;
    expect(p.get('source_id')).toBe('7');
    expect(p.get('source_title')).toBe('The current post');
    expect(p.get('source_url')).toBe('https://blog.example/posts/7/current');
    expect(p.get('target_id')).toBe('12');
    expect(p.get('target_title')).toBe('Post 12');
    expect(p.get('target_url')).toBe('/posts/12/post-12');
    expect(p.get('item_order')).toBe('2');
    expect(p.get('session_id')).toBe('session-1');
    expect(p.get('user_id')).toBe('reader-9');
    expect(p.get('token')).toBe('dev-token');
  });

  it('sends feedback to the custom recommender handler', async () => {
    const { net, controller, setQuery, select } = setup();
    controller.setNear(true);
    setQuery(query({ handler: 'similar' }));
    await vi.waitFor(() => expect(controller.state.value.status).toBe('ready'));
    select(1);
    await vi.waitFor(() => expect(net.feedback()).toHaveLength(1));
    expect(net.feedback()[0]!.path).toBe('/api/v2/projects/demo/collections/blog/recommend/similar/feedback/hits');
    expect(net.feedback()[0]!.params.get('item_order')).toBe('1');
  });

  it('sends no feedback with analytics off', async () => {
    const { net, controller, setQuery, select } = setup(undefined, { analytics: false });
    controller.setNear(true);
    setQuery(query());
    await vi.waitFor(() => expect(controller.state.value.status).toBe('ready'));
    expect(select(1)).toBe(true); // the navigation goes on
    await settle();
    expect(net.feedback()).toHaveLength(0);
  });

  it('sends no feedback in v1, which has no feedback endpoint', async () => {
    const { net, controller, setQuery, select } = setup(undefined, { apiVersion: 'v1' });
    controller.setNear(true);
    setQuery(query());
    await vi.waitFor(() => expect(controller.state.value.status).toBe('ready'));
    expect(select(1)).toBe(true); // the navigation goes on
    await settle();
    expect(net.feedback()).toHaveLength(0);
  });

  it('sends no feedback for a position that is not shown', async () => {
    const { net, controller, setQuery, select } = setup();
    controller.setNear(true);
    setQuery(query());
    await vi.waitFor(() => expect(controller.state.value.status).toBe('ready'));
    expect(select(0)).toBe(false);
    expect(select(4)).toBe(false);
    await settle();
    expect(net.feedback()).toHaveLength(0);
  });

  it('aborts the request in flight on dispose and ignores its answer', async () => {
    const { net, controller, setQuery } = setup(() => new Promise<Response>(() => {}));
    controller.setNear(true);
    setQuery(query());
    await vi.waitFor(() => expect(net.recommends()).toHaveLength(1));
    controller.dispose();
    await vi.waitFor(() => expect(net.recommends()[0]!.aborted).toBe(true));
    await settle();
    expect(controller.state.value.error).toBeNull();
    expect(controller.state.value.hidden).toBe(false);
  });
});
