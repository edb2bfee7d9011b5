import { isLoopback } from './isLoopback.ts';

/** A host name or address (optionally in brackets, optionally with `:port`) that only this machine reaches. */
export function isLoopbackHost(host: string): boolean {
  let bare = host.trim().toLowerCase();
  if (bare.startsWith('[')) bare = bare.slice(1, bare.indexOf(']') < 0 ? undefined : bare.indexOf(']'));
  else if (/^[^:]*:\d*$/.test(bare)) bare = bare.slice(0, bare.indexOf(':'));
  return bare === 'localhost' || bare.endsWith('.localhost') || isLoopback(bare);
}
