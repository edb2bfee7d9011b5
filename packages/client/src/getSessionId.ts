const KEY = 'trove:session';
let memory: string | undefined;

function randomId(): string {
  const bytes = new Uint8Array(16);
  // getRandomValues works in insecure (http:) pages too, unlike crypto.randomUUID().
  if (globalThis.crypto?.getRandomValues) globalThis.crypto.getRandomValues(bytes);
  else for (let i = 0; i < 16; i++) bytes[i] = (Math.random() * 256) | 0;
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The browser session's id, sent as `session_id`: random, created once and kept in
 * `sessionStorage` under `trove:session`; kept in memory when storage is missing or throws
 * (Node, sandboxed iframes, privacy modes). Touches no global until it is called.
 */
export function getSessionId(): string {
  try {
    const storage = globalThis.sessionStorage;
    let id = storage.getItem(KEY);
    if (!id) storage.setItem(KEY, (id = memory ?? randomId()));
    return (memory = id);
  } catch {
    return (memory ??= randomId());
  }
}
