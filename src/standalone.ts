/**
 * The classic-script entry, `dist/trove.js`: a small loader. It reads the settings of the
 * `<script>` tag that loaded it, exposes `window.Trove = { configure, version }`, and loads
 * the chunk of each Trove element the page uses (now or later: CMS blocks, SPA routes) with
 * `import()` from `chunks/` beside the script. A page with only `<trove-related-posts>`
 * downloads only what that element needs.
 *
 *   <script src="/trove.js" data-base-url="…" data-project="…" data-collection="…" data-token="…" defer></script>
 */
import type { TroveConfig } from './elements/configure.ts';
import { readScriptConfig } from './elements/readScriptConfig.ts';
import type { LoaderHandoff } from './chunks/bootChunk.ts';
import { version } from './version.ts';

const tags = ['trove-search-box', 'trove-search-results', 'trove-related-posts'];
const marker = Symbol.for('trove.loader');
const global = globalThis as typeof globalThis & {
  [marker]?: string;
  Trove?: { configure(config: TroveConfig): void; version: string };
};

if (global[marker]) {
  console.warn(`Trove ${version}: Trove ${global[marker]} is already loaded on this page; this copy does nothing.`);
} else {
  global[marker] = version;
  // `document.currentScript` can be clobbered by `<img name="currentScript">`: trust only a real <script>.
  const current: unknown = document.currentScript;
  const script =
    current instanceof HTMLScriptElement
      ? current
      : [...document.querySelectorAll<HTMLScriptElement>('script[src]')].find((s) => /\/trove(\.min)?\.js(\?|#|$)/.test(s.src));
  const chunks = new URL('chunks/', script?.src || document.baseURI).href;
  const handoff: LoaderHandoff = { script: script ? readScriptConfig(script) : {}, configured: [] };
  let configure = (config: TroveConfig) => void handoff.configured.push(config);
  global.Trove ??= { configure: (config) => configure(config), version };

  const loading = new Set<string>();
  const load = (tag: string) => {
    if (loading.has(tag)) return;
    loading.add(tag);
    if (loading.size === tags.length) observer.disconnect();
    import(/* @vite-ignore */ `${chunks}${tag}.js`).then(
      (chunk: { default(handoff: LoaderHandoff): typeof configure }) => (configure = chunk.default(handoff)),
      (error: unknown) => console.error(`Trove ${version}: could not load <${tag}> from ${chunks}`, error),
    );
  };
  const scan = (root: Element | Document) => {
    for (const tag of tags)
      if (!loading.has(tag) && ((root instanceof Element && root.localName === tag) || root.querySelector(tag))) load(tag);
  };
  const observer = new MutationObserver((records) => {
    for (const record of records) for (const node of record.addedNodes) if (node instanceof Element) scan(node);
  });
  observer.observe(document.documentElement, { childList: true, subtree: true });
  scan(document);
}
