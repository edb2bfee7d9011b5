/**
 * The embedded Engine: a MiniSearch full-text index over `title` + `content` (BM25 relevance,
 * prefix + typo tolerance) beside per-value postings of every facet, all keyed by small integer
 * slots (one per document, kept when it is replaced). Query semantics: see Engine.ts, and:
 * - the last query term matches as a prefix from two letters on (one letter matches the word
 *   "c" of "C#", not every word starting with c);
 * - common words (stopWords.ts) are indexed in titles only: dropped from queries with other
 *   words anyway, a query of common words alone matches the titles that have them.
 *
 * Where the time goes, and what keeps it small (measured by `npm run bench`):
 * - filters are intersections of facet postings, as a byte mask, so a filter-only query never
 *   scans the collection and the text engine checks a mask, not a set of strings;
 * - facet counts add up small per-document code lists over the matches (or over the documents
 *   that did not match, when those are fewer), never hashing a string;
 * - sorted pages walk an order kept up to date at indexing time (SortedSlots) and stop once the
 *   page is full, or sort only the matches by their integer rank when the matches are few;
 * - the title-normalised names of facet values are computed once per value, not per query.
 */
import MiniSearch, { type SearchOptions } from 'minisearch';
import type { FacetBucket } from '../api/types.ts';
import type {
  Engine,
  FacetCounts,
  FacetValueMatch,
  FieldFilter,
  FilterField,
  Page,
  PageRequest,
  RelatedRequest,
  SearchRequest,
  SuggestRequest,
} from './Engine.ts';
import { levenshtein } from './levenshtein.ts';
import { normalizeTerm } from './normalizeTerm.ts';
import type { SortKey } from './parseSort.ts';
import { queryTerms } from './queryTerms.ts';
import { SortedSlots } from './SortedSlots.ts';
import { STOP_WORDS } from './stopWords.ts';
import type { StoredDocument } from './types.ts';

type CountedFacet = 'categories' | 'tags' | 'authors' | 'year';
const COUNTED_FACETS: CountedFacet[] = ['categories', 'tags', 'authors', 'year'];
const FILTER_FIELDS: FilterField[] = [...COUNTED_FACETS, 'meta'];
const SUGGESTED_FACETS = ['categories', 'tags', 'authors'] as const;

/** Facet buckets are capped per facet (largest counts first). */
const MAX_BUCKETS = 100;

/** At least a shared category, a shared tag, or half the best title similarity. */
const MIN_RELATED_SCORE = 2;

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

interface IndexedText {
  slot: number;
  title: string;
  content: string;
}

interface FacetValue {
  /** The documents (slots) that carry it. */
  slots: Set<number>;
  /** Lower case, accents removed, spaces collapsed (for suggestions). */
  name: string;
}

function yearOf(doc: StoredDocument): string | undefined {
  return doc.ts === undefined ? undefined : String(new Date(doc.ts).getUTCFullYear());
}

function facetValues(doc: StoredDocument, field: FilterField): string[] {
  if (field === 'year') {
    const year = yearOf(doc);
    return year === undefined ? [] : [year];
  }
  return doc[field];
}

function typoTolerance(term: string): number | false {
  if (term.length >= 9) return 2;
  if (term.length >= 5) return 1;
  return false;
}

/** Common words are left out of the content index; titles keep every word. */
function indexTerm(term: string, field?: string): string | null {
  const normal = normalizeTerm(term);
  return field === 'content' && STOP_WORDS.has(normal) ? null : normal;
}

/** 0 the name is the text, 1 it starts with it, 2 a later word of it does, -1 none. */
function nameRank(name: string, needle: string): number {
  if (name === needle) return 0;
  if (name.startsWith(needle)) return 1;
  const words = /[^\p{L}\p{N}]+/gu;
  let m: RegExpExecArray | null;
  while ((m = words.exec(name))) if (name.startsWith(needle, m.index + m[0].length)) return 2;
  return -1;
}

const normalizeName = (value: string) => normalizeTerm(value.trim()).replace(/\s+/g, ' ');

export class MiniSearchEngine implements Engine {
  /** Documents by slot. */
  private readonly docs: StoredDocument[] = [];
  private readonly slotOf = new Map<string, number>();
  private readonly text = new MiniSearch<IndexedText>({
    idField: 'slot',
    fields: ['title', 'content'],
    storeFields: [],
    processTerm: indexTerm,
    searchOptions: { processTerm: normalizeTerm },
  });
  private readonly postings = Object.fromEntries(FILTER_FIELDS.map((f) => [f, new Map<string, FacetValue>()])) as Record<
    FilterField,
    Map<string, FacetValue>
  >;
  /**
   * Facet counting without string hashing: every (facet, value) pair gets a small integer code
   * and each document the codes of its values, so counting a match set is array increments.
   */
  private readonly codeOf = new Map<string, number>();
  private readonly codes: { field: CountedFacet; value: string }[] = [];
  private readonly docCodes: number[][] = [];
  private readonly byId = new SortedSlots((a, b) => collator.compare(this.docs[a]!.id, this.docs[b]!.id));
  private readonly orders: Record<SortKey, SortedSlots> = {
    'date desc': new SortedSlots((a, b) => this.compareDates(a, b, -1)),
    'date asc': new SortedSlots((a, b) => this.compareDates(a, b, 1)),
    'title asc': new SortedSlots((a, b) => collator.compare(this.docs[a]!.title, this.docs[b]!.title) || this.idOrder(a, b)),
    'title desc': new SortedSlots((a, b) => collator.compare(this.docs[b]!.title, this.docs[a]!.title) || this.idOrder(a, b)),
  };

  async count(): Promise<number> {
    return this.docs.length;
  }

  async snapshot(): Promise<StoredDocument[]> {
    return this.docs.slice();
  }

  async upsert(documents: readonly StoredDocument[]): Promise<void> {
    const latest = new Map<string, StoredDocument>();
    for (const doc of documents) latest.set(doc.id, doc); // a later duplicate wins
    const added: number[] = [];
    const changed: number[] = [];
    for (const doc of latest.values()) {
      let slot = this.slotOf.get(doc.id);
      if (slot === undefined) {
        slot = this.docs.length;
        this.slotOf.set(doc.id, slot);
        added.push(slot);
      } else {
        this.text.discard(slot);
        this.setPostings(slot, this.docs[slot]!, false);
      }
      this.docs[slot] = doc;
      this.text.add({ slot, title: doc.title, content: doc.content });
      this.setPostings(slot, doc, true);
      this.docCodes[slot] = this.codesFor(doc);
      changed.push(slot);
    }
    // Orders are kept at indexing time, so no query pays for a sort of the collection.
    this.byId.update(added, this.docs.length);
    for (const order of Object.values(this.orders)) order.update(changed, this.docs.length);
  }

  async search(request: SearchRequest): Promise<Page> {
    const allowed = this.filterMask(request.filters);
    if (request.q.trim() === '') {
      return this.orderedPage(allowed, request.sort ?? 'date desc', request);
    }
    let page: Page;
    if (allowed?.size === 0) {
      page = this.page(new Int32Array(0), undefined, request);
    } else {
      const found = this.text.search(request.q, this.textOptions(request.titleBoost, allowed, request.fields));
      const slots = new Int32Array(found.length);
      for (let i = 0; i < found.length; i++) slots[i] = found[i]!.id as number;
      page = this.page(slots, request.sort, request);
    }
    if (request.spelling && page.total === 0) page.spelling = this.spellingSuggestion(request.q);
    return page;
  }

  async suggest(request: SuggestRequest): Promise<FacetValueMatch[]> {
    const needle = normalizeName(request.text);
    if (needle === '' || request.limit <= 0) return [];
    const allowed = this.filterMask(request.filters);
    const found: FacetValueMatch[] = [];
    for (const field of SUGGESTED_FACETS) {
      for (const [value, entry] of this.postings[field]) {
        const rank = nameRank(entry.name, needle);
        if (rank < 0) continue;
        let count = entry.slots.size;
        if (allowed) {
          count = 0;
          for (const slot of entry.slots) count += allowed.mask[slot]!;
        }
        if (count > 0) found.push({ field, value, count, rank });
      }
    }
    found.sort((a, b) => a.rank - b.rank || b.count - a.count || collator.compare(a.value, b.value));
    return found.slice(0, request.limit);
  }

  async related(request: RelatedRequest): Promise<Page> {
    const n = this.docs.length;
    const scores = new Float64Array(n);
    const touched: number[] = [];
    const add = (slot: number, points: number) => {
      if (scores[slot] === 0) touched.push(slot);
      scores[slot] += points;
    };
    const sourceSlot = this.slotOf.get(request.id);
    const source = sourceSlot === undefined ? undefined : this.docs[sourceSlot];
    if (source) {
      const shared = (field: 'tags' | 'categories' | 'authors', points: number) => {
        for (const value of source[field]) for (const slot of this.postings[field].get(value)?.slots ?? []) add(slot, points);
      };
      shared('tags', 3);
      shared('categories', 2);
      shared('authors', 0.5);
    }
    const words = (source?.title ?? request.title ?? '')
      .split(/[^\p{L}\p{N}+#]+/u)
      .filter((w) => w.length > 1 && !STOP_WORDS.has(normalizeTerm(w)))
      .join(' ');
    if (words) {
      const hits = this.text.search(words, { combineWith: 'OR', boost: { title: request.titleBoost }, prefix: false, fuzzy: false });
      const top = hits[0]?.score ?? 0;
      for (const hit of hits) add(hit.id as number, (4 * hit.score) / top);
    }
    const allowed = this.filterMask(request.filters);
    const kept: number[] = [];
    for (const slot of touched) {
      // A shared author or a faint title echo alone does not make a post related.
      if (slot !== sourceSlot && scores[slot]! >= MIN_RELATED_SCORE && (!allowed || allowed.mask[slot])) kept.push(slot);
    }
    if (request.sort) return this.page(Int32Array.from(kept), request.sort, request);
    const newest = this.orders['date desc'].rank;
    kept.sort((a, b) => scores[b]! - scores[a]! || newest[a]! - newest[b]!);
    return this.page(Int32Array.from(kept), undefined, request);
  }

  // ——— pages ———

  /** A page of `slots` (every match, in relevance order) in `sort` order, or as given. */
  private page(slots: Int32Array, sort: SortKey | undefined, request: PageRequest): Page {
    const end = request.skip + request.limit;
    let pageSlots: ArrayLike<number>;
    if (!sort || request.skip >= slots.length) {
      pageSlots = slots.subarray(request.skip, end);
    } else {
      const order = this.orders[sort];
      const n = this.docs.length;
      // Walking the order until the page is full takes about end·n/matches steps; sorting the matches by rank, m·log m.
      if (end * (n / Math.max(1, slots.length)) < slots.length * Math.log2(slots.length + 1)) {
        const mask = new Uint8Array(n);
        for (const slot of slots) mask[slot] = 1;
        pageSlots = this.walk(order.list, mask, request.skip, end);
      } else {
        const rank = order.rank;
        pageSlots = Int32Array.from(slots)
          .sort((a, b) => rank[a]! - rank[b]!)
          .subarray(request.skip, end);
      }
    }
    return {
      total: slots.length,
      hits: Array.from(pageSlots, (slot) => this.docs[slot]!),
      facets: request.facets ? this.facetCounts(slots) : null,
      spelling: null,
    };
  }

  /** Every document allowed by the filters, in `sort` order (an empty query). */
  private orderedPage(allowed: Mask | null, sort: SortKey, request: PageRequest): Page {
    const list = this.orders[sort].list;
    const end = request.skip + request.limit;
    if (!allowed) {
      return {
        total: list.length,
        hits: Array.from(list.subarray(request.skip, end), (slot) => this.docs[slot]!),
        facets: request.facets ? this.facetCounts(null) : null,
        spelling: null,
      };
    }
    const slots = this.walk(list, allowed.mask, 0, list.length);
    return {
      total: slots.length,
      hits: Array.from(slots.subarray(request.skip, end), (slot) => this.docs[slot]!),
      facets: request.facets ? this.facetCounts(slots) : null,
      spelling: null,
    };
  }

  /** The `skip`th to `end`th slots of `list` that are in `mask`. */
  private walk(list: Int32Array, mask: Uint8Array, skip: number, end: number): Int32Array {
    const out = new Int32Array(Math.max(0, Math.min(end, list.length) - skip));
    let seen = 0;
    let at = 0;
    for (let i = 0; i < list.length && seen < end; i++) {
      const slot = list[i]!;
      if (!mask[slot]) continue;
      if (seen >= skip) out[at++] = slot;
      seen++;
    }
    return out.subarray(0, at);
  }

  // ——— filters and facets ———

  /** Slots allowed by every filter (AND); `null` when there are no filters. */
  private filterMask(filters: readonly FieldFilter[]): Mask | null {
    if (filters.length === 0) return null;
    const sets = filters.map((f) => this.postings[f.field].get(f.value)?.slots ?? new Set<number>());
    sets.sort((a, b) => a.size - b.size);
    const [smallest, ...rest] = sets;
    const mask = new Uint8Array(this.docs.length);
    let size = 0;
    for (const slot of smallest!) {
      if (rest.every((s) => s.has(slot))) {
        mask[slot] = 1;
        size++;
      }
    }
    return { mask, size };
  }

  /** Facet counts over exactly `slots` (every match, not a page); `null` = every document. */
  private facetCounts(slots: Int32Array | null): FacetCounts {
    const n = this.docs.length;
    const tally = new Int32Array(this.codes.length);
    if (slots === null || slots.length === n) {
      for (const list of this.docCodes) for (const code of list) tally[code]!++;
    } else if (slots.length * 2 <= n) {
      for (const slot of slots) for (const code of this.docCodes[slot]!) tally[code]!++;
    } else {
      // Most documents matched: count the others and subtract from the totals.
      const matched = new Uint8Array(n);
      for (const slot of slots) matched[slot] = 1;
      for (let code = 0; code < this.codes.length; code++) {
        const { field, value } = this.codes[code]!;
        tally[code] = this.postings[field].get(value)?.slots.size ?? 0;
      }
      for (let slot = 0; slot < n; slot++) if (!matched[slot]) for (const code of this.docCodes[slot]!) tally[code]!--;
    }
    const counts: Record<CountedFacet, [string, number][]> = { categories: [], tags: [], authors: [], year: [] };
    for (let code = 0; code < tally.length; code++) {
      if (tally[code]! > 0) counts[this.codes[code]!.field].push([this.codes[code]!.value, tally[code]!]);
    }
    const buckets = (list: [string, number][]): FacetBucket[] =>
      list
        .sort((a, b) => b[1] - a[1] || collator.compare(a[0], b[0]))
        .slice(0, MAX_BUCKETS)
        .map(([value, count]) => ({ value, count }));
    return {
      count: slots === null ? n : slots.length,
      categories: { buckets: buckets(counts.categories) },
      tags: { buckets: buckets(counts.tags) },
      authors: { buckets: buckets(counts.authors) },
      year: { buckets: buckets(counts.year).map(({ value, count }) => ({ value: Number(value), count })) },
    };
  }

  private codesFor(doc: StoredDocument): number[] {
    const list: number[] = [];
    for (const field of COUNTED_FACETS) {
      for (const value of facetValues(doc, field)) {
        const key = `${field}\u0000${value}`;
        let code = this.codeOf.get(key);
        if (code === undefined) {
          code = this.codes.length;
          this.codes.push({ field, value });
          this.codeOf.set(key, code);
        }
        if (!list.includes(code)) list.push(code);
      }
    }
    return list;
  }

  private setPostings(slot: number, doc: StoredDocument, add: boolean): void {
    for (const field of FILTER_FIELDS) {
      const map = this.postings[field];
      for (const value of facetValues(doc, field)) {
        let entry = map.get(value);
        if (add) {
          if (!entry) map.set(value, (entry = { slots: new Set(), name: normalizeName(value) }));
          entry.slots.add(slot);
        } else if (entry) {
          entry.slots.delete(slot);
          if (entry.slots.size === 0) map.delete(value);
        }
      }
    }
  }

  // ——— orders ———

  private idOrder(a: number, b: number): number {
    return this.byId.rank[a]! - this.byId.rank[b]!;
  }

  /** By date (`sign` 1 ascending, -1 descending), undated last either way, ties by id. */
  private compareDates(a: number, b: number, sign: number): number {
    const ta = this.docs[a]!.ts;
    const tb = this.docs[b]!.ts;
    if (ta === undefined || tb === undefined) return ta === tb ? this.idOrder(a, b) : ta === undefined ? 1 : -1;
    return sign * (ta - tb) || this.idOrder(a, b);
  }

  // ——— text ———

  private textOptions(titleBoost: number, allowed: Mask | null, fields?: readonly string[]): SearchOptions {
    const mask = allowed?.mask;
    return {
      fields: fields ? [...fields] : undefined,
      tokenize: queryTerms,
      combineWith: 'AND',
      boost: { title: titleBoost },
      // The last term is still being typed; one letter, or a common word there, is taken as typed.
      prefix: (term, index, terms) => index === terms.length - 1 && term.length > 1 && !STOP_WORDS.has(term),
      fuzzy: (term) => typoTolerance(term),
      filter: mask ? (result) => mask[result.id as number] === 1 : undefined,
    };
  }

  /**
   * "Did you mean": for a query with no hits, each term the index lacks is replaced by the
   * closest indexed term (fewest edits, then most documents); returned only when the corrected
   * query has hits. `null` otherwise.
   */
  private spellingSuggestion(q: string): string | null {
    const words = q.trim().split(/\s+/).filter(Boolean);
    if (words.length === 0) return null;
    let changed = false;
    const corrected = words.map((word) => {
      const term = normalizeTerm(word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''));
      if (term.length < 3 || STOP_WORDS.has(term) || this.hasTerm(term)) return word;
      let best: { term: string; distance: number; docs: number } | undefined;
      for (const [candidate, docs] of this.closeTerms(term, term.length > 5 ? 2 : 1)) {
        const distance = levenshtein(term, candidate);
        if (!best || distance < best.distance || (distance === best.distance && docs > best.docs)) {
          best = { term: candidate, distance, docs };
        }
      }
      if (!best) return word;
      changed = true;
      return best.term;
    });
    if (!changed) return null;
    const suggestion = corrected.join(' ');
    return this.text.search(suggestion, this.textOptions(1, null)).length > 0 ? suggestion : null;
  }

  /** Whether `term` (normalised) is indexed: counted without building a result per document. */
  private hasTerm(term: string): boolean {
    let found = false;
    this.text.search(term, {
      tokenize: (t) => [t],
      prefix: false,
      fuzzy: false,
      boostDocument: () => {
        found = true;
        return 0;
      },
    });
    return found;
  }

  /** Indexed terms within `distance` edits of `term`, each with the number of documents that have it. */
  private closeTerms(term: string, distance: number): Map<string, number> {
    const docs = new Map<string, number>();
    for (const hit of this.text.search(term, { tokenize: (t) => [t], prefix: false, fuzzy: distance })) {
      for (const candidate of hit.terms) docs.set(candidate, (docs.get(candidate) ?? 0) + 1);
    }
    return docs;
  }
}

interface Mask {
  mask: Uint8Array;
  size: number;
}
