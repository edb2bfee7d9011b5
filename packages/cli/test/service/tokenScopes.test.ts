import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService, type Service } from '../../src/service/createService.ts';
import { removeDir, type Running, startService } from './startService.ts';

const V2 = '/api/v2/projects/demo/collections/blog';
const V1 = '/api/v1/demo/collections/blog';
const intruder = [{ id: 1, title: 'Hijacked by a reader of the page source' }];

async function titleOfPost1(svc: Running): Promise<string> {
  const all = await svc.request(`${V2}/search/default?q=&limit=100&token=read-token`);
  return (all.body.response.results as { id: string; title: string }[]).find((r) => r.id === '1')!.title;
}

describe('token scopes with a write token', () => {
  let svc: Running;
  let original: string;
  beforeAll(async () => {
    svc = await startService({ token: 'read-token', writeToken: 'write-token', seed: 20 });
    original = await titleOfPost1(svc);
  });
  afterAll(async () => {
    await svc.stop();
    removeDir(svc.dataDir);
  });

  const post = (path: string, body: unknown) =>
    svc.request(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

  it('answers 401 when the read token (the one pages publish) tries to index, and changes nothing', async () => {
    const v2 = await post(`${V2}/documents?token=read-token`, intruder);
    expect(v2.status).toBe(401);
    expect(v2.body.response).toMatch(/Read-only token/);
    const v1 = await post(`${V1}/documents?token=read-token`, [{ id: 1, title_t_bi: 'Hijacked' }]);
    expect(v1.status).toBe(401);
    expect(await titleOfPost1(svc)).toBe(original);
  });

  it('answers 401 to a wrong or missing token on indexing, and changes nothing', async () => {
    for (const query of ['?token=nope', '', '?token=']) {
      const res = await post(`${V2}/documents${query}`, intruder);
      expect(res.status).toBe(401);
    }
    const created = await post('/api/v2/projects/demo/collections/elsewhere/documents?token=nope', intruder);
    expect(created.status).toBe(401);
    expect((await svc.request('/_trove/health')).body.collections).toEqual([{ project: 'demo', collection: 'blog', documents: 20 }]);
    expect(await titleOfPost1(svc)).toBe(original);
  });

  it('indexes with the write token', async () => {
    const res = await post(`${V2}/documents?token=write-token`, [{ id: 1, title: 'Quillwort rewritten by the owner' }]);
    expect(res.status).toBe(200);
    expect(await titleOfPost1(svc)).toBe('Quillwort rewritten by the owner');
  });

  it('reads with either token and refuses a wrong one', async () => {
    expect((await svc.request(`${V2}/search/default?q=quillwort&token=read-token`)).body.response.found_documents).toBe(1);
    expect((await svc.request(`${V2}/search/default?q=quillwort&token=write-token`)).status).toBe(200);
    expect((await svc.request(`${V2}/search/default?q=quillwort&token=nope`)).status).toBe(401);
  });
});

describe('token scopes without a write token', () => {
  let service: Service;
  let dataDir: string;
  let server: Server;
  let base: string;
  beforeAll(async () => {
    const svc = await startService({ token: 'read-token', seed: 20 });
    dataDir = svc.dataDir;
    await svc.stop();
    service = await createService({ token: 'read-token', dataDir });
    // A connection that arrived on a public interface of the machine: the socket's local address says so.
    server = createServer((req, res) => {
      // (a kept-alive socket serves the next request too: each request says where it arrived, or gets the real address back)
      if (req.headers['x-test-arrived-on']) {
        Object.defineProperty(req.socket, 'localAddress', { value: req.headers['x-test-arrived-on'], configurable: true });
      } else {
        delete (req.socket as { localAddress?: string }).localAddress;
      }
      service.middleware(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await service.close();
    removeDir(dataDir);
  });

  const index = (title: string, headers: Record<string, string> = {}) =>
    fetch(`${base}${V2}/documents?token=read-token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify([{ id: 1, title }]),
    });
  const search = async (q: string) =>
    ((await (await fetch(`${base}${V2}/search/default?q=${q}&token=read-token`)).json()) as { response: { found_documents: number } })
      .response.found_documents;

  it('refuses indexing with 403 over a connection that is not loopback, and changes nothing', async () => {
    for (const address of ['192.0.2.10', '::ffff:203.0.113.5', '2001:db8::1']) {
      const res = await index('Ptarmigan from afar', { 'x-test-arrived-on': address });
      expect(res.status).toBe(403);
      expect(((await res.json()) as { response: string }).response).toMatch(/loopback only/);
    }
    expect(await search('ptarmigan')).toBe(0);
  });

  it('indexes with the read token over loopback', async () => {
    expect((await index('Ptarmigan at home')).status).toBe(200);
    expect(await search('ptarmigan')).toBe(1);
  });
});
