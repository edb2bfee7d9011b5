import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runCli } from '../../src/cli/runCli.ts';
import { isLoopbackHost, runServe } from '../../src/service/runServe.ts';
import { removeDir } from './startService.ts';

const V2 = '/api/v2/projects/demo/collections/blog';

function output() {
  let text = '';
  return {
    write: (t: string) => void (text += t),
    get text() {
      return text;
    },
  };
}

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) removeDir(dir);
});

/** Runs `trove serve` in-process on an ephemeral loopback port until `stop()`. */
async function serve(args: string[], env: Record<string, string> = {}, folder?: string) {
  const cwd = folder ?? mkdtempSync(join(tmpdir(), 'trove-serve-test-'));
  if (!folder) dirs.push(cwd);
  const controller = new AbortController();
  const stdout = output();
  const stderr = output();
  let base = '';
  let running: Promise<number> = Promise.resolve(-1);
  const listening = new Promise<void>((resolve) => {
    const done = runCli(['serve', ...args], {
      stdout,
      stderr,
      env: { PORT: '0', ...env },
      cwd,
      signal: controller.signal,
      onListening: (url) => {
        base = url;
        resolve();
      },
    });
    void done.then(() => resolve());
    running = done;
  });
  await listening;
  return {
    cwd,
    base,
    stdout,
    stderr,
    get: (path: string) => fetch(base + path),
    stop: async () => {
      controller.abort();
      return running;
    },
  };
}

describe('trove serve', () => {
  it('seeds the sample blog, answers with the read token and stops with exit status 0', async () => {
    const s = await serve(['--seed'], { TROVE_TOKEN: 'page-token' });
    expect(s.base).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(s.stdout.text).toContain('Seeded 600 generated posts into project "demo", collection "blog"');
    expect(s.stdout.text).toContain('demo/blog: 600 documents');
    expect(s.stdout.text).toContain(`what readers search for: ${s.base}/_trove/analytics\n`);
    const res = await s.get(`${V2}/search/default?q=&limit=1&token=page-token`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { response: { found_documents: number } }).response.found_documents).toBe(600);
    expect((await s.get(`${V2}/search/default?q=&token=dev-token`)).status).toBe(401);
    expect(await s.stop()).toBe(0);
    await expect(fetch(`${s.base}/_trove/health`)).rejects.toThrow();
  });

  it("serves the sample posts' images itself, by absolute URLs, so they show on a page of any origin", async () => {
    const s = await serve(['--seed']);
    const res = await s.get(`${V2}/search/default?q=&limit=20&token=dev-token`);
    const { results } = ((await res.json()) as { response: { results: { image?: string; url: string }[] } }).response;
    const images = results.map((r) => r.image).filter(Boolean) as string[];
    expect(images.length).toBeGreaterThan(10);
    for (const image of images) expect(image).toMatch(new RegExp(`^${s.base.replace(/[.]/g, '\\.')}/_trove/img/\\d+\\.svg$`));
    const svg = await fetch(images[0]!);
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-type')).toBe('image/svg+xml');
    expect(await svg.text()).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(results[0]!.url).toMatch(/^\/posts\/\d+\//);
    expect((await s.get('/_trove/img/x.svg')).status).toBe(404);
    expect(await s.stop()).toBe(0);
  });

  it('keeps the request log and failure injection out of reach', async () => {
    const s = await serve([]);
    for (const [method, path] of [
      ['GET', '/_trove/requests'],
      ['DELETE', '/_trove/requests'],
      ['POST', '/_trove/fail'],
      ['DELETE', '/_trove/fail'],
    ] as const) {
      const res = await fetch(s.base + path, { method, body: method === 'POST' ? '{"path":"*","status":500,"times":5}' : undefined });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    // No failure was armed: indexing and searching answer normally.
    const indexed = await fetch(`${s.base}${V2}/documents?token=dev-token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '[{"id":1,"title":"Kestrel"}]',
    });
    expect(indexed.status).toBe(200);
    expect((await s.get(`${V2}/search/default?q=kestrel&token=dev-token`)).status).toBe(200);
    expect(await s.stop()).toBe(0);
  });

  it('indexes with TROVE_WRITE_TOKEN and answers 401 when the read token tries', async () => {
    const s = await serve([], { TROVE_TOKEN: 'page-token', TROVE_WRITE_TOKEN: 'owner-token' });
    const post = (token: string) =>
      fetch(`${s.base}${V2}/documents?token=${token}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '[{"id":1,"title":"Merlin"}]',
      });
    expect((await post('page-token')).status).toBe(401);
    expect((await s.get(`${V2}/search/default?q=merlin&token=page-token`)).status).toBe(404); // never indexed
    expect((await post('owner-token')).status).toBe(200);
    expect((await s.get(`${V2}/search/default?q=merlin&token=page-token`)).status).toBe(200);
    expect(await s.stop()).toBe(0);
  });

  it('refuses to listen on a non-loopback HOST without TROVE_WRITE_TOKEN', async () => {
    for (const host of ['0.0.0.0', '::', '192.0.2.2', 'example.com']) {
      const stderr = output();
      const code = await runServe([], { stdout: output(), stderr, env: { PORT: '0', HOST: host } });
      expect(code, host).toBe(2);
      expect(stderr.text).toMatch(new RegExp(`Refusing to listen on ${host.replace(/\./g, '\\.')} without TROVE_WRITE_TOKEN`));
    }
  });

  it('listens on a public address when TROVE_WRITE_TOKEN is set', async () => {
    const s = await serve([], { HOST: '0.0.0.0', TROVE_WRITE_TOKEN: 'owner-token' });
    expect(s.base).toMatch(/^http:\/\/0\.0\.0\.0:\d+$/);
    expect(await s.stop()).toBe(0);
  });

  it('reads TROVE_DATA and TROVE_HANDLERS relative to the folder it runs in', async () => {
    const first = await serve(['--seed'], { TROVE_DATA: 'my-data' });
    expect(first.stdout.text).toContain(`data ${join(first.cwd, 'my-data')}`);
    await first.stop();
    writeFileSync(join(first.cwd, 'handlers.json'), JSON.stringify({ search: { short: { limit: 2 } } }));
    const second = await serve([], { TROVE_DATA: 'my-data', TROVE_HANDLERS: 'handlers.json' }, first.cwd);
    expect(second.stdout.text).toContain('demo/blog: 600 documents');
    const res = (await (await second.get(`${V2}/search/short?q=&token=dev-token`)).json()) as { response: { results: unknown[] } };
    expect(res.response.results).toHaveLength(2);
    expect(await second.stop()).toBe(0);
  });

  it('starts past a .DS_Store in its data folder, and stops on a damaged snapshot with the command that sets it aside', async () => {
    const first = await serve(['--seed'], { TROVE_DATA: 'data' });
    await first.stop();
    writeFileSync(join(first.cwd, 'data', 'collections', '.DS_Store'), '');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const second = await serve([], { TROVE_DATA: 'data' }, first.cwd);
      expect(second.stdout.text).toContain('demo/blog: 600 documents');
      expect(String(warn.mock.calls[0]?.[0])).toContain('.DS_Store');
      expect(await second.stop()).toBe(0);
    } finally {
      warn.mockRestore();
    }
    const snapshot = join(first.cwd, 'data', 'collections', 'demo', 'blog.json');
    writeFileSync(snapshot, '{"format":1,"project":"demo","collection":"blog","documents":[{"id":"1","ti');
    const stderr = output();
    expect(await runServe([], { stdout: output(), stderr, cwd: first.cwd, env: { PORT: '0', TROVE_DATA: 'data' } })).toBe(1);
    expect(stderr.text).toContain(`Cannot start the service: ${JSON.stringify(snapshot)} is unreadable`);
    expect(stderr.text).toContain(`mv ${JSON.stringify(snapshot)} ${JSON.stringify(`${snapshot}.corrupt`)}`);
  });

  it('explains wrong settings with exit status 2', async () => {
    const stderr = output();
    expect(await runServe(['--sed'], { stdout: output(), stderr, env: {} })).toBe(2);
    expect(stderr.text).toMatch(/Unknown option '--sed'/);
    expect(await runServe([], { stdout: output(), stderr, env: { PORT: 'http' } })).toBe(2);
    expect(stderr.text).toContain('PORT must be a port number from 0 to 65535, not "http".');
    expect(await runServe([], { stdout: output(), stderr, env: { TROVE_TOKEN: 'same', TROVE_WRITE_TOKEN: 'same' } })).toBe(2);
    expect(stderr.text).toContain('TROVE_WRITE_TOKEN must differ from TROVE_TOKEN');
    const help = output();
    expect(await runServe(['--help'], { stdout: help, stderr, env: {} })).toBe(0);
    expect(help.text).toContain('npx trove serve --seed');
  });
});

describe('isLoopbackHost', () => {
  it('takes loopback names and addresses only', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', '::1', '[::1]', 'localhost', 'LOCALHOST', 'app.localhost'])
      expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ['0.0.0.0', '::', '192.0.2.2', 'example.com', 'localhost.example.com', ''])
      expect(isLoopbackHost(host), host).toBe(false);
  });
});
