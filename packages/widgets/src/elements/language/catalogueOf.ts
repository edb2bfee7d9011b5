import { signal } from '@preact/signals';
import type { Messages } from '../../ui/translate.ts';
import { catalogues } from './catalogues.ts';

/** The catalogues loaded so far (English is the elements' own texts: nothing to load). */
const loaded = signal<Record<string, Messages>>({ en: {} });
const loading = new Map<string, Promise<void>>();

/** The texts of catalogue `name` once loaded, else `undefined` (a read that renders again when it arrives). */
export const catalogueOf = (name: string): Messages | undefined => loaded.value[name];

/** Load catalogue `name` once; one that cannot be loaded leaves English, with a warning. */
export function loadCatalogue(name: string): Promise<void> {
  let done = loading.get(name);
  if (!done) {
    const keep = (messages: Messages) => void (loaded.value = { ...loaded.value, [name]: messages });
    done = catalogues.load(name).then(keep, (error: unknown) => {
      console.warn(`Trove: the texts in “${name}” could not be loaded; they stay English.`, error);
      keep({});
    });
    loading.set(name, done);
  }
  return done;
}
