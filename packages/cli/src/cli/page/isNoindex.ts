import type { PageMeta } from './readMeta.ts';

/**
 * Whether the page asks not to be indexed: `<meta name="robots">`, `googlebot` or `trove-index`
 * (ours) with `noindex` or `none`.
 */
export function isNoindex(meta: PageMeta): boolean {
  return ['robots', 'googlebot', 'trove-index'].some((name) =>
    meta.get(name)?.some((content) => {
      const directives = content.toLowerCase().split(/[\s,]+/);
      return directives.includes('noindex') || directives.includes('none');
    }),
  );
}
