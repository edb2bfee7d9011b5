import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The repository's packages, by name, and their folders. */
export const packageFolders = {
  'trove-search-client': 'packages/client',
  'trove-search': 'packages/widgets',
  'trove-search-cli': 'packages/cli',
} as const;
export type PackageName = keyof typeof packageFolders;

const root = new URL('..', import.meta.url).pathname;

/** The environment of a plain shell: none of the npm_* settings `npm test` passes down. */
export function shellEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) if (!/^npm_/i.test(key)) env[key] = value;
  return { ...env, ...extra };
}

export function run(
  command: string,
  args: string[],
  cwd: string,
  env = shellEnv(),
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(command, args, { cwd, env, timeout: 240_000, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) =>
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** `npm pack` of the three packages (their built dist/) into `dir`: each one's tarball, by name. */
export async function packPackages(dir: string): Promise<Record<PackageName, string>> {
  const workspaces = Object.values(packageFolders).flatMap((folder) => ['--workspace', folder]);
  const packed = await run('npm', ['pack', ...workspaces, '--pack-destination', dir], root);
  if (packed.code !== 0) throw new Error(`npm pack failed: ${packed.stderr}`);
  const files = readdirSync(dir);
  const tarballs = Object.fromEntries(
    Object.keys(packageFolders).map((name) => {
      const file = files.find((f) => new RegExp(`^${name}-\\d+\\.\\d+\\.\\d+.*\\.tgz$`).test(f));
      if (!file) throw new Error(`npm pack made no tarball of ${name} (${files.join(', ')})`);
      return [name, join(dir, file)];
    }),
  );
  return tarballs as Record<PackageName, string>;
}
