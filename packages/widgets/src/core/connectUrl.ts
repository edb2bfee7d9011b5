import { effect } from '@preact/signals';
import { adoptUrl } from './adoptUrl.ts';
import type { PageSearch } from './createPageSearch.ts';
import { readUrlState } from './readUrlState.ts';
import { writeUrlState } from './writeUrlState.ts';

/** The parts of `window` the adapter uses (a test passes its own). */
export interface UrlHost {
  readonly location: { readonly href: string };
  readonly history: Pick<History, 'pushState' | 'state'>;
  addEventListener(type: 'popstate', listener: () => void): void;
  removeEventListener(type: 'popstate', listener: () => void): void;
}

const connections = new WeakMap<PageSearch, { count: number; stop(): void }>();

/**
 * The URL adapter at the edge of the page search: on connect the search the address names
 * becomes the page search (`adoptUrl`); every later change of the search pushes one history entry; Back
 * and Forward put the address's search back. `param` names the text's parameter (default `q`). One adapter per page search however many views
 * connect (the last disconnect stops it). Returns the disconnect function.
 */
export function connectUrl(search: PageSearch, host: UrlHost = globalThis as unknown as UrlHost, param?: string | null): () => void {
  let connection = connections.get(search);
  if (!connection) {
    adoptUrl(search, host.location.href, param);
    const fromUrl = () => search.set(readUrlState(host.location.href, param));
    host.addEventListener('popstate', fromUrl);
    const stopEffect = effect(() => {
      const { href } = host.location;
      const next = writeUrlState(href, search.state.value, param).href;
      // The address as the adapter writes it: parameter order or a lone `page=1` never push.
      if (next !== writeUrlState(href, readUrlState(href, param), param).href) host.history.pushState(host.history.state, '', next);
    });
    const created = {
      count: 0,
      stop() {
        host.removeEventListener('popstate', fromUrl);
        stopEffect();
        connections.delete(search);
      },
    };
    connections.set(search, created);
    connection = created;
  }
  const active = connection;
  active.count++;
  let connected = true;
  return () => {
    if (!connected) return;
    connected = false;
    if (--active.count === 0) active.stop();
  };
}
