/**
 * Fire-and-forget POST of form-encoded feedback to `url` (token already in its query). Never
 * rejects: resolves `true` when handed to the network (beacon queued, or an HTTP 2xx), else `false`.
 *
 * Channel: a custom `fetch` (ClientOptions.fetch) is used when given, since its owner asked to see
 * every request. Otherwise `navigator.sendBeacon` (survives the navigation the click causes; the
 * form-encoded body is CORS-safelisted, so no preflight); when it is missing (Node), refuses (queue
 * full) or throws, the global `fetch` with `keepalive: true`.
 */
export async function sendFeedback(
  url: string,
  body: URLSearchParams,
  customFetch: typeof fetch | undefined,
  timeout: number,
): Promise<boolean> {
  try {
    const nav = globalThis.navigator as Navigator | undefined;
    if (!customFetch && typeof nav?.sendBeacon === 'function' && nav.sendBeacon(url, body)) return true;
  } catch {
    // a throwing beacon (e.g. a sandboxed page) falls back to fetch
  }
  try {
    const response = await (customFetch ?? globalThis.fetch)(url, {
      method: 'POST',
      body,
      keepalive: true,
      signal: timeout > 0 && AbortSignal.timeout ? AbortSignal.timeout(timeout) : undefined,
    });
    return response.ok;
  } catch {
    return false;
  }
}
