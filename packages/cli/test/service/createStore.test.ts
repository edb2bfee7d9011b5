import { afterAll, describe, expect, it, vi } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, appendFileSync } from 'node:fs';
import { getPriority, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { compactHere, compactInWorker } from '../../src/service/store/compactLog.ts';
import { createStore } from '../../src/service/store/createStore.ts';
import type { StoredDocument } from '../../src/service/types.ts';

const root = resolve(import.meta.dirname, '../..');
const made: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'trove-store-test-'));
  made.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

const doc = (id: string, title = `Post ${id}`): StoredDocument => ({
  id,
  title,
  content: `About ${title}`,
  url: `/p/${id}`,
  tags: [],
  categories: [],
  authors: [],
  meta: [],
});

/** A store opened on `dir`, with what it applied: collection → ids in order (titles by id). */
async function open(dir: string, options: Parameters<typeof createStore>[1] = {}) {
  const applied = new Map<string, Map<string, string>>();
  const store = createStore(dir, options);
  await store.open(async (project, collection, documents, deleted = []) => {
    const key = `${project}/${collection}`;
    if (!applied.has(key)) applied.set(key, new Map());
    for (const d of documents) applied.get(key)!.set(d.id, d.title);
    for (const id of deleted) applied.get(key)!.delete(id);
  });
  const state = () => Object.fromEntries([...applied].map(([k, v]) => [k, [...v].map(([id, title]) => `${id}:${title}`)]));
  return { store, applied, state };
}

const fileSize = (file: string) => statSync(file).size;
const segments = (dir: string) => readdirSync(join(dir, 'log')).filter((n) => n.endsWith('.jsonl'));

async function waitFor(check: () => boolean, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('createStore: the batch log', () => {
  it('writes a later batch as one log line, leaving the snapshot alone, and replays it at start', async () => {
    const dir = tempDir();
    const { store } = await open(dir);
    await store.append(
      'p',
      'c',
      Array.from({ length: 200 }, (_, i) => doc(String(i))),
    );
    const snapshot = join(dir, 'collections', 'p', 'c.json');
    const before = readFileSync(snapshot, 'utf8');
    await store.append('p', 'c', [doc('5', 'Changed'), doc('new')]);
    expect(readFileSync(snapshot, 'utf8')).toBe(before);
    const log = segments(dir)
      .map((name) => readFileSync(join(dir, 'log', name), 'utf8'))
      .join('');
    expect(log.split('\n').filter(Boolean)).toHaveLength(1);
    expect(Buffer.byteLength(log)).toBeLessThan(1000);
    await store.close();

    const again = await open(dir);
    const ids = again.state()['p/c']!;
    expect(ids).toHaveLength(201);
    // Replaced documents keep their place; new ones come last (the order replicas page in).
    expect(ids[5]).toBe('5:Changed');
    expect(ids.at(-1)).toBe('new:Post new');
    await again.store.close();
  });

  it('applies a batch only after it is on disk, in the order batches were recorded', async () => {
    const dir = tempDir();
    const { store, state } = await open(dir);
    await Promise.all([
      store.append('p', 'c', [doc('1')]),
      store.append('p', 'c', [doc('1', 'Second')]),
      store.append('q', 'c', [doc('x')]),
    ]);
    expect(state()).toEqual({ 'p/c': ['1:Second'], 'q/c': ['x:Post x'] });
    await store.close();
    expect((await open(dir)).state()).toEqual({ 'p/c': ['1:Second'], 'q/c': ['x:Post x'] });
  });

  it('skips a torn last log line (a crash mid-append) and starts a new segment after it', async () => {
    const dir = tempDir();
    const { store } = await open(dir);
    await store.append('p', 'c', [doc('1')]);
    await store.append('p', 'c', [doc('2')]);
    await store.close();
    const [segment] = segments(dir);
    appendFileSync(join(dir, 'log', segment!), '{"seq":3,"project":"p","collection":"c","documents":[{"id":"3","ti');
    const again = await open(dir);
    expect(again.state()['p/c']).toEqual(['1:Post 1', '2:Post 2']);
    await again.store.append('p', 'c', [doc('4')]);
    await again.store.close();
    expect(segments(dir)).toHaveLength(2);
    expect((await open(dir)).state()['p/c']).toEqual(['1:Post 1', '2:Post 2', '4:Post 4']);
  });

  it('folds the log into the snapshots on a worker thread once it has grown, losing nothing', async () => {
    const dir = tempDir();
    const { store, state } = await open(dir, { compactAfterBytes: 4000 });
    await store.append('p', 'c', [doc('0')]);
    const snapshot = join(dir, 'collections', 'p', 'c.json');
    const first = fileSize(snapshot);
    for (let i = 1; i <= 40; i++) await store.append('p', 'c', [doc(String(i), `Post ${i} ${'x'.repeat(200)}`)]);
    await waitFor(() => fileSize(snapshot) > first);
    await store.close();
    // The folded segments are gone; what is left of the log and the snapshot give everything back.
    expect(segments(dir).length).toBeLessThanOrEqual(2);
    const expected = state();
    expect(expected['p/c']).toHaveLength(41);
    expect((await open(dir)).state()).toEqual(expected);
    expect(JSON.parse(readFileSync(snapshot, 'utf8')).seq).toBeGreaterThan(1);
  });
});

describe('createStore: deletions (the delete extension)', () => {
  it('logs a deletion as a batch, replays it at start and folds it into the snapshot, so the documents stay gone', async () => {
    const dir = tempDir();
    const { store, state } = await open(dir, { compactAfterBytes: 4000 });
    await store.append('p', 'c', [doc('1'), doc('2'), doc('3')]);
    await store.append('p', 'c', [], ['2', '404']);
    expect(state()['p/c']).toEqual(['1:Post 1', '3:Post 3']);
    const logged = readFileSync(join(dir, 'log', segments(dir)[0]!), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(logged.at(-1)).toMatchObject({ documents: [], deleted: ['2', '404'] });
    await store.close();
    // A restart replays the log: the deletion after the snapshot.
    const again = await open(dir, { compactAfterBytes: 4000 });
    expect(again.state()['p/c']).toEqual(['1:Post 1', '3:Post 3']);
    // Compaction folds it into the snapshot; the log that held it is gone.
    const snapshot = join(dir, 'collections', 'p', 'c.json');
    for (let i = 4; i <= 40; i++) await again.store.append('p', 'c', [doc(String(i), `Post ${i} ${'x'.repeat(200)}`)]);
    await again.store.append('p', 'c', [], ['3']);
    await waitFor(() => !JSON.parse(readFileSync(snapshot, 'utf8')).documents.some((d: { id: string }) => d.id === '2'));
    await again.store.close();
    const ids = (await open(dir)).state()['p/c']!.map((entry) => entry.split(':')[0]);
    expect(ids).not.toContain('2');
    expect(ids).not.toContain('3');
    expect(ids).toHaveLength(38);
  });
});

describe('createStore: a data folder with strangers in it (issue 23)', () => {
  it('skips files and folders it did not write, with a warning, and starts', async () => {
    const dir = tempDir();
    const { store } = await open(dir);
    await store.append('p', 'c', [doc('1')]);
    await store.append('p', 'c', [doc('2')]);
    await store.close();
    writeFileSync(join(dir, 'collections', '.DS_Store'), 'x');
    writeFileSync(join(dir, 'collections', 'p', '.DS_Store'), 'x');
    writeFileSync(join(dir, 'collections', 'p', 'notes.txt'), 'x');
    writeFileSync(join(dir, 'collections', 'p', 'other.json'), '{"hello":"world"}');
    mkdirSync(join(dir, 'collections', 'p', 'folder.json'));
    writeFileSync(join(dir, 'log', 'README'), 'x');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const again = await open(dir);
      expect(again.state()).toEqual({ 'p/c': ['1:Post 1', '2:Post 2'] });
      const warned = warn.mock.calls.map((c) => String(c[0])).join('\n');
      for (const name of ['collections/.DS_Store', 'p/.DS_Store', 'notes.txt', 'other.json', 'folder.json', 'log/README']) {
        expect(warned).toContain(name);
      }
      await again.store.close();
    } finally {
      warn.mockRestore();
    }
  });

  it('refuses a second process on the same folder, and takes over from a dead one', async () => {
    const dir = tempDir();
    const sleeper = spawn('sleep', ['30']);
    const dead = spawn('true');
    await new Promise((r) => dead.on('exit', r));
    try {
      writeFileSync(join(dir, 'trove.lock'), `${sleeper.pid}\n`);
      expect(() => createStore(dir)).toThrow(`in use by process ${sleeper.pid}`);
      writeFileSync(join(dir, 'trove.lock'), `${dead.pid}\n`);
      const { store } = await open(dir);
      expect(readFileSync(join(dir, 'trove.lock'), 'utf8')).toBe(`${process.pid}\n`);
      await store.close();
      expect(readdirSync(dir)).not.toContain('trove.lock');
    } finally {
      sleeper.kill();
    }
  });
});

describe('createStore: killed mid-write', () => {
  it('loses no acknowledged batch and never keeps part of one', async () => {
    const dir = tempDir();
    const script = join(dir, 'writer.mts');
    // Appends batches of 20 documents (one batch number in every title) as fast as it can, and
    // prints each batch number once append() resolved; compaction runs often.
    writeFileSync(
      script,
      `import { createStore } from ${JSON.stringify(join(root, 'src/service/store/createStore.ts'))};
       const store = createStore(${JSON.stringify(join(dir, 'data'))}, { compactAfterBytes: 20_000 });
       await store.open(async () => {});
       const pad = 'x'.repeat(300);
       for (let b = 0; ; b++) {
         const docs = Array.from({ length: 20 }, (_, i) => ({ id: String((b * 7 + i) % 150), title: 'batch ' + b, content: pad, url: '/', tags: [], categories: [], authors: [], meta: [] }));
         await store.append('p', 'c', docs);
         process.stdout.write(b + '\\n');
       }`,
    );
    const child = spawn(process.execPath, ['--import', 'tsx', script], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
    let acknowledged = -1;
    let buffered = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop()!;
      for (const line of lines) acknowledged = Number(line);
    });
    await waitFor(() => acknowledged >= 30, 30_000);
    await new Promise((r) => setTimeout(r, 100 + Math.random() * 300));
    child.kill('SIGKILL');
    await new Promise((r) => child.on('exit', r));
    const { state, store } = await open(join(dir, 'data'));
    const titles = new Map((state()['p/c'] ?? []).map((entry) => entry.split(':') as [string, string]));
    // The newest batch that reached the disk decides every id it wrote: the last batch applied,
    // whole, at least the last acknowledged one.
    const last = Math.max(...[...titles.values()].map((t) => Number(t.slice('batch '.length))));
    expect(last).toBeGreaterThanOrEqual(acknowledged);
    for (let i = 0; i < 20; i++) expect(titles.get(String((last * 7 + i) % 150))).toBe(`batch ${last}`);
    await store.close();
  }, 60_000);
});

describe('compactLog', () => {
  it('fails (keeping the log) on a snapshot that does not parse, and reports one that is missing', () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'p'));
    writeFileSync(join(dir, 'p', 'c.json'), '{"format":1,"project":"p","coll');
    const segment = join(dir, '00000001.jsonl');
    writeFileSync(segment, `${JSON.stringify({ seq: 2, project: 'p', collection: 'c', documents: [doc('1')] })}\n`);
    expect(() => compactHere({ collectionsDir: dir, segments: [segment] })).toThrow(SyntaxError);
    writeFileSync(segment, `${JSON.stringify({ seq: 2, project: 'q', collection: 'gone', documents: [doc('1')] })}\n`);
    expect(compactHere({ collectionsDir: dir, segments: [segment] })).toEqual({ written: [], missing: ['q/gone'], bytes: 0 });
  });

  it.runIf(process.platform === 'linux')('runs on a thread of the lowest CPU priority, leaving the searches theirs', async () => {
    const mine = getPriority();
    const result = await compactInWorker({ collectionsDir: tempDir(), segments: [] });
    expect(result.priority).toBe(19);
    expect(getPriority()).toBe(mine);
  });
});
