import type { Apt } from '../../scripts/ensurePackages.ts';

/**
 * A machine for the `ensure…` scripts' tests (root with apt-get unless told otherwise): apt-get
 * never runs, the commands it would have run and the lines said are kept. A `run` given is called
 * after each command is kept (to fail, or to make the package appear).
 */
export function fakeApt(over: Partial<Apt> = {}): Apt & { ran: string[][]; lines: string[] } {
  const ran: string[][] = [];
  const lines: string[] = [];
  return {
    isRoot: true,
    hasAptGet: true,
    ...over,
    run: (command) => {
      ran.push(command);
      over.run?.(command);
    },
    log: (line) => {
      lines.push(line);
    },
    ran,
    lines,
  };
}
