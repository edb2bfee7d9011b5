import type { Messages } from '../../ui/translate.ts';
import { matchLanguage } from './matchLanguage.ts';

/** Where the texts of each language come from: the catalogue of a `lang` tag, and one loaded when asked for. */
export interface Catalogues {
  /** The catalogue's name for a BCP 47 tag (`matchLanguage`), `en` when there is none. */
  match(tag: string): string;
  load(name: string): Promise<Messages>;
}

// One chunk per language, fetched only for an element in that language (pt-PT comes merged over pt: vite.config.ts).
const files = import.meta.glob<Messages>('../../ui/catalogues/*.json', { import: 'default' });
const file = (name: string) => `../../ui/catalogues/${name}.json`;

/** The catalogues of the ES module build (the script's chunks take the loader's: src/chunks/loaderCatalogues.ts). */
export const catalogues: Catalogues = {
  match: (tag) => matchLanguage(tag, (name) => file(name) in files),
  load: (name) => files[file(name)]!(),
};
