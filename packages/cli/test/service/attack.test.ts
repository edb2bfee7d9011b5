/**
 * `trove serve` under attack (issue 23), one block per row of the findings: hostile queries,
 * bodies sent before a token, helpers, feedback, ids, cross-site writes, names and the rest.
 * Everything runs over loopback against the service as `trove serve` mounts it (no test hooks,
 * which read bodies themselves), with bounded loops; every socket is closed at the end. The
 * figures at 50,000 posts are printed by `npm run bench -- --service` (bench/serviceAttack.ts).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { AddressInfo } from 'node:net';
import { createFileFeedbackLog } from '../../src/service/store/createFileFeedbackLog.ts';
import { createWorkQueue } from '../../src/service/http/createWorkQueue.ts';
import { isHeavyRequest } from '../../src/service/http/isHeavyRequest.ts';
import { createService, type Service, type ServiceOptions } from '../../src/service/createService.ts';
import { LIMITS } from '../../src/service/limits.ts';
import { runServe } from '../../src/service/runServe.ts';
import { removeDir } from './startService.ts';

const V2 = '/api/v2/projects/demo/collections/blog';

interface Plain {
  base: string;
  port: number;
  dataDir: string;
  service: Service;
  get(path: string, init?: RequestInit): Promise<{ status: number; body: any; headers: Headers }>;
  /** Closes everything and removes the data folder (unless `keepData`). */
  stop(keepData?: boolean): Promise<void>;
}

/** The service as `trove serve` mounts it, on 127.0.0.1:0. `arrivedOn` fakes the local address of every connection. */
async function serve(options: Partial<ServiceOptions> & { seed?: number; arrivedOn?: string } = {}): Promise<Plain> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'trove-attack-'));
  const service = await createService({ token: 'read-token', ...options, dataDir });
  if (options.seed !== 0) await service.seed(options.seed ?? 60);
  const server: Server = createServer((req, res) => {
    if (options.arrivedOn) Object.defineProperty(req.socket, 'localAddress', { value: options.arrivedOn, configurable: true });
    service.middleware(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const base = `http://127.0.0.1:${port}`;
  return {
    base,
    port,
    dataDir,
    service,
    async get(path, init) {
      const res = await fetch(base + path, init);
      const text = await res.text();
      let body: unknown = text;
      try {
        body = text === '' ? null : JSON.parse(text);
      } catch {
        // not JSON
      }
      return { status: res.status, body, headers: res.headers };
    },
    async stop(keepData = false) {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await service.close();
      if (!keepData) removeDir(dataDir);
    },
  };
}

const json = { 'Content-Type': 'application/json' };

/** A raw connection: write what you like, read what comes back. Closed by `closeAll()`. */
const sockets: Socket[] = [];
function rawConnect(port: number): Promise<{ socket: Socket; received: () => string; closed: Promise<void> }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    sockets.push(socket);
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      text += chunk;
    });
    socket.on('error', () => {});
    const closed = new Promise<void>((done) => socket.once('close', () => done()));
    socket.once('connect', () => resolve({ socket, received: () => text, closed }));
    socket.once('error', reject);
  });
}
function closeAll(): void {
  for (const socket of sockets.splice(0)) socket.destroy();
}

/** A request with a `Host` of our choosing (fetch will not send one), as a page that rebinds its name to 127.0.0.1 sends it. */
function withHost(port: number, method: string, path: string, host: string, body?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers: { Host: host, ...(body ? json : {}) } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function until(check: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

afterEach(closeAll);

describe('a budget per request', () => {
  let s: Plain;
  beforeAll(async () => {
    s = await serve({ seed: 0 });
    const docs = [
      { id: 1, title: 'Kestrel over the moor', content: 'A falcon hovering.', tags: ['Birds'] },
      { id: 2, title: 'Merlin at dusk', content: 'A small falcon.', tags: ['Birds'] },
      { id: 3, title: 'Bread at home', content: 'Flour and water.', tags: ['Cooking'] },
      { id: 4, title: 'Sourdough bread starter', content: 'Flour, water, patience.', tags: ['Cooking'] },
      { id: 5, title: 'a'.repeat(40), content: 'One very long word in the title.', tags: [] },
    ];
    expect((await s.get(`${V2}/documents?token=read-token`, { method: 'POST', headers: json, body: JSON.stringify(docs) })).status).toBe(
      200,
    );
  });
  afterAll(() => s.stop());

  const search = (query: string) => s.get(`${V2}/search/default?token=read-token&${query}`);
  const words = (n: number, word: (i: number) => string) => Array.from({ length: n }, (_, i) => word(i)).join('+');

  it('uses the first 32 terms of a query and ignores the rest', async () => {
    // 32 times "falcon", then a word no post has: under AND it would match nothing if it were used.
    const found = await search(`q=${words(LIMITS.queryTerms, () => 'falcon')}+zzzunknown`);
    expect(found.status).toBe(200);
    expect(found.body.response.found_documents).toBe(2);
    const cut = await search(`q=${words(LIMITS.queryTerms - 1, () => 'falcon')}+zzzunknown`);
    expect(cut.body.response.found_documents).toBe(0);
  });

  it('answers 5,000 terms, a 15,500-letter word and "compared" × 1,700 like short queries', async () => {
    const many = await search(`q=${words(5000, () => 'up')}`);
    expect(many.status).toBe(200);
    const long = await search(`q=${'a'.repeat(15_500)}`);
    expect([long.status, long.body.response.found_documents]).toEqual([200, 0]);
    const repeated = await search(`q=${words(1700, () => 'falcon')}`);
    expect(repeated.body.response.found_documents).toBe((await search('q=falcon')).body.response.found_documents);
  });

  it('tolerates typos only within 32 letters', async () => {
    const long = 'a'.repeat(40);
    expect((await search(`q=${long}`)).body.response.found_documents).toBe(1);
    // One letter off: a typo in a 40-letter word is not looked for.
    expect((await search(`q=${long.slice(0, 39)}b`)).body.response.found_documents).toBe(0);
    expect((await search('q=sourdogh')).body.response.found_documents).toBe(1);
  });

  it('refuses more than 32 filters with a 400 naming the limit', async () => {
    const res = await search(Array.from({ length: LIMITS.filters + 1 }, () => 'filter=tags:%22Birds%22').join('&'));
    expect(res.status).toBe(400);
    expect(res.body.response).toMatch(/Too many filters: 33, at most 32/);
    expect((await search(Array.from({ length: LIMITS.filters }, () => 'filter=tags:%22Birds%22').join('&'))).status).toBe(200);
  });

  it('relates by the first 12 words of a recommend title, however long it is', async () => {
    const rec = (title: string) => s.get(`${V2}/recommend/?token=read-token&id=404&title=${title}`);
    expect((await rec('sourdough+bread')).body.response.found_documents).toBeGreaterThan(0);
    const late = await rec(`${words(LIMITS.titleTerms, (i) => `filler${i}`)}+sourdough+bread`);
    expect([late.status, late.body.response.found_documents]).toEqual([200, 0]);
    expect((await rec(words(5000, () => 'up'))).status).toBe(200);
  });

  it('bounds autocomplete the same way', async () => {
    const many = await s.get(`/api/v2/projects/demo/collections/blog/autocomplete/?token=read-token&q=${words(5000, () => 'up')}`);
    expect(many.status).toBe(200);
    const long = await s.get(`/api/v2/projects/demo/collections/blog/autocomplete/?token=read-token&q=${'b'.repeat(15_000)}`);
    expect([long.status, long.body.response.results]).toEqual([200, []]);
  });

  it('answers an ordinary query among ten hostile ones in flight', async () => {
    const hostile = search(`q=${words(1500, (i) => `falconry${i % 40}`)}`);
    const all = await Promise.all([...Array.from({ length: 10 }, () => hostile), search('q=bread')]);
    expect(all.map((r) => r.status)).toEqual(Array(11).fill(200));
    expect(all[10]!.body.response.found_documents).toBe(2);
  });

  it('lets a waiting ordinary request go before waiting costly ones (createWorkQueue)', async () => {
    const queue = createWorkQueue();
    const order: string[] = [];
    const job = (name: string) => async () => {
      order.push(name);
    };
    await Promise.all([
      queue.run(true, job('costly 1')),
      queue.run(true, job('costly 2')),
      queue.run(false, job('ordinary')),
      queue.run(true, job('costly 3')),
    ]);
    expect(order).toEqual(['ordinary', 'costly 1', 'costly 2', 'costly 3']);
    // Each job has a turn of its own: a request read between two turns goes before the costly ones still waiting.
    order.length = 0;
    const later: Promise<void>[] = [];
    await Promise.all([
      queue.run(true, async () => {
        order.push('costly 1');
        later.push(queue.run(false, job('arrived meanwhile')));
      }),
      queue.run(true, job('costly 2')),
    ]);
    await Promise.all(later);
    expect(order).toEqual(['costly 1', 'arrived meanwhile', 'costly 2']);
    expect(isHeavyRequest({ kind: 'search' } as never, new URLSearchParams('q=sourdough bread'))).toBe(false);
    expect(isHeavyRequest({ kind: 'search' } as never, new URLSearchParams('q=a b c d'))).toBe(true);
    expect(isHeavyRequest({ kind: 'search' } as never, new URLSearchParams('q=photography competition'))).toBe(true);
    expect(isHeavyRequest({ kind: 'recommend' } as never, new URLSearchParams('id=1&title=x'))).toBe(true);
  });
});

describe('who you are before what you send', () => {
  let s: Plain;
  beforeAll(async () => {
    s = await serve({ seed: 5, maxBodyBytes: 64 * 1024, bodyIdleMs: 300, bodyTotalMs: 2000 });
  });
  afterAll(() => s.stop());

  const head = (path: string, length: number, extra = '') =>
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${s.port}\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n${extra}\r\n`;

  it('answers a wrong token from the headers, before any of the body is sent', async () => {
    const c = await rawConnect(s.port);
    c.socket.write(head(`${V2}/documents?token=nope`, 60_000));
    await until(() => c.received().includes('\r\n\r\n'));
    expect(c.received()).toMatch(/^HTTP\/1\.1 401/);
  });

  it('refuses a Content-Length over the limit at once with 413', async () => {
    const c = await rawConnect(s.port);
    c.socket.write(head(`${V2}/documents?token=read-token`, 5_000_000));
    await until(() => c.received().includes('\r\n\r\n'));
    expect(c.received()).toMatch(/^HTTP\/1\.1 413/);
    expect(c.received()).toContain('Request body too large: 5000000 bytes');
  });

  it('answers a body that stops arriving with 408 and closes the connection', async () => {
    const c = await rawConnect(s.port);
    c.socket.write(`${head(`${V2}/documents?token=read-token`, 1000)}[{"id":1,`);
    await c.closed;
    expect(c.received()).toMatch(/^HTTP\/1\.1 408/);
    expect(c.received()).toContain('Request body too slow');
  });

  it('keeps nothing of 100 refused uploads of 1 MB each (within the 5 MB limit)', async () => {
    const open = await serve({ seed: 0 });
    setFlagsFromString('--expose_gc');
    const gc = runInNewContext('gc') as () => void;
    gc();
    const before = process.memoryUsage().arrayBuffers;
    const chunk = Buffer.alloc(1024 * 1024, 0x61);
    const clients = await Promise.all(Array.from({ length: 100 }, () => rawConnect(open.port)));
    await Promise.all(
      clients.map(
        (c) =>
          new Promise<void>((done) => {
            c.socket.write(head(`${V2}/documents?token=nope`, 2 * 1024 * 1024));
            c.socket.write(chunk, () => done());
          }),
      ),
    );
    await until(() => clients.every((c) => c.received().startsWith('HTTP/1.1 401')));
    // What is still held once the bodies have been read and thrown away (a loaded machine may take a while).
    let held = Number.POSITIVE_INFINITY;
    for (let i = 0; i < 30 && held >= 20 * 1024 * 1024; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      gc();
      held = process.memoryUsage().arrayBuffers - before;
    }
    closeAll();
    await open.stop();
    expect(held).toBeLessThan(20 * 1024 * 1024);
  });

  it('logs an aborted upload as one quiet line', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const c = await rawConnect(s.port);
      c.socket.write(`${head(`${V2}/documents?token=read-token`, 1000)}[{"id":`);
      await new Promise((resolve) => setTimeout(resolve, 50));
      c.socket.destroy();
      await until(() => warn.mock.calls.length > 0);
      expect(warn.mock.calls).toHaveLength(1);
      expect(String(warn.mock.calls[0]![0])).toMatch(/^\[trove service\] upload aborted by the client: POST \/api\/v2\/.*after \d+ bytes$/);
      expect(error).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
      error.mockRestore();
    }
  });
});

describe('helpers behind the write token', () => {
  const sendFeedback = (s: Plain, token: string) =>
    s.get(`${V2}/autocomplete/feedback/hits?token=${token}&query=x&item_order=1&user_ip=203.0.113.9&user_id=u1`);

  it('with a write token: the feedback log takes it and nothing else', async () => {
    const s = await serve({ writeToken: 'write-token' });
    try {
      expect((await sendFeedback(s, 'read-token')).status).toBe(200);
      for (const query of ['', '?token=read-token', '?token=nope']) {
        const res = await s.get(`/_trove/feedback${query}`);
        expect(res.status).toBe(401);
        expect(JSON.stringify(res.body)).not.toContain('203.0.113.9');
        expect((await s.get(`/_trove/feedback${query}`, { method: 'DELETE' })).status).toBe(401);
      }
      const log = await s.get('/_trove/feedback?token=write-token');
      expect(log.body).toHaveLength(1);
      // Accepted, never kept (the analytics keep no identifier of a reader either).
      expect(log.body[0].params).toEqual({ query: 'x', item_order: '1' });
      expect((await s.get('/_trove/feedback?token=write-token', { method: 'DELETE' })).status).toBe(204);
      expect((await s.get('/_trove/feedback?token=write-token')).body).toEqual([]);
    } finally {
      await s.stop();
    }
  });

  it('without one: loopback only, addressed to a loopback name', async () => {
    const remote = await serve({ arrivedOn: '192.0.2.10' });
    try {
      expect((await sendFeedback(remote, 'read-token')).status).toBe(200);
      expect((await remote.get('/_trove/feedback')).status).toBe(403);
      expect((await remote.get('/_trove/feedback', { method: 'DELETE' })).status).toBe(403);
    } finally {
      await remote.stop();
    }
    const local = await serve();
    try {
      await sendFeedback(local, 'read-token');
      // A page that rebinds its own name to 127.0.0.1 reaches the port, but not under a loopback name.
      expect(await withHost(local.port, 'GET', '/_trove/feedback', `attacker.example:${local.port}`)).toBe(403);
      expect(await withHost(local.port, 'DELETE', '/_trove/feedback', `attacker.example:${local.port}`)).toBe(403);
      expect(await withHost(local.port, 'GET', '/_trove/feedback', `localhost:${local.port}`)).toBe(200);
      expect((await local.get('/_trove/feedback')).body).toHaveLength(1);
    } finally {
      await local.stop();
    }
  });

  it('never answers a page of another site, nor lets it delete', async () => {
    const s = await serve();
    try {
      await sendFeedback(s, 'read-token');
      const origin = { Origin: 'http://elsewhere.example' };
      const read = await s.get('/_trove/feedback', { headers: origin });
      expect(read.status).toBe(403);
      expect(read.headers.get('access-control-allow-origin')).toBeNull();
      expect((await s.get('/_trove/feedback', { method: 'DELETE', headers: origin })).status).toBe(403);
      const preflight = await s.get('/_trove/feedback', {
        method: 'OPTIONS',
        headers: { ...origin, 'Access-Control-Request-Method': 'DELETE' },
      });
      expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
      expect(preflight.headers.get('access-control-allow-methods')).toBeNull();
      const apiPreflight = await s.get(`${V2}/search/default`, {
        method: 'OPTIONS',
        headers: { ...origin, 'Access-Control-Request-Method': 'GET' },
      });
      expect(apiPreflight.headers.get('access-control-allow-methods')).not.toContain('DELETE');
      expect((await s.get('/_trove/feedback')).body).toHaveLength(1);
    } finally {
      await s.stop();
    }
  });
});

describe('bounded feedback', () => {
  let s: Plain;
  beforeAll(async () => {
    s = await serve({ seed: 5 });
  });
  afterAll(() => s.stop());
  const hits = `${V2}/autocomplete/feedback/hits?token=read-token`;

  it('refuses values over 2,048 characters, more than 32 parameters and bodies over 16 KB', async () => {
    const long = await s.get(`${hits}&query=${'q'.repeat(LIMITS.feedbackValueLength + 1)}&item_order=1`);
    expect([long.status, long.body.response]).toEqual([400, expect.stringMatching(/Parameter query is too long/)]);
    const extra = Array.from({ length: LIMITS.feedbackParams }, (_, i) => `p${i}=1`).join('&');
    const many = await s.get(`${hits}&query=x&item_order=1&${extra}`);
    expect([many.status, many.body.response]).toEqual([400, expect.stringMatching(/Too many feedback parameters/)]);
    const big = await s.get(hits, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ query: 'x', item_order: 1, pad: 'p'.repeat(17_000) }),
    });
    expect(big.status).toBe(413);
    expect((await s.get('/_trove/feedback')).body).toEqual([]);
  });

  it('refuses deep or structured JSON with a 400, not a 500', async () => {
    const deep = `{"query":"x","item_order":1,"x":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    const res = await s.get(hits, { method: 'POST', headers: json, body: deep });
    expect(res.status).toBe(413); // over 16 KB: refused before it is parsed
    const nested = `{"query":"x","item_order":1,"x":${'['.repeat(40)}${']'.repeat(40)}}`;
    const tooDeep = await s.get(hits, { method: 'POST', headers: json, body: nested });
    expect([tooDeep.status, tooDeep.body.response]).toEqual([400, expect.stringMatching(/nests too deep/)]);
    const object = await s.get(hits, { method: 'POST', headers: json, body: '{"query":{"a":1},"item_order":1}' });
    expect([object.status, object.body.response]).toEqual([400, expect.stringMatching(/query: must be a string or a number/)]);
    const deepIndex = `[{"id":1,"tags":${'['.repeat(40)}${']'.repeat(40)}}]`;
    expect((await s.get(`${V2}/documents?token=read-token`, { method: 'POST', headers: json, body: deepIndex })).status).toBe(400);
  });

  it('rotates the log past its size and reads it back in order, streamed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'trove-feedback-'));
    try {
      const log = createFileFeedbackLog(dir, 2000);
      for (let i = 0; i < 100; i++) {
        await log.append({
          time: String(i),
          kind: 'autocomplete',
          version: 'v2',
          handler: null,
          project: 'p',
          collection: 'c',
          params: { n: String(i) },
        });
      }
      expect(readdirSync(dir).sort()).toEqual(['feedback.1.jsonl', 'feedback.jsonl']);
      for (const name of readdirSync(dir)) expect(statSync(join(dir, name)).size).toBeLessThanOrEqual(2000);
      const kept: number[] = [];
      for await (const entry of log.entries()) kept.push(Number(entry.params.n));
      expect(kept.length).toBeGreaterThan(10);
      expect(kept.at(-1)).toBe(99);
      expect(kept).toEqual(kept.map((_, i) => kept[0]! + i));
      await log.clear();
      expect(readdirSync(dir)).toEqual(['feedback.jsonl']);
      await log.close();
    } finally {
      removeDir(dir);
    }
  });
});

describe('ids, cross-site writes, names and answers', () => {
  let s: Plain;
  beforeAll(async () => {
    s = await serve({ seed: 5, writeToken: 'write-token' });
  });
  afterAll(() => s.stop());
  const index = (body: string, headers: Record<string, string> = json, path = `${V2}/documents?token=write-token`) =>
    s.get(path, { method: 'POST', headers, body });

  it('refuses ids beyond ±(2^53 − 1) with a 400 naming the field', async () => {
    for (const id of ['9007199254740992', '9007199254740993', '-9007199254740993', '1e300']) {
      const res = await index(`[{"id":1,"title":"ok"},{"id":${id},"title":"too big"}]`);
      expect([res.status, res.body.response]).toEqual([400, expect.stringMatching(/^Invalid documents\[1\]\.id: .*2\^53/)]);
    }
    expect((await index('[{"id":9007199254740991,"title":"Largest exact id"}]')).status).toBe(200);
    expect((await index('[{"id":"9007199254740993","title":"As a string"}]')).status).toBe(200);
  });

  it('indexes application/json only, and never from a page of another site', async () => {
    const body = '[{"id":77,"title":"Planted"}]';
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const res = await index(body, { 'Content-Type': type });
      expect([res.status, res.body.response]).toEqual([415, expect.stringMatching(/application\/json/)]);
    }
    const foreign = await index(body, { ...json, Origin: 'http://elsewhere.example' });
    expect([foreign.status, foreign.body.response]).toEqual([403, expect.stringMatching(/another site/)]);
    expect((await index(body, { ...json, Origin: 'null' })).status).toBe(403);
    const found = (await s.get(`${V2}/search/default?token=read-token&q=planted`)).body.response.results as { id: string }[];
    expect(found.map((hit) => hit.id)).not.toContain('77');
    expect((await index(body, { ...json, Origin: s.base })).status).toBe(200);
  });

  it('refuses loopback indexing from a page of another site without a write token too', async () => {
    const open = await serve({ seed: 0 });
    try {
      const res = await open.get(`${V2}/documents?token=read-token`, {
        method: 'POST',
        headers: { ...json, Origin: 'http://elsewhere.example' },
        body: '[{"id":1,"title":"x"}]',
      });
      expect(res.status).toBe(403);
      const rebound = await withHost(open.port, 'POST', `${V2}/documents?token=read-token`, 'attacker.example', '[{"id":1,"title":"x"}]');
      expect(rebound).toBe(403);
      const named = await withHost(
        open.port,
        'POST',
        `${V2}/documents?token=read-token`,
        `localhost:${open.port}`,
        '[{"id":1,"title":"x"}]',
      );
      expect(named).toBe(200);
    } finally {
      await open.stop();
    }
  });

  it('answers a name no file can hold with a 400 that shows no path', async () => {
    const res = await index(
      '[{"id":1,"title":"x"}]',
      json,
      `/api/v2/projects/${'p'.repeat(300)}/collections/c/documents?token=write-token`,
    );
    expect([res.status, res.body.response]).toEqual([400, 'Project name too long: at most 64 bytes (UTF-8)']);
  });

  it('answers an internal error without the details', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const broken = await serve({ seed: 0, writeToken: 'write-token' });
    try {
      const { mkdirSync } = await import('node:fs');
      mkdirSync(join(broken.dataDir, 'collections', 'p', 'c.json'), { recursive: true });
      const res = await broken.get('/api/v2/projects/p/collections/c/documents?token=write-token', {
        method: 'POST',
        headers: json,
        body: '[{"id":1}]',
      });
      expect(res.status).toBe(500);
      expect(res.body.response).not.toContain(broken.dataDir);
      expect(res.body.response).toMatch(/its log has the details/);
      expect(error).toHaveBeenCalledTimes(1);
    } finally {
      error.mockRestore();
      await broken.stop();
    }
  });

  it('keeps years 0000–0099 as written', async () => {
    expect((await index('[{"id":50,"title":"Roman road","date":"0050-03-04"}]')).status).toBe(200);
    const found = await s.get(`${V2}/search/default?token=read-token&q=roman&filter=year:%220050%22`);
    expect(found.body.response.results[0].date).toBe('0050-03-04T00:00:00.000+0000');
    expect(found.body.response.facets.year.buckets).toEqual([{ value: 50, count: 1 }]);
  });

  it('cuts a page short rather than answer more than 8 MB', async () => {
    const big = 'x'.repeat(1024 * 1024);
    const docs = Array.from({ length: 12 }, (_, i) => ({ id: 1000 + i, title: `Huge ${i}`, content: `${big} hugeword` }));
    for (const half of [docs.slice(0, 4), docs.slice(4, 8), docs.slice(8)]) expect((await index(JSON.stringify(half))).status).toBe(200);
    const page = await s.get(`${V2}/search/default?token=read-token&q=hugeword&limit=100`);
    expect(page.body.response.found_documents).toBe(12);
    expect(page.body.response.results.length).toBeLessThan(12);
    expect(JSON.stringify(page.body).length).toBeLessThan(LIMITS.responseBytes + 64 * 1024);
  });
});

describe('names printed on the terminal', () => {
  it('escapes control characters in the collections trove serve lists at start', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'trove-attack-names-'));
    try {
      // A collection whose name would clear the terminal when printed raw.
      const named = await serve({ dataDir, seed: 1 });
      const name = encodeURIComponent('evil\u001b[2J\u009bname');
      expect(
        (
          await named.get(`/api/v2/projects/demo/collections/${name}/documents?token=read-token`, {
            method: 'POST',
            headers: json,
            body: '[]',
          })
        ).status,
      ).toBe(200);
      await named.stop(true);
      let out = '';
      const controller = new AbortController();
      const done = runServe([], {
        stdout: { write: (t: string) => (out += t) },
        stderr: { write: () => true },
        env: { PORT: '0', TROVE_DATA: dataDir },
        signal: controller.signal,
        onListening: () => controller.abort(),
      });
      expect(await done).toBe(0);
      expect(out).toContain('demo/evil\\u{1b}[2J\\u{9b}name: 0 documents');
      expect(out).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    } finally {
      removeDir(dataDir);
    }
  });
});
