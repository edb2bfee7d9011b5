/**
 * The classic-script entry, `dist/trove.js`: a small loader. It reads the settings of the
 * `<script>` tag that loaded it, exposes `window.Trove = { configure, version }`, and defines
 * every Trove tag at once with a small host class (`TroveHost`). The custom-element registry
 * upgrades every instance wherever it is (the document, another element's open shadow root, a
 * declarative shadow root, now or added later); a host's first connection starts its element's
 * chunks from `chunks/` beside the script, all of them at once (the build tells the loader each
 * element's full list); the host class then becomes the element's class (`TroveHost.become`) and
 * every waiting host a real instance of it. An element
 * that declares `eager` (related posts) is fetched only when one of its hosts nears the viewport.
 * A page with only `<trove-related-posts>` downloads only what that element needs.
 *
 *   <script src="/trove.js" data-base-url="…" data-project="…" data-collection="…" data-token="…" defer></script>
 */
import type { TroveConfig } from './elements/configure.ts';
import { defineElement } from './elements/defineElement.ts';
import { placingSettings } from './elements/readScriptConfig.ts';
import { renderEarlyField } from './elements/renderEarlyField.ts';
import { TroveHost } from './elements/TroveHost.ts';
import type { ChunkExports, LoaderHandoff } from './chunks/bootChunk.ts';
import type placeChunk from './chunks/trove-place.ts';
import { version } from './version.ts';

/**
 * Injected by the build (vite.config.ts): the shared chunk files, and for each tag the indexes
 * of those it imports (besides its own `<tag>.js`) and whether it loads when near the viewport
 * (it declares `eager`). The hosts observe no attributes: the implementation watches them once
 * it has arrived, so the declarations stay out of this file.
 */
declare const __TROVE_ELEMENTS__: [shared: string[], Record<string, [imports: number[], lazy?: 1]>];

/** Where the loader keeps its host class: the version tells two copies apart, the chunks extend it (src/chunks/loaderHost.ts). */
const marker = Symbol.for('trove.loader');
const global = globalThis as typeof globalThis & {
  [marker]?: typeof TroveHost;
  Trove?: { configure(config: TroveConfig): void; version: string };
};

if (global[marker]) {
  console.warn(`Trove ${version}: Trove ${global[marker].version} is already loaded on this page; this copy does nothing.`);
} else {
  global[marker] = TroveHost;
  // `document.currentScript` can be clobbered by `<img name="currentScript">`: trust only a real <script>.
  const current: unknown = document.currentScript;
  const script =
    current instanceof HTMLScriptElement
      ? current
      : [...document.querySelectorAll<HTMLScriptElement>('script[src]')].find((s) => /\/trove(\.min)?\.js(\?|#|$)/.test(s.src));
  const chunks = new URL('chunks/', script?.src || document.baseURI).href;
  // The connection to the service, open before the first suggestion is asked for.
  const service = script?.dataset.baseUrl;
  if (service) document.head.append(Object.assign(document.createElement('link'), { rel: 'preconnect', href: service, crossOrigin: '' }));
  const handoff: LoaderHandoff = { script, configured: [] };
  let configure: (config: TroveConfig) => void = (config) => handoff.configured.push(config);
  // Placing settings (the theme's search taken over, related posts after a selector): their code,
  // `chunks/trove-place.js`, is fetched only when the script tag or a `configure()` call has one
  // (a failed fetch is the browser's unhandled rejection, in the console).
  const place = (config: unknown, given?: TroveConfig) =>
    // `Object()`: a call with nothing (`configure()`) or `null` is not a placing one.
    placingSettings.some((key) => key in Object(config)) &&
    import(/* @vite-ignore */ `${chunks}trove-place.js`).then((chunk: { default: typeof placeChunk }) => chunk.default(script, given));
  if (script) place(script.dataset);
  global.Trove ??= {
    configure: (config) => {
      place(config, config);
      configure(config);
    },
    version,
  };

  const [names, elements] = __TROVE_ELEMENTS__;
  for (const [tag, [files, lazy]] of Object.entries(elements)) {
    const waiting = new Set<TroveHost>();
    let started = false;
    const start = () => {
      if (started) return;
      started = true;
      near?.disconnect();
      // Every file at once: the element's chunk and the shared chunks it imports (the libraries are in `bootChunk`).
      const urls = [`${tag}.js`, ...files.map((file) => names[file])].map((file) => chunks + file);
      Promise.all(urls.map((url) => import(/* @vite-ignore */ url))).then(
        ([chunk]: ChunkExports[]) => {
          const loaded = chunk.default(handoff);
          configure = loaded.configure;
          Host.become(loaded.element);
          for (const host of waiting) if (host.isConnected) host.connectedCallback();
          waiting.clear();
        },
        (error: unknown) => console.error(`Trove ${version}: could not load <${tag}> from ${chunks}`, error),
      );
    };
    const near = lazy
      ? new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && start(), {
          // Twice as far as the element's own view waits for before it asks the service.
          rootMargin: '200% 0px',
        })
      : undefined;
    class Host extends TroveHost {
      static override load = (host: TroveHost) => {
        // The box can be typed into at once: a plain search field until its code arrives.
        if (tag === 'trove-search-box') renderEarlyField(host);
        waiting.add(host);
        if (near && !host.hasAttribute('eager')) near.observe(host);
        else start();
      };
    }
    defineElement(tag, Host);
  }
}
