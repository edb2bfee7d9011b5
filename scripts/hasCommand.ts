import { execFileSync } from 'node:child_process';

/** Is `name` a command on this machine's PATH? (For the scripts that install what the tests need.) */
export function hasCommand(name: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
