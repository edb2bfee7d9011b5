import type { Catalogues } from '../elements/language/catalogues.ts';

/**
 * `catalogues` as the chunks of the standalone script see them: the loader's, each language a
 * `chunks/i18n/<name>.js` beside them, handed over by `bootChunk`. Only the `chunks` build uses
 * this module (vite.config.ts aliases `elements/language/catalogues.ts` to it there).
 */
export const catalogues: Catalogues = { match: () => 'en', load: async () => ({}) };
