import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

/**
 * `trove serve` from the sources in a process of its own, on a free loopback port (`PORT=0`):
 * resolves with its address once it says it listens, rejects with the end of its error output if
 * it exits first. For the tests and the bench that need real processes (several on one database,
 * a restart, a kill).
 */
export async function spawnServe(args: string[], env: Record<string, string>): Promise<{ child: ChildProcess; base: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'src/cli/main.ts'), 'serve', ...args], {
    cwd: root,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    errors = (errors + chunk.toString()).slice(-2000);
  });
  const base = await new Promise<string>((done, fail) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const found = /on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (found) done(found[1]!);
    });
    child.once('exit', (code) => fail(new Error(`trove serve exited (${code}): ${errors}`)));
  });
  return { child, base };
}
