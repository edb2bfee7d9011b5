/**
 * One collection of documents: a MiniSearch full-text index over `title` + `content` (BM25
 * relevance, prefix + typo tolerance) beside maps from each facet value to the ids that carry
 * it. Filters are set intersections on those maps, so a filter-only query (empty `q`) never
 * scans the collection; facet counts are taken over every matched document, not just a page.
 *
 * Query semantics (search and autocomplete):
 * - terms combine with AND; the last term also matches as a prefix ("phot" → "photography");
 * - common words ("the", "with", …) are dropped from the query unless it has nothing else;
 * - typo tolerance: terms of 5-8 characters match within 1 edit, 9+ within 2;
 * - filters combine with AND (two filters on the same field both have to hold);
 * - with a query: relevance order (title matches weigh `titleBoost`× content ones) unless a
 *   sort is given; without a query: every (filtered) document, `date desc` unless a sort is given;
 * - sorts: `date desc|asc` (undated documents last either way), `title asc|desc`; ties by id.
 */
import MiniSearch, { type SearchOptions } from 'minisearch';
import type { FilterField, ParsedFilter } from './parseFilter.ts';
import type { SortKey } from './parseSort.ts';
import type { StoredDocument } from './types.ts';

const FACET_FIELDS: FilterField[] = ['categories', 'tags', 'authors', 'year', 'meta'];

type CountedFacet = 'categories' | 'tags' | 'authors' | 'year';
const COUNTED_FACETS: CountedFacet[] = ['categories', 'tags', 'authors', 'year'];

/** Facet buckets are capped per facet (largest counts first). */
const MAX_BUCKETS = 100;

/** Words too common to make two posts related. */
const STOP_WORDS = new Set(
  'a an and are as at be but by for from has have how i in into is it its my of on or our so that the their this to was what when where which who why will with you your'.split(
    ' ',
  ),
);

/** At least a shared category, a shared tag, or half the best title similarity. */
const MIN_RELATED_SCORE = 2;

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** Lower-case, accents removed: the same for documents, queries and suggestion matching. */
function normalizeTerm(term: string): string {
  const lower = term.toLowerCase();
  // The fast path matters: this runs for every word of every indexed document.
  return /[^\x00-\x7f]/.test(lower) ? lower.normalize('NFD').replace(/\p{M}/gu, '') : lower;
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

/** MiniSearch's default tokenizer: split on spaces and punctuation. */
const SPACE_OR_PUNCTUATION = /[\n\r\p{Z}\p{P}]+/u;

/**
 * Query terms: common words ("the", "with", …) are dropped — under AND they add nothing and
 * cost the most — unless the query has nothing else. A one-letter last term is dropped too when
 * other terms exist (as a prefix it matches everything: "getting s" waits for the next letter).
 */
export function queryTerms(text: string): string[] {
  const terms = text.split(SPACE_OR_PUNCTUATION).filter(Boolean);
  const meaningful = terms.filter((term) => !STOP_WORDS.has(normalizeTerm(term)));
  const kept = meaningful.length > 0 ? meaningful : terms;
  if (kept.length > 1 && kept[kept.length - 1]!.length === 1) kept.pop();
  return kept;
}

function typoTolerance(term: string): number | false {
  if (term.length >= 9) return 2;
  if (term.length >= 5) return 1;
  return false;
}

function levenshtein(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const saved = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = saved;
    }
  }
  return row[b.length]!;
}

export interface FacetCounts {
  count: number;
  categories: { buckets: { value: string; count: number }[] };
  tags: { buckets: { value: string; count: number }[] };
  authors: { buckets: { value: string; count: number }[] };
  year: { buckets: { value: number; count: number }[] };
}

export interface FacetValueMatch {
  field: 'categories' | 'tags' | 'authors';
  value: string;
  /** Documents with this value (within the filters). */
  count: number;
  /** 0 exact, 1 the name starts with the text, 2 a later word of the name does. */
  rank: number;
}

interface Order {
  list: string[];
  rank: Map<string, number>;
}

export class Collection {
  readonly docs = new Map<string, StoredDocument>();
  private readonly engine = new MiniSearch<StoredDocument>({
    idField: 'id',
    fields: ['title', 'content'],
    storeFields: [],
    processTerm: normalizeTerm,
    searchOptions: { processTerm: normalizeTerm },
  });
  private readonly facetSets = Object.fromEntries(FACET_FIELDS.map((f) => [f, new Map<string, Set<string>>()])) as Record<
    FilterField,
    Map<string, Set<string>>
  >;
  private readonly orders = new Map<SortKey, Order>();
  /**
   * Facet counting without string hashing: every (facet, value) pair gets a small integer code
   * and each document the codes of its values, so counting a match set is array increments.
   */
  private readonly codeOf = new Map<string, number>();
  private readonly codes: { field: CountedFacet; value: string }[] = [];
  private readonly docCodes = new Map<string, Int32Array>();

  get size(): number {
    return this.docs.size;
  }

  /** Adds or replaces (by id) every document. Callers validate first; this cannot fail halfway. */
  upsert(documents: readonly StoredDocument[]): void {
    for (const doc of documents) {
      const old = this.docs.get(doc.id);
      if (old) {
        this.engine.discard(doc.id);
        this.setFacets(old, false);
      }
      this.engine.add(doc);
      this.docs.set(doc.id, doc);
      this.setFacets(doc, true);
      this.docCodes.set(doc.id, this.codesFor(doc));
    }
    this.orders.clear();
  }

  private codesFor(doc: StoredDocument): Int32Array {
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
        list.push(code);
      }
    }
    return Int32Array.from(list);
  }

  private setFacets(doc: StoredDocument, add: boolean): void {
    for (const field of FACET_FIELDS) {
      const map = this.facetSets[field];
      for (const value of facetValues(doc, field)) {
        let set = map.get(value);
        if (add) {
          if (!set) map.set(value, (set = new Set()));
          set.add(doc.id);
        } else if (set) {
          set.delete(doc.id);
          if (set.size === 0) map.delete(value);
        }
      }
    }
  }

  /** Ids allowed by every filter (AND); `null` when there are no filters. */
  filterSet(filters: readonly ParsedFilter[]): Set<string> | null {
    if (filters.length === 0) return null;
    const sets = filters.map((f) => this.facetSets[f.field].get(f.value) ?? new Set<string>());
    sets.sort((a, b) => a.size - b.size);
    const [smallest, ...rest] = sets;
    const result = new Set<string>();
    for (const id of smallest!) if (rest.every((s) => s.has(id))) result.add(id);
    return result;
  }

  private order(key: SortKey): Order {
    let order = this.orders.get(key);
    if (order) return order;
    const docs = [...this.docs.values()];
    const byId = (a: StoredDocument, b: StoredDocument) => collator.compare(a.id, b.id);
    if (key.startsWith('date')) {
      const sign = key === 'date desc' ? -1 : 1;
      docs.sort((a, b) => {
        if (a.ts === undefined || b.ts === undefined) {
          return a.ts === b.ts ? byId(a, b) : a.ts === undefined ? 1 : -1;
        }
        return sign * (a.ts - b.ts) || byId(a, b);
      });
    } else {
      const sign = key === 'title desc' ? -1 : 1;
      docs.sort((a, b) => sign * collator.compare(a.title, b.title) || byId(a, b));
    }
    const list = docs.map((d) => d.id);
    order = { list, rank: new Map(list.map((id, i) => [id, i])) };
    this.orders.set(key, order);
    return order;
  }

  /** Sorts ids (a subset of the collection) by `key`. */
  sortIds(ids: string[], key: SortKey): string[] {
    const order = this.order(key);
    if (ids.length === this.docs.size) return order.list.slice();
    const rank = order.rank;
    return ids.sort((a, b) => rank.get(a)! - rank.get(b)!);
  }

  private textOptions(titleBoost: number, allowed: Set<string> | null, fields?: string[]): SearchOptions {
    return {
      fields,
      tokenize: queryTerms,
      combineWith: 'AND',
      boost: { title: titleBoost },
      // The last term is still being typed; a common word there is taken as typed.
      prefix: (term, index, terms) => index === terms.length - 1 && !STOP_WORDS.has(term),
      fuzzy: (term) => typoTolerance(term),
      filter: allowed ? (result) => allowed.has(result.id as string) : undefined,
    };
  }

  /**
   * Every matching id in result order (see the header for the semantics). `fields`: where the
   * text must match, default title and content (autocomplete passes `['title']`).
   */
  match(
    q: string,
    filters: readonly ParsedFilter[],
    sort: SortKey | undefined,
    titleBoost: number,
    fields?: ('title' | 'content')[],
  ): string[] {
    const allowed = this.filterSet(filters);
    if (q.trim() === '') {
      return allowed ? this.sortIds([...allowed], sort ?? 'date desc') : this.order(sort ?? 'date desc').list.slice();
    }
    if (allowed?.size === 0) return [];
    const ids = this.engine.search(q, this.textOptions(titleBoost, allowed, fields)).map((hit) => hit.id as string);
    return sort ? this.sortIds(ids, sort) : ids;
  }

  /** Facet counts over exactly `ids` (every match, not a page). */
  facets(ids: readonly string[]): FacetCounts {
    const counts = {
      categories: new Map<string, number>(),
      tags: new Map<string, number>(),
      authors: new Map<string, number>(),
      year: new Map<string, number>(),
    };
    if (ids.length === this.docs.size) {
      // Everything matched: the sizes of the value sets are the counts.
      for (const field of COUNTED_FACETS) for (const [value, set] of this.facetSets[field]) counts[field].set(value, set.size);
    } else {
      const tally = new Int32Array(this.codes.length);
      for (const id of ids) for (const code of this.docCodes.get(id)!) tally[code]!++;
      tally.forEach((count, code) => {
        if (count > 0) counts[this.codes[code]!.field].set(this.codes[code]!.value, count);
      });
    }
    const buckets = (map: Map<string, number>) =>
      [...map]
        .sort((a, b) => b[1] - a[1] || collator.compare(a[0], b[0]))
        .slice(0, MAX_BUCKETS)
        .map(([value, count]) => ({ value, count }));
    return {
      count: ids.length,
      categories: { buckets: buckets(counts.categories) },
      tags: { buckets: buckets(counts.tags) },
      authors: { buckets: buckets(counts.authors) },
      year: { buckets: buckets(counts.year).map(({ value, count }) => ({ value: Number(value), count })) },
    };
  }

  /**
   * Category, tag and author names matching the typed text: the whole name or one of its later
   * words starts with it (accents and case ignored), within the filters. Best first: exact,
   * then names starting with the text, then by document count.
   */
  matchFacetValues(text: string, filters: readonly ParsedFilter[]): FacetValueMatch[] {
    const needle = normalizeTerm(text.trim()).replace(/\s+/g, ' ');
    if (needle === '') return [];
    const allowed = this.filterSet(filters);
    const found: FacetValueMatch[] = [];
    for (const field of ['categories', 'tags', 'authors'] as const) {
      for (const [value, set] of this.facetSets[field]) {
        const name = normalizeTerm(value).replace(/\s+/g, ' ');
        let rank = -1;
        if (name === needle) rank = 0;
        else if (name.startsWith(needle)) rank = 1;
        else {
          const words = /[^\p{L}\p{N}]+/gu;
          let m: RegExpExecArray | null;
          while ((m = words.exec(name))) {
            if (name.startsWith(needle, m.index + m[0].length)) {
              rank = 2;
              break;
            }
          }
        }
        if (rank < 0) continue;
        let count = set.size;
        if (allowed) {
          count = 0;
          for (const id of set) if (allowed.has(id)) count++;
        }
        if (count > 0) found.push({ field, value, count, rank });
      }
    }
    return found.sort((a, b) => a.rank - b.rank || b.count - a.count || collator.compare(a.value, b.value));
  }

  /**
   * Documents related to `id`: +3 per shared tag, +2 per shared category, +0.5 per shared
   * author, up to +4 for title-term similarity (BM25 of the source title, common words
   * dropped); below 2 points a document is not related. When `id` is not indexed, `title` (if given) alone drives it. Never the source.
   * Ordered by score, then newest; or by `sort`.
   */
  related(
    id: string,
    title: string | undefined,
    filters: readonly ParsedFilter[],
    sort: SortKey | undefined,
    titleBoost: number,
  ): string[] {
    const source = this.docs.get(id);
    const scores = new Map<string, number>();
    const add = (other: string, points: number) => scores.set(other, (scores.get(other) ?? 0) + points);
    if (source) {
      for (const tag of source.tags) for (const other of this.facetSets.tags.get(tag) ?? []) add(other, 3);
      for (const cat of source.categories) for (const other of this.facetSets.categories.get(cat) ?? []) add(other, 2);
      for (const author of source.authors) for (const other of this.facetSets.authors.get(author) ?? []) add(other, 0.5);
    }
    const text = (source?.title ?? title ?? '')
      .split(/[^\p{L}\p{N}+#]+/u)
      .filter((w) => w.length > 1 && !STOP_WORDS.has(normalizeTerm(w)))
      .join(' ');
    if (text) {
      const hits = this.engine.search(text, { combineWith: 'OR', boost: { title: titleBoost }, prefix: false, fuzzy: false });
      const top = hits[0]?.score ?? 0;
      for (const hit of hits) add(hit.id as string, (4 * hit.score) / top);
    }
    scores.delete(id);
    // A shared author or a faint title echo alone does not make a post related.
    for (const [other, score] of scores) if (score < MIN_RELATED_SCORE) scores.delete(other);
    const allowed = this.filterSet(filters);
    let ids = [...scores.keys()];
    if (allowed) ids = ids.filter((other) => allowed.has(other));
    if (sort) return this.sortIds(ids, sort);
    const rank = this.order('date desc').rank;
    return ids.sort((a, b) => scores.get(b)! - scores.get(a)! || rank.get(a)! - rank.get(b)!);
  }

  /**
   * "Did you mean": for a query with no hits, each term the index lacks is replaced by the
   * closest indexed term (fewest edits, then most documents); returned only when the corrected
   * query has hits. `null` otherwise.
   */
  spellingSuggestion(q: string): string | null {
    const words = q.trim().split(/\s+/).filter(Boolean);
    if (words.length === 0) return null;
    let changed = false;
    const corrected = words.map((word) => {
      const term = normalizeTerm(word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''));
      if (term.length < 3 || STOP_WORDS.has(term) || this.hasTerm(term)) return word;
      let best: { term: string; distance: number; docs: number } | undefined;
      for (const [candidate, docs, distance] of this.closeTerms(term, term.length > 5 ? 2 : 1)) {
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
    return this.engine.search(suggestion, this.textOptions(1, null)).length > 0 ? suggestion : null;
  }

  /**
   * MiniSearch's term index (a SearchableMap: term → field → document → frequency). It is not
   * public API, so every use has a fallback through `search()`.
   */
  private termIndex(): TermIndex | undefined {
    const index = (this.engine as unknown as { _index?: TermIndex })._index;
    return typeof index?.has === 'function' && typeof index.fuzzyGet === 'function' ? index : undefined;
  }

  private hasTerm(term: string): boolean {
    const index = this.termIndex();
    return index ? index.has(term) : this.engine.search(term, { prefix: false, fuzzy: false }).length > 0;
  }

  /** Indexed terms within `distance` edits: [term, documents, distance]. */
  private closeTerms(term: string, distance: number): [string, number, number][] {
    const index = this.termIndex();
    if (index) {
      return [...index.fuzzyGet(term, distance)].map(([candidate, [fields, edits]]) => {
        let docs = 0;
        for (const perField of fields.values()) docs += perField.size;
        return [candidate, docs, edits];
      });
    }
    const seen = new Map<string, number>();
    for (const hit of this.engine.search(term, { prefix: false, fuzzy: distance })) {
      for (const candidate of hit.terms) seen.set(candidate, (seen.get(candidate) ?? 0) + 1);
    }
    return [...seen].map(([candidate, docs]) => [candidate, docs, levenshtein(term, candidate)]);
  }
}

interface TermIndex {
  has(term: string): boolean;
  fuzzyGet(term: string, maxDistance: number): Map<string, [Map<number, Map<number, number>>, number]>;
}
