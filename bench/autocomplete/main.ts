/**
 * The page script of bench/pages/ac-box.html: `@algolia/autocomplete-js` as its docs set it up,
 * with the docs' debouncing recipe ("Debouncing sources", here at 100 ms), one source whose
 * `getItems` fetches the same local service's v2 autocomplete endpoint that Trove uses.
 * Bundled at bench time by bench/autocomplete/buildAutocomplete.ts (no CDN).
 */
import { type AutocompleteSource, autocomplete } from '@algolia/autocomplete-js';

interface Suggestion {
  phrase: string;
  url?: string;
  suggestion_type?: string;
  [key: string]: unknown;
}

// The docs' recipe, as written there (typed).
function debouncePromise<A extends unknown[], R>(fn: (...args: A) => Promise<R>, time: number): (...args: A) => Promise<R> {
  let timerId: ReturnType<typeof setTimeout> | undefined;
  return function debounced(...args: A): Promise<R> {
    if (timerId) clearTimeout(timerId);
    return new Promise((resolve) => {
      timerId = setTimeout(() => resolve(fn(...args)), time);
    });
  };
}

type Sources = AutocompleteSource<Suggestion>[];
const debounced = debouncePromise((items: Sources) => Promise.resolve(items), 100);
const endpoint = '/api/v2/projects/demo/collections/blog/autocomplete/';

autocomplete<Suggestion>({
  container: '#box',
  placeholder: 'Search the blog',
  getSources({ query }) {
    return debounced([
      {
        sourceId: 'posts',
        getItems() {
          return fetch(`${endpoint}?${new URLSearchParams({ q: query, token: 'dev-token' })}`)
            .then((response) => response.json())
            .then((body: { response?: { results?: Suggestion[] } }) => body.response?.results ?? []);
        },
        getItemInputValue: ({ item }) => item.phrase,
        getItemUrl: ({ item }) => item.url,
        templates: {
          item({ item, html }) {
            return html`<div class="aa-ItemWrapper"><div class="aa-ItemContent"><div class="aa-ItemContentTitle">${item.phrase}</div></div></div>`;
          },
        },
      },
    ]);
  },
});
