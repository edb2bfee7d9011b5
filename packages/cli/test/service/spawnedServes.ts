import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnServe } from '../../../../scripts/spawnServe.ts';

/**
 * `trove serve` processes for a test file (the command from the sources, each on a free loopback
 * port with a data folder of its own), and their end: every one still running is stopped and
 * waited for, and the folders are removed.
 */
export function spawnedServes(prefix: string) {
  const processes: ChildProcess[] = [];
  const folders: string[] = [];
  const running = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;
  return {
    async spawn(args: string[], env: Record<string, string>): Promise<{ child: ChildProcess; base: string }> {
      const folder = mkdtempSync(join(tmpdir(), prefix));
      folders.push(folder);
      const spawned = await spawnServe(args, { TROVE_DATA: join(folder, 'data'), ...env });
      processes.push(spawned.child);
      return spawned;
    },
    async stopAll(): Promise<void> {
      for (const child of processes) if (running(child)) child.kill('SIGTERM');
      await Promise.all(processes.map((child) => (running(child) ? new Promise((r) => child.once('exit', r)) : null)));
      for (const folder of folders) rmSync(folder, { recursive: true, force: true });
    },
  };
}
