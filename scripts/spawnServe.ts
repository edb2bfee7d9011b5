import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

/**
 * `trove serve` in a process of its own, on a free loopback port (`PORT=0`): from the sources
 * (through tsx), or with `built` the command as installed (bin/trove.js running dist/cli.js) when
 * that is built. Resolves with its address once it says it listens, rejects with the end of its
 * error output if it exits first. For the tests and the bench that need real processes (several
 * on one database, a restart, a kill).
 */
export async function spawnServe(
  args: string[],
  env: Record<string, string>,
  options: { built?: boolean } = {},
): Promise<{ child: ChildProcess; base: string }> {
  const command =
    options.built && isBuilt()
      ? [join(root, 'packages/cli/bin/trove.js')]
      : ['--import', 'tsx', join(root, 'packages/cli/src/cli/main.ts')];
  const child = spawn(process.execPath, [...command, 'serve', ...args], {
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

/** Whether dist/cli.js (what `trove` runs once installed) is built. */
export const isBuilt = () => existsSync(join(root, 'packages/cli/dist/cli.js'));
