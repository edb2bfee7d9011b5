/**
 * The classic-script entry, `dist/trove.js`: a small loader. It reads the settings of the
 * `<script>` tag that loaded it, exposes `window.Trove = { configure, version }`, and defines
 * every Trove tag at once with a small host class (`TroveHost`). The custom-element registry
 * upgrades every instance wherever it is (the document, another element's open shadow root, a
 * declarative shadow root, now or added later); each host then waits for its element's moment
 * (`loadMoment`): related posts and the results when they come within about a screen of the
 * viewport or are above it (`nearMargin`; `eager` related posts at once), the search box on the
 * reader's first sign of intent (the pointer over or down on its field, focus, a key, its
 * `shortcut`, which the loader catches until the box's code is there), or at idle with `idle`.
 * Then the element's chunks from `chunks/` beside the script start, all of them at once (the
 * build tells the loader each element's full list); once they are there, and not while the reader
 * is typing (`typingPause`), the host class becomes the element's class (`TroveHost.become`) and
 * every waiting host a real instance of it. An element in another language than English (its
 * nearest `lang`) gets that language's texts, `chunks/i18n/<name>.js`, with its code, and the box's
 * early field its placeholder at once. A page downloads only what its reader uses.
 *
 *   <script src="/trove.js" data-base-url="…" data-project="…" data-collection="…" data-token="…" defer></script>
 */
import type { TroveConfig } from './elements/configure.ts';
import { defineElement } from './elements/defineElement.ts';
import type { Catalogues } from './elements/language/catalogues.ts';
import { elementLanguage } from './elements/language/elementLanguage.ts';
import { matchLanguage } from './elements/language/matchLanguage.ts';
import { intentEvents, loadMoment, nearMargin, shortcutField } from './elements/loadMoment.ts';
import { placingSettings } from './elements/readScriptConfig.ts';
import { renderEarlyField } from './elements/renderEarlyField.ts';
import { TroveHost } from './elements/TroveHost.ts';
import type { ChunkExports, LoaderHandoff } from './chunks/bootChunk.ts';
import type placeChunk from './chunks/trove-place.ts';
import { version } from './version.ts';

/**
 * Injected by the build (vite.config.ts): the shared chunk files, and for each tag the indexes
 * of those it imports (besides its own `<tag>.js`). The hosts observe no attributes: the
 * implementation watches them once it has arrived, so the declarations stay out of this file.
 */
declare const __TROVE_ELEMENTS__: [shared: string[], Record<string, number[]>];

/** Injected by the build: the box's placeholder in each language that has a catalogue (`chunks/i18n/<name>.js`). */
declare const __TROVE_PLACEHOLDERS__: Record<string, string>;

/**
 * A gap this long (ms) after a key is a pause in typing: an element's code that arrives while the
 * reader is typing (the box's, mid-word) runs its first render then, in the time the box would
 * wait anyway before asking (its debounce), so that no key waits for it.
 */
const typingPause = 60;

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
  const placeholders = __TROVE_PLACEHOLDERS__;
  const catalogues: Catalogues = {
    match: (tag) => matchLanguage(tag, (name) => Object.hasOwn(placeholders, name)),
    load: (name) => import(/* @vite-ignore */ `${chunks}i18n/${name}.js`).then((chunk) => chunk.default),
  };
  const handoff: LoaderHandoff = { script, configured: [], catalogues };
  // A host's language: the last `configure({ lang })` before its code, or the script tag's, forces one.
  const languageOf = (host: Element) =>
    catalogues.match(
      elementLanguage(
        host,
        handoff.configured.reduce((lang, config) => config.lang || lang, script?.dataset.lang),
      ),
    );
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

  // When the reader last typed into a field of the page (an early field, the box once upgraded).
  let typedAt = -1e9;
  document.addEventListener('input', (event) => void (typedAt = event.timeStamp), true);
  const [names, elements] = __TROVE_ELEMENTS__;
  for (const [tag, files] of Object.entries(elements)) {
    const box = tag === 'trove-search-box';
    const waiting = new Set<TroveHost>();
    // The languages of the waiting hosts: their texts come with the element's code.
    const languages = new Set<string>();
    let started = false;
    // Until the box's code is there, its shortcut focuses the early field (which starts the code).
    const onShortcut = (event: KeyboardEvent) => {
      const input = shortcutField(waiting, event);
      if (!input) return;
      event.preventDefault();
      input.focus();
      input.select();
    };
    const start = () => {
      if (started) return;
      started = true;
      near.disconnect();
      // Every file at once: the element's chunk and the shared chunks it imports (the libraries are in `bootChunk`).
      const urls = [`${tag}.js`, ...files.map((file) => names[file])].map((file) => chunks + file);
      Promise.all([
        ...urls.map((url) => import(/* @vite-ignore */ url)),
        ...[...languages].map((name) => catalogues.load(name).catch(() => 0)),
      ]).then(
        function upgrade([chunk]: ChunkExports[]) {
          // Not in the middle of a burst of keys (`typingPause`).
          const wait = typedAt + typingPause - performance.now();
          if (wait > 0) return void setTimeout(upgrade, wait, [chunk]);
          const loaded = chunk.default(handoff);
          configure = loaded.configure;
          Host.become(loaded.element);
          // The box's own shortcut handler takes over.
          document.removeEventListener('keydown', onShortcut);
          for (const host of waiting) if (host.isConnected) host.connectedCallback();
          waiting.clear();
        },
        (error: unknown) => console.error(`Trove ${version}: could not load <${tag}> from ${chunks}`, error),
      );
    };
    // About a screen below the viewport, or anywhere above it: see `nearMargin`.
    const near = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && start(), {
      rootMargin: nearMargin,
    });
    class Host extends TroveHost {
      static override load = (host: TroveHost) => {
        const language = languageOf(host);
        // The box can be typed into at once: a plain search field until its code arrives.
        if (box) renderEarlyField(host, placeholders[language]);
        if (language !== 'en') languages.add(language);
        waiting.add(host);
        const moment = loadMoment(host, box);
        if (moment === 'now') start();
        else if (moment === 'near') near.observe(host);
        else {
          for (const type of intentEvents) host.addEventListener(type, start, { once: true, passive: true });
          document.addEventListener('keydown', onShortcut);
          // Safari has no requestIdleCallback.
          if (moment === 'idle') (globalThis.requestIdleCallback ?? setTimeout)(start);
        }
      };
    }
    defineElement(tag, Host);
  }
}
