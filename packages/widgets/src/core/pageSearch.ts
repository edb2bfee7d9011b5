import { createPageSearch, type PageSearch } from './createPageSearch.ts';

/** The search state of this page, shared by every Trove element on it (module state; no `window` at import time). */
export const pageSearch: PageSearch = createPageSearch();
