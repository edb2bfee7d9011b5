import { afterAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync as makeTempDir, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { isTempFile, writeFileAtomic } from '../../src/service/store/writeFileAtomic.ts';

const root = resolve(import.meta.dirname, '../..');
const made: string[] = [];
const mkdtempSync = (prefix: string) => {
  const dir = makeTempDir(prefix);
  made.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

describe('writeFileAtomic', () => {
  it('replaces the content and leaves no temporary file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'trove-atomic-'));
    const file = join(dir, 'a.json');
    writeFileAtomic(file, 'one');
    writeFileAtomic(file, 'two');
    expect(readFileSync(file, 'utf8')).toBe('two');
    expect(readdirSync(dir)).toEqual(['a.json']);
  });

  it('writes content given in pieces, several megabytes of them, in order and whole', () => {
    const dir = mkdtempSync(join(tmpdir(), 'trove-atomic-'));
    const file = join(dir, 'big.json');
    const pieces = Array.from({ length: 30_000 }, (_, i) => `{"id":${i},"title":"Æble ${'x'.repeat(i % 200)}"}\n`);
    writeFileAtomic(file, pieces.values());
    expect(readFileSync(file, 'utf8')).toBe(pieces.join(''));
    expect(readdirSync(dir)).toEqual(['big.json']);
  });

  it('keeps the old content when the write fails', () => {
    const dir = mkdtempSync(join(tmpdir(), 'trove-atomic-'));
    const file = join(dir, 'a.json');
    writeFileSync(file, 'old');
    expect(() => writeFileAtomic(join(dir, 'missing-dir', 'a.json'), 'new')).toThrow(/ENOENT/);
    expect(readFileSync(file, 'utf8')).toBe('old');
    expect(readdirSync(dir)).toEqual(['a.json']);
  });

  it('recognises its temporary files', () => {
    expect(isTempFile('.blog.json.tmp-123-4')).toBe(true);
    expect(isTempFile('blog.json')).toBe(false);
  });

  it('leaves the old or the new content, whole, when the process is killed mid-write', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'trove-atomic-kill-'));
    const file = join(dir, 'snapshot.json');
    const script = join(dir, 'writer.ts');
    // Rewrites a ~4 MB file in a loop, alternating two contents, until killed.
    writeFileSync(
      script,
      `import { writeFileAtomic } from ${JSON.stringify(join(root, 'src/service/store/writeFileAtomic.ts'))};
       const a = JSON.stringify({ v: 'a', pad: 'a'.repeat(4_000_000) });
       const b = JSON.stringify({ v: 'b', pad: 'b'.repeat(4_000_000) });
       for (let i = 0; ; i++) { writeFileAtomic(${JSON.stringify(file)}, i % 2 ? b : a); if (i === 1) process.stdout.write('ready\\n'); }`,
    );
    const child = spawn(process.execPath, ['--import', 'tsx', script], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((done, fail) => {
      child.stdout.on('data', () => done());
      child.on('exit', (code) => fail(new Error(`writer exited early (${code})`)));
    });
    await new Promise((r) => setTimeout(r, 150 + Math.random() * 200));
    child.kill('SIGKILL');
    await new Promise((r) => child.on('exit', r));
    const data = JSON.parse(readFileSync(file, 'utf8')) as { v: string; pad: string };
    expect(['a', 'b']).toContain(data.v);
    expect(data.pad).toBe(data.v.repeat(4_000_000));
    expect(existsSync(file)).toBe(true);
  }, 60_000);
});
