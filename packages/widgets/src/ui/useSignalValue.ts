import type { ReadonlySignal } from '@preact/signals';
import { useLayoutEffect, useState } from 'preact/hooks';

/**
 * `source`'s value, with the component rendered again whenever it changes. The views subscribe
 * through this hook, never by reading signals in render: the standalone script ships
 * `@preact/signals-core` alone (vite.config.ts), without the Preact integration that would
 * subscribe a component to what its render reads (~1 KB brotli on every page). Subscribed in a
 * layout effect, which sees at once a change made since the render.
 */
export function useSignalValue<T>(source: ReadonlySignal<T>): T {
  const value = source.peek();
  const [, seen] = useState(value);
  useLayoutEffect(() => source.subscribe(seen), [source]);
  return value;
}
