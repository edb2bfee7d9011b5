/**
 * (Over 450 lines on purpose: the query path — text, filters, facets, sort orders, spelling and
 * related posts — shares one set of slot arrays, and split into files it would pass them all
 * around; the pieces that stand alone are already apart: TextIndex.ts, SlotList.ts,
 * SortedSlots.ts, topK.ts, queryTerms.ts.)
 *
 * The embedded Engine: MiniSearch's term dictionary and relevance (TextIndex.ts: its radix tree
 * with prefix and typo lookup, its BM25+ and weights) over `title` + `content`, beside
 * per-value postings of every facet, all keyed by small integer slots (one per document, kept
 * when it is replaced). Query semantics: see Engine.ts, and:
 * - the last query term matches as a prefix from two letters on (one letter matches the word
 *   "c" of "C#", not every word starting with c);
 * - common words (stopWords.ts) are indexed in titles only: dropped from queries with other
 *   words anyway, a query of common words alone matches the titles that have them.
 *
 * Where the time goes, and what keeps it small (measured by `npm run bench -- --service`):
 * - text matching is term-at-a-time over typed-array postings (TextIndex.ts), never an object
 *   per matching document; filters are a byte mask the first term checks;
 * - a page is the top `skip + limit` of the matches (topK.ts), never a sort of every match;
 * - facet counts add up per-document code lists, flattened into one typed array, over the
 *   matches (or over the documents that did not match, when those are fewer);
 * - sorted pages walk an order kept up to date at indexing time (SortedSlots) and stop once the
 *   page is full, or take the top k of the matches by their integer rank; a bulk re-sort by
 *   title collates each distinct title once;
 * - the title-normalised names of facet values are computed once per value, not per query.
 */
import { crc32 } from 'node:zlib';
import type { FacetBucket } from 'trove-search-client';
import { NO_SPACE_SCRIPT } from 'trove-search-client';
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
import { distinctiveProfile, MAX_DOCUMENT_SHARE } from './distinctiveTerms.ts';
import { IndexFileError, IndexWriter, openIndexFile } from './IndexFile.ts';
import { levenshtein } from './levenshtein.ts';
import { LIMITS } from '../limits.ts';
import { normalizeTerm } from './normalizeTerm.ts';
import type { SortKey } from './parseSort.ts';
import { queryTerms } from './queryTerms.ts';
import { SlotList } from './SlotList.ts';
import { SortedSlots } from './SortedSlots.ts';
import { Analysis } from './Analysis.ts';
import { ENDS_WITH_SEPARATOR, type QueryTerm, SPACE_OR_PUNCTUATION, TextIndex, type TextMatches, tokenize } from './TextIndex.ts';
import { topK } from './topK.ts';
import type { StoredDocument } from '../types.ts';

type CountedFacet = 'categories' | 'tags' | 'authors' | 'year';
const COUNTED_FACETS: CountedFacet[] = ['categories', 'tags', 'authors', 'year'];
const FILTER_FIELDS: FilterField[] = [...COUNTED_FACETS, 'meta'];
const SUGGESTED_FACETS = ['categories', 'tags', 'authors'] as const;

/** Facet buckets are capped per facet (largest counts first). */
const MAX_BUCKETS = 100;

/** Points of each tag, category and author a post shares with the source. */
const SHARED_POINTS = [
  ['tags', 3],
  ['categories', 2],
  ['authors', 0.5],
] as const;

/** At least a shared category or a shared tag; for a source not indexed (its `title` alone), half the best title similarity. */
const MIN_RELATED_SCORE = 2;

/**
 * Closeness in words (distinctiveTerms.ts, the title's words weighing `titleBoost` times): the post
 * closest to the source scores TEXT_POINTS, the others by their share of it. When the source has tags or
 * categories, they lead and words only break (near) ties (TAGGED_TEXT_POINTS: more, and on the
 * sample corpus words outvoted a shared tag by a shared second category and a title echo).
 */
const TEXT_POINTS = 4;
/** The best title echo of a source not indexed (its `title`'s words in a post's title and content). */
const TITLE_POINTS = 4;
const TAGGED_TEXT_POINTS = 0.01;

/**
 * What makes a post related by what it says, whoever else is: its more-like-this score against
 * the source's own (the source matches its words best), times the share of the source's weight
 * in words other posts have at all (`coverage`: a post on a subject nobody else writes about
 * relates to nothing). An absolute floor, not a share of the closest post's, so one near-twin
 * does not empty the block. On the test blogs (six topics, no tags), a post on another topic
 * reaches at most 0.04, the fourth closest on the same topic at least 0.17.
 */
const MIN_CLOSENESS = 0.08;

/**
 * The documents a recommend reads for the source's distinctive words (the sum of their document
 * frequencies). Reached only in a large collection (12 words of a 120-post blog have at most 720):
 * at 50,000 generated posts, the words of a topic are each in some 7,000 to 20,000 posts, and
 * reading them all made the search most of a recommend's time (p95 18–21 ms, over the 15 ms aimed
 * at). Rarer words relate more closely, and they are read first when they weigh most.
 */
const RELATED_TEXT_POSTINGS = 30_000;

/**
 * The box (`titleFirst`): the content postings read for the words a typed prefix (or a typo)
 * stands for, nearest first (TextIndex's `expansionBudget`): two letters typed in 50,000 posts
 * begin words of nearly every post, and the box shows eight. Titles are always read whole.
 */
const BOX_EXPANSION_POSTINGS = 20_000;

/** The best matches looked at for a phrase typed without spaces (`favourRuns`), and how much one that has it gains. */
const RUN_CANDIDATES = 64;
const RUN_FACTOR = 10;

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
/** An id that is a whole number as written: no sign, no leading zero (and a safe integer, see `idKeys`). */
const WHOLE_NUMBER = /^(?:0|[1-9]\d{0,15})$/;

interface FacetValue {
  /** The documents (slots) that carry it. */
  slots: SlotList;
  /** Lower case, accents removed, spaces collapsed (for suggestions). */
  name: string;
}

function newRelatedScratch(slots: number) {
  return { scores: new Float64Array(slots), bond: new Float64Array(slots), kept: new Int32Array(slots) };
}

function yearOf(doc: StoredDocument): string | undefined {
  // Four digits, as `year` filters are written (year 50 is "0050").
  return doc.ts === undefined ? undefined : String(new Date(doc.ts).getUTCFullYear()).padStart(4, '0');
}

function facetValues(doc: StoredDocument, field: FilterField): string[] {
  if (field === 'year') {
    const year = yearOf(doc);
    return year === undefined ? [] : [year];
  }
  return doc[field];
}

/** Typos allowed in a query term: none for short words, nor for long ones (fuzzy matching costs the square of the length). */
function typoTolerance(term: string): number | false {
  if (term.length > LIMITS.fuzzyWordLength) return false;
  if (term.length >= 9) return 2;
  if (term.length >= 5) return 1;
  return false;
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

/** A title (or what was typed of one) as its words, normalised, one space apart: "Bike notes: chain" → "bike notes chain". */
function titleKey(title: string): string {
  return tokenize(title).filter(Boolean).map(normalizeTerm).join(' ');
}

const normalizeName = (value: string) => normalizeTerm(value.trim()).replace(/\s+/g, ' ');

/** The orders a persisted index keeps, in its order. */
const SORT_KEYS: SortKey[] = ['date desc', 'date asc', 'title asc', 'title desc'];

/**
 * What of a document the persisted index depends on (its id, title, content and date: the text
 * index and the orders), as two numbers: a CRC-32 of them and their length. Facets are not in the
 * index; they are counted from the documents at every start.
 */
function fingerprint(doc: StoredDocument): [number, number] {
  let crc = crc32(doc.id);
  let length = doc.id.length + 3;
  for (const text of [doc.title, doc.content, doc.ts === undefined ? '' : String(doc.ts)]) {
    crc = crc32(text ?? '\u0001', crc32('\u0000', crc));
    length += text?.length ?? 1;
  }
  return [crc, length >>> 0];
}

export class MiniSearchEngine implements Engine {
  /** Documents by slot. */
  private readonly docs: StoredDocument[] = [];
  /** Each slot's title as its words, normalised, one space apart (titleKey): what the box's text is compared with. */
  private readonly titleKeys: string[] = [];
  private readonly slotOf = new Map<string, number>();
  /** Each document's language and what follows from it (Analysis.ts). */
  private analysis: Analysis;
  private text: TextIndex;
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
  /**
   * `docCodes` flattened: a slot's codes are codeList[codeStart[slot] .. codeEnd[slot]]. Kept
   * up to date by each upsert (a replaced document's codes are written over its old ones when
   * they fit, else appended, the old ones left as garbage until it is half the list), so a write
   * never rebuilds it for the whole collection.
   */
  private codeStart = new Int32Array(16);
  private codeEnd = new Int32Array(16);
  private codeList = new Int32Array(64);
  private codeUsed = 0;
  private codeGarbage = 0;
  /** How many documents have each code (the facet counts of every document), kept by each upsert. */
  private allTally = new Int32Array(16);
  /** Ids collated (`idKeys` compares numbers instead when every id is a whole number). */
  private readonly compareIds = (a: number, b: number) => collator.compare(this.docs[a]!.id, this.docs[b]!.id);
  private readonly byId = new SortedSlots(this.compareIds, () => this.idKeys());
  private readonly orders: Record<SortKey, SortedSlots> = {
    'date desc': new SortedSlots(
      (a, b) => this.compareDates(a, b, -1),
      () => this.dateKeys(-1),
    ),
    'date asc': new SortedSlots(
      (a, b) => this.compareDates(a, b, 1),
      () => this.dateKeys(1),
    ),
    'title asc': new SortedSlots(
      (a, b) => collator.compare(this.docs[a]!.title, this.docs[b]!.title) || this.idOrder(a, b),
      () => {
        const rank = this.titleRanks();
        return (a, b) => rank[a]! - rank[b]! || this.idOrder(a, b);
      },
    ),
    'title desc': new SortedSlots(
      (a, b) => collator.compare(this.docs[b]!.title, this.docs[a]!.title) || this.idOrder(a, b),
      () => {
        const rank = this.titleRanks();
        return (a, b) => rank[b]! - rank[a]! || this.idOrder(a, b);
      },
    ),
  };

  /** Bumped by every upsert (the title ranks of one upsert serve both title orders). */
  private version = 0;
  private titleRankCache?: { version: number; ranks: Int32Array };
  /** related's arrays per slot (see there). */
  private relatedScratch = newRelatedScratch(0);

  /** `language`: the collection's setting that forces one language for every document (else each is detected). */
  constructor(options: { language?: string } = {}) {
    this.language = options.language;
    this.analysis = new Analysis(options.language);
    this.text = this.newTextIndex(this.analysis);
  }

  private readonly language: string | undefined;

  /** Common words are left out of the content index (those of the document's language); titles keep every word. */
  private newTextIndex(analysis: Analysis): TextIndex {
    return new TextIndex((token, field, language) => analysis.indexTerm(token, field, language));
  }

  async count(): Promise<number> {
    return this.docs.length;
  }

  async snapshot(): Promise<StoredDocument[]> {
    return this.docs.slice();
  }

  async close(): Promise<void> {
    // Everything is in this object's memory: dropping the references is all there is to do.
    this.docs.length = 0;
    this.titleKeys.length = 0;
    this.slotOf.clear();
  }

  /**
   * The persisted index (IndexFile.ts): each document's fingerprint, the text index (terms and
   * postings, field lengths), the id order and the four sort orders.
   */
  async exportIndex(): Promise<Uint8Array> {
    const out = new IndexWriter();
    const n = this.docs.length;
    const prints = new Uint32Array(n * 2);
    for (let slot = 0; slot < n; slot++) prints.set(fingerprint(this.docs[slot]!), slot * 2);
    out.array(prints);
    this.text.write(out, n);
    this.analysis.write(out, n);
    out.array(this.byId.list);
    for (const key of SORT_KEYS) out.array(this.orders[key].list);
    return out.finish();
  }

  /**
   * Loads `documents` (as one upsert would) with a persisted index instead of building it: only if
   * the file checks out (IndexFile.ts) and has as many documents as it or more, the same ones in
   * the same order; each whose fingerprint differs (changed since) is taken out of the persisted
   * index and indexed from its text, as are documents added since. Facets are counted from the
   * documents. Returns how many documents were indexed from their text; `false`, and nothing
   * loaded, when the index does not fit (then `upsert`): the documents are the truth, the index a
   * shortcut.
   */
  async restore(documents: readonly StoredDocument[], file: Uint8Array): Promise<number | false> {
    if (this.docs.length > 0) return false;
    const latest = new Map<string, StoredDocument>();
    for (const doc of documents) latest.set(doc.id, doc);
    const docs = [...latest.values()];
    const analysis = new Analysis(this.language);
    const text = this.newTextIndex(analysis);
    const lists: Int32Array[] = [];
    let stale = new Uint8Array(0);
    let n = 0;
    try {
      const input = openIndexFile(file);
      const prints = input.uint32s();
      n = prints.length / 2;
      if (!Number.isInteger(n) || n > docs.length) return false;
      stale = new Uint8Array(n);
      let changed = 0;
      for (let slot = 0; slot < n; slot++) {
        const [crc, length] = fingerprint(docs[slot]!);
        if (crc !== prints[slot * 2] || length !== prints[slot * 2 + 1]) {
          stale[slot] = 1;
          changed++;
        }
      }
      // Mostly other documents: building afresh costs less than mending.
      if (changed * 2 > n) return false;
      text.read(input, n);
      analysis.read(input, n);
      for (let i = 0; i <= SORT_KEYS.length; i++) {
        const list = input.int32s();
        if (list.length !== n || !SortedSlots.isOrder(list)) return false;
        lists.push(list);
      }
      if (!input.done) return false;
    } catch (error) {
      if (error instanceof IndexFileError) return false;
      throw error;
    }
    this.text = text;
    this.analysis = analysis;
    const changed: number[] = [];
    text.removeSlots(stale);
    const fresh: { slot: number; title: string; content: string }[] = [];
    for (let slot = 0; slot < docs.length; slot++) if (slot >= n || stale[slot]) fresh.push({ slot, ...docs[slot]! });
    analysis.detect(fresh);
    for (let slot = 0; slot < docs.length; slot++) {
      const doc = docs[slot]!;
      this.slotOf.set(doc.id, slot);
      this.docs[slot] = doc;
      this.titleKeys[slot] = titleKey(doc.title);
      this.setPostings(slot, undefined, doc);
      this.setCodes(slot, this.codesFor(doc));
      if (slot < n && !stale[slot]) continue;
      text.add(slot, doc, analysis.settle(slot));
      changed.push(slot);
    }
    text.flush();
    this.version++;
    this.byId.restore(lists[0]!);
    SORT_KEYS.forEach((key, i) => this.orders[key].restore(lists[i + 1]!));
    this.byId.update(changed, docs.length);
    for (const key of SORT_KEYS) this.orders[key].update(changed, docs.length);
    return changed.length;
  }

  async upsert(documents: readonly StoredDocument[]): Promise<void> {
    const latest = new Map<string, StoredDocument>();
    for (const doc of documents) latest.set(doc.id, doc); // a later duplicate wins
    const added: number[] = [];
    const changed: number[] = [];
    // Languages first, the batch's all together: its short documents fall back on the main language it makes.
    const slots = new Map<StoredDocument, { slot: number; before: number | undefined }>();
    let next = this.docs.length;
    for (const doc of latest.values()) {
      const slot = this.slotOf.get(doc.id);
      slots.set(doc, slot === undefined ? { slot: next++, before: undefined } : { slot, before: this.analysis.languageOf(slot) });
    }
    this.analysis.detect([...slots].map(([doc, { slot }]) => ({ slot, title: doc.title, content: doc.content })));
    for (const [doc, { slot, before }] of slots) {
      const language = this.analysis.settle(slot);
      if (before === undefined) {
        this.slotOf.set(doc.id, slot);
        added.push(slot);
        this.text.add(slot, doc, language);
      } else {
        this.text.replace(slot, this.docs[slot]!, doc, before, language);
      }
      this.setPostings(slot, this.docs[slot], doc);
      this.docs[slot] = doc;
      this.titleKeys[slot] = titleKey(doc.title);
      this.setCodes(slot, this.codesFor(doc));
      changed.push(slot);
    }
    this.text.flush();
    this.version++;
    // Orders are kept at indexing time, so no query pays for a sort of the collection.
    this.byId.update(added, this.docs.length);
    for (const order of Object.values(this.orders)) order.update(changed, this.docs.length);
  }

  async search(request: SearchRequest): Promise<Page> {
    const allowed = this.filterMask(request.filters);
    if (request.q.trim() === '') {
      return this.orderedPage(allowed, request.sort ?? 'date desc', request);
    }
    const matches: TextMatches =
      allowed?.size === 0
        ? { slots: new Int32Array(0), scores: new Float64Array(0) }
        : this.textSearch(request.q, request.titleBoost, allowed, request.fields, request.titleFirst && !request.sort);
    const page =
      request.titleFirst && !request.sort && matches.slots.length > 0
        ? this.boxPage(request, matches)
        : this.page(matches, request.sort, request);
    if (request.spelling && page.total === 0) page.spelling = this.spellingSuggestion(request.q);
    return page;
  }

  /**
   * The box's order (`titleFirst`): titles that start with the text as typed, then the other
   * titles that have its words, then the posts that have them in their content alone; within
   * each, relevance over title and content (`matches`), then the slot. The text search tells which
   * matches have every word in their title (`inTitle`); only those titles are compared with the text.
   */
  private boxPage(request: SearchRequest, matches: TextMatches): Page {
    const rank = matches.inTitle!;
    const typed = titleKey(request.q);
    // A space typed last: the word before it is whole ("bike " is not the start of "bikes").
    const whole = ENDS_WITH_SEPARATOR.test(request.q);
    for (const slot of matches.slots) {
      if (rank[slot] === 0) continue;
      const key = this.titleKeys[slot]!;
      if (typed !== '' && key.startsWith(typed) && (!whole || key.length === typed.length || key[typed.length] === ' ')) rank[slot] = 2;
    }
    const { scores } = matches;
    return this.page(matches, undefined, request, (a, b) => rank[b]! - rank[a]! || scores[b]! - scores[a]! || a - b);
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
          for (const slot of entry.slots.values()) count += allowed.mask[slot]!;
        }
        if (count > 0) found.push({ field, value, count, rank });
      }
    }
    found.sort((a, b) => a.rank - b.rank || b.count - a.count || collator.compare(a.value, b.value));
    return found.slice(0, request.limit);
  }

  async related(request: RelatedRequest): Promise<Page> {
    const n = this.docs.length;
    // Every point is positive: a slot is a candidate when its score is above 0 (one pass over the
    // slots at the end, no list of touched slots kept along the way). Plain loops over the typed
    // arrays, no call per slot: at 50,000 posts a category alone holds some 10,000.
    // The arrays are kept from one request to the next (related answers without a pause: nothing else
    // runs in between), cleared here: fresh ones at 50,000 posts cost more in collection than in use.
    if (this.relatedScratch.scores.length < n) this.relatedScratch = newRelatedScratch(n);
    const scores = this.relatedScratch.scores.fill(0, 0, n);
    // Points of shared tags, categories and authors alone (a known source's bond).
    const bond = this.relatedScratch.bond.fill(0, 0, n);
    const sourceSlot = this.slotOf.get(request.id);
    const source = sourceSlot === undefined ? undefined : this.docs[sourceSlot];
    if (source) {
      for (const [field, points] of SHARED_POINTS) {
        for (const value of source[field]) {
          const slots = this.postings[field].get(value)?.slots.values();
          if (!slots) continue;
          for (let i = 0; i < slots.length; i++) {
            const slot = slots[i]!;
            scores[slot] += points;
            bond[slot] += points;
          }
        }
      }
    }
    // A source not indexed is related by its `title` alone (an indexed one's title words are among its
    // distinctive terms below, weighed as titles weigh). The budget of a title: its first 12 distinct
    // words (OR costs more than AND).
    const words = [
      ...new Set(
        (source ? '' : (request.title ?? ''))
          .split(/[^\p{L}\p{N}+#]+/u, LIMITS.titleTerms * 8)
          .filter((w) => w.length > 1 && !this.analysis.isStopWord(normalizeTerm(w))),
      ),
    ]
      .slice(0, LIMITS.titleTerms)
      .join(' ');
    if (words) {
      // A word in more than half the documents echoes in everything (and costs the most): left out, as in distinctiveTerms.
      const terms = tokenize(words)
        .map(normalizeTerm)
        .filter((term) => term !== '' && this.text.documentFrequency(term) <= n * MAX_DOCUMENT_SHARE)
        .map((term): QueryTerm => ({ term, prefix: false, fuzzy: false }));
      const hits = this.text.search({ terms, combineWith: 'OR', boost: { title: request.titleBoost || 1, content: 1 } }, this.docs.length);
      let top = 0;
      for (const slot of hits.slots) top = Math.max(top, hits.scores[slot]!);
      for (const slot of hits.slots) scores[slot] += (TITLE_POINTS * hits.scores[slot]!) / top;
    }
    // What the source says (its most distinctive words): posts on its topic, with or without tags.
    // closeness(slot) = (textScores[slot] / own) * coverage: 0 for a slot the words did not reach.
    let textScores: Float64Array | undefined;
    let own = 0;
    let coverage = 0;
    if (source) {
      const language = this.analysis.languageOf(sourceSlot!);
      const profile = distinctiveProfile(
        source,
        (term) => this.text.documentFrequency(term),
        n,
        request.titleBoost || 1,
        this.analysis.stopWords(language),
      );
      // The postings read are bounded (RELATED_TEXT_POSTINGS): the words in turn, heaviest first, each
      // whose documents would pass what is left of the budget left out (the lighter ones after it still read).
      const terms: QueryTerm[] = [];
      let budget = RELATED_TEXT_POSTINGS;
      for (const term of profile.terms) {
        const documents = this.text.documentFrequency(term);
        if (documents > budget) continue;
        budget -= documents;
        terms.push({ term, prefix: false, fuzzy: false });
      }
      const hits = this.text.search({ terms, combineWith: 'OR', boost: { title: request.titleBoost || 1, content: 1 } }, n);
      const hitSlots = hits.slots;
      const hitScores = hits.scores;
      // Against the source's own score (it matches its words best), and against the closest other post (for the order).
      let top = 0;
      for (let i = 0; i < hitSlots.length; i++) if (hitSlots[i] !== sourceSlot) top = Math.max(top, hitScores[hitSlots[i]!]!);
      own = Math.max(top, hitScores[sourceSlot!]!);
      coverage = profile.coverage;
      if (own > 0) textScores = hitScores;
      const points = source.tags.length + source.categories.length > 0 ? TAGGED_TEXT_POINTS : TEXT_POINTS;
      for (let i = 0; i < hitSlots.length; i++) {
        const slot = hitSlots[i]!;
        // A post that shares nothing else and is not close enough could not be related: not even counted.
        if (slot === sourceSlot) continue;
        const score = hitScores[slot]!;
        if (scores[slot] === 0 && (own > 0 ? (score / own) * coverage : 0) < MIN_CLOSENESS) continue;
        scores[slot] += (points * score) / top;
      }
    }
    const allowed = this.filterMask(request.filters);
    const mask = allowed?.mask;
    const kept = this.relatedScratch.kept;
    let m = 0;
    // In a collection of several languages, a post's related posts are in its language.
    const languages = this.analysis.languages;
    const sourceLanguage = source && languages.length > 1 ? this.analysis.languageOf(sourceSlot!) : -1;
    const language = sourceLanguage >= 0 && languages.includes(sourceLanguage) ? sourceLanguage : -1;
    for (let slot = 0; slot < n; slot++) {
      if (!(scores[slot]! > 0) || slot === sourceSlot || (mask && !mask[slot])) continue;
      if (language >= 0 && this.analysis.languageOf(slot) !== language) continue;
      // A known source: a shared tag or category, or close enough in words (a title echo or a shared author alone is not).
      // A source not indexed: half the best title similarity.
      const related = source
        ? bond[slot]! >= MIN_RELATED_SCORE || (textScores !== undefined && (textScores[slot]! / own) * coverage >= MIN_CLOSENESS)
        : scores[slot]! >= MIN_RELATED_SCORE;
      if (related) kept[m++] = slot;
    }
    const newest = this.orders['date desc'].rank;
    // Without `sort`: best score first, then newest.
    return this.page(
      { slots: kept.subarray(0, m), scores },
      request.sort,
      request,
      (a, b) => scores[b]! - scores[a]! || newest[a]! - newest[b]!,
    );
  }

  // ——— pages ———

  /**
   * A page of the matches: by `sort`, else by `relevance` (default: score, then slot). Only the
   * first `skip + limit` are ordered (topK), never every match.
   */
  private page(
    matches: TextMatches,
    sort: SortKey | undefined,
    request: PageRequest,
    relevance: (a: number, b: number) => number = (a, b) => matches.scores[b]! - matches.scores[a]! || a - b,
  ): Page {
    const { slots } = matches;
    const end = request.skip + request.limit;
    let pageSlots: ArrayLike<number> = new Int32Array(0);
    if (request.skip < slots.length && request.limit > 0) {
      if (!sort) {
        pageSlots = topK(slots, end, relevance).subarray(request.skip);
      } else {
        const order = this.orders[sort];
        const n = this.docs.length;
        // Walking the order until the page is full takes about end·n/matches steps; a partial sort of the matches, m·log end.
        if (end * (n / Math.max(1, slots.length)) < slots.length * Math.log2(end + 1)) {
          const mask = new Uint8Array(n);
          for (const slot of slots) mask[slot] = 1;
          pageSlots = this.walk(order.list, mask, request.skip, end);
        } else {
          const rank = order.rank;
          pageSlots = topK(slots, end, (a, b) => rank[a]! - rank[b]!).subarray(request.skip);
        }
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
    const slots = allowed ? this.walk(list, allowed.mask, 0, list.length) : list;
    return {
      total: slots.length,
      hits: Array.from(slots.subarray(request.skip, request.skip + request.limit), (slot) => this.docs[slot]!),
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
    const sets = filters.map((f) => this.postings[f.field].get(f.value)?.slots ?? new SlotList());
    sets.sort((a, b) => a.size - b.size);
    const [smallest, ...rest] = sets;
    const mask = new Uint8Array(this.docs.length);
    let size = 0;
    for (const slot of smallest!.values()) {
      if (rest.every((s) => s.has(slot))) {
        mask[slot] = 1;
        size++;
      }
    }
    return { mask, size };
  }

  /** Facet counts over exactly `slots` (every match, not a page). */
  private facetCounts(slots: Int32Array): FacetCounts {
    const n = this.docs.length;
    const tally = new Int32Array(this.codes.length);
    const { codeStart, codeEnd, codeList } = this;
    if (slots.length === n) {
      tally.set(this.allTally.subarray(0, tally.length));
    } else if (slots.length * 2 <= n) {
      for (let i = 0; i < slots.length; i++) {
        const slot = slots[i]!;
        for (let j = codeStart[slot]!, end = codeEnd[slot]!; j < end; j++) tally[codeList[j]!]!++;
      }
    } else {
      // Most documents matched: every document's counts, less the ones that did not match.
      const matched = new Uint8Array(n);
      for (let i = 0; i < slots.length; i++) matched[slots[i]!] = 1;
      tally.set(this.allTally.subarray(0, tally.length));
      for (let slot = 0; slot < n; slot++) {
        if (matched[slot]) continue;
        for (let j = codeStart[slot]!, end = codeEnd[slot]!; j < end; j++) tally[codeList[j]!]!--;
      }
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
      count: slots.length,
      categories: { buckets: buckets(counts.categories) },
      tags: { buckets: buckets(counts.tags) },
      authors: { buckets: buckets(counts.authors) },
      year: { buckets: buckets(counts.year).map(({ value, count }) => ({ value: Number(value), count })) },
    };
  }

  /** Gives `slot` its facet codes: `docCodes`, the flat table and `allTally` follow. */
  private setCodes(slot: number, list: number[]): void {
    if (this.codeGarbage > 1024 && this.codeGarbage * 2 > this.codeUsed) this.compactCodes();
    const old = this.docCodes[slot];
    if (this.allTally.length < this.codes.length) this.allTally = grown(this.allTally, this.codes.length);
    for (const code of old ?? []) this.allTally[code]!--;
    for (const code of list) this.allTally[code]!++;
    this.docCodes[slot] = list;
    if (this.codeStart.length <= slot) {
      this.codeStart = grown(this.codeStart, slot + 1);
      this.codeEnd = grown(this.codeEnd, slot + 1);
    }
    if (old && list.length <= old.length) {
      // Written over the old codes.
      this.codeList.set(list, this.codeStart[slot]!);
      this.codeEnd[slot] = this.codeStart[slot]! + list.length;
      this.codeGarbage += old.length - list.length;
      return;
    }
    if (old) this.codeGarbage += old.length;
    if (this.codeList.length < this.codeUsed + list.length) this.codeList = grown(this.codeList, this.codeUsed + list.length);
    this.codeList.set(list, this.codeUsed);
    this.codeStart[slot] = this.codeUsed;
    this.codeUsed += list.length;
    this.codeEnd[slot] = this.codeUsed;
  }

  /** The flat table again without garbage (amortised: only once garbage is half of it). */
  private compactCodes(): void {
    let used = 0;
    for (let slot = 0; slot < this.docCodes.length; slot++) used += this.docCodes[slot]?.length ?? 0;
    const list = new Int32Array(Math.max(64, used * 2));
    used = 0;
    for (let slot = 0; slot < this.docCodes.length; slot++) {
      const codes = this.docCodes[slot];
      if (!codes) continue;
      list.set(codes, used);
      this.codeStart[slot] = used;
      used += codes.length;
      this.codeEnd[slot] = used;
    }
    this.codeList = list;
    this.codeUsed = used;
    this.codeGarbage = 0;
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

  /** Moves `slot` from the facet values of `before` (a replaced document) to those of `after`; values of both are left as they are. */
  private setPostings(slot: number, before: StoredDocument | undefined, after: StoredDocument): void {
    for (const field of FILTER_FIELDS) {
      const map = this.postings[field];
      const kept = before ? facetValues(before, field) : [];
      const values = facetValues(after, field);
      for (const value of kept) {
        if (values.includes(value)) continue;
        const entry = map.get(value);
        entry?.slots.delete(slot);
        if (entry?.slots.size === 0) map.delete(value);
      }
      for (const value of values) {
        if (kept.includes(value)) continue;
        let entry = map.get(value);
        if (!entry) map.set(value, (entry = { slots: new SlotList(), name: normalizeName(value) }));
        entry.slots.add(slot);
      }
    }
  }

  // ——— orders ———

  /**
   * Each slot's title as a rank in collation order (titles that collate equal share one): the
   * distinct titles are collated once, so re-sorting every document compares integers.
   */
  private titleRanks(): Int32Array {
    if (this.titleRankCache?.version === this.version) return this.titleRankCache.ranks;
    const n = this.docs.length;
    const distinct = [...new Set(this.docs.map((d) => d.title))].sort(collator.compare);
    const rankOf = new Map<string, number>();
    let rank = 0;
    distinct.forEach((title, i) => {
      if (i > 0 && collator.compare(distinct[i - 1]!, title) !== 0) rank = i;
      rankOf.set(title, rank);
    });
    const ranks = new Int32Array(n);
    for (let slot = 0; slot < n; slot++) ranks[slot] = rankOf.get(this.docs[slot]!.title)!;
    this.titleRankCache = { version: this.version, ranks };
    return ranks;
  }

  /**
   * The id order over numbers when every id is a whole number written as such (what `trove index`
   * gives feed items, and counters): collated numerically, those sort by their value, and a bulk
   * sort then compares numbers instead of collating strings. Other ids are collated.
   */
  private idKeys(): (a: number, b: number) => number {
    const key = new Float64Array(this.docs.length);
    for (let slot = 0; slot < key.length; slot++) {
      const id = this.docs[slot]!.id;
      key[slot] = WHOLE_NUMBER.test(id) ? Number(id) : Number.NaN;
      if (!Number.isSafeInteger(key[slot])) return this.compareIds;
    }
    return (a, b) => key[a]! - key[b]!;
  }

  private idOrder(a: number, b: number): number {
    return this.byId.rank[a]! - this.byId.rank[b]!;
  }

  /** `compareDates` over keys computed once (a bulk sort calls it n·log n times). */
  private dateKeys(sign: number): (a: number, b: number) => number {
    const key = new Float64Array(this.docs.length);
    for (let slot = 0; slot < key.length; slot++) {
      const ts = this.docs[slot]!.ts;
      key[slot] = ts === undefined ? Number.POSITIVE_INFINITY : sign * ts;
    }
    const id = this.byId.rank;
    // Two undated: Infinity - Infinity is NaN, so the ids decide.
    return (a, b) => key[a]! - key[b]! || id[a]! - id[b]!;
  }

  /** By date (`sign` 1 ascending, -1 descending), undated last either way, ties by id. */
  private compareDates(a: number, b: number, sign: number): number {
    const ta = this.docs[a]!.ts;
    const tb = this.docs[b]!.ts;
    if (ta === undefined || tb === undefined) return ta === tb ? this.idOrder(a, b) : ta === undefined ? 1 : -1;
    return sign * (ta - tb) || this.idOrder(a, b);
  }

  // ——— text ———

  /**
   * The query's terms as MiniSearch's options had them: common words dropped (queryTerms), the
   * last term a prefix from two letters on (one in the box, or for a Chinese or Japanese character)
   * unless it is a common word, typos by length; AND.
   */
  private textSearch(
    q: string,
    titleBoost: number,
    allowed: Mask | null,
    fields?: readonly ('title' | 'content')[],
    inTitle = false,
  ): TextMatches {
    // A word given twice adds nothing under AND but its cost: each is looked up once.
    const isStopWord = (term: string) => this.analysis.isStopWord(term);
    const typed = new Map<string, string>();
    for (const token of queryTerms(q, isStopWord)) {
      const term = normalizeTerm(token);
      if (term && !typed.has(term)) typed.set(term, token);
    }
    const words = [...typed.keys()];
    const terms = words.map(
      (term, index): QueryTerm => ({
        term,
        // Its other forms, in each language of the collection (Analysis.ts).
        forms: this.analysis.formsOf(typed.get(term)!),
        fallback: () => this.analysis.shorterForms(typed.get(term)!, (t) => this.text.has(t)),
        // The last term is still being typed: a prefix, but for a common word, or one letter outside the box.
        prefix:
          index === words.length - 1 &&
          ((inTitle && term.length === 1) ||
            ((term.length > 1 || NO_SPACE_SCRIPT.test(term)) && term.length <= LIMITS.wordLength && !isStopWord(term))),
        fuzzy: typoTolerance(term),
      }),
    );
    const searched = fields ?? ['title', 'content'];
    const boost = {
      title: searched.includes('title') ? titleBoost || 1 : undefined,
      content: searched.includes('content') ? 1 : undefined,
    };
    const matches = this.text.search(
      {
        terms,
        combineWith: 'AND',
        boost,
        allowed: allowed?.mask,
        inTitle,
        expansionBudget: inTitle ? BOX_EXPANSION_POSTINGS : undefined,
        languages: this.analysis.slotLanguages,
      },
      this.docs.length,
    );
    this.favourRuns(q, matches);
    return matches;
  }

  /**
   * Chinese, Japanese and Thai are typed without spaces: a run of such text cut into several
   * words (`もしあるなら`) is a phrase, and the best matches that have it as typed go first
   * (scored RUN_FACTOR times), as word positions would tell (the index keeps none).
   */
  private favourRuns(q: string, matches: TextMatches): void {
    const runs = q.split(SPACE_OR_PUNCTUATION).filter((run) => NO_SPACE_SCRIPT.test(run) && tokenize(run).length > 1);
    if (runs.length === 0 || matches.slots.length < 2) return;
    const { scores } = matches;
    for (const slot of topK(matches.slots, RUN_CANDIDATES, (a, b) => scores[b]! - scores[a]!)) {
      const { title, content } = this.docs[slot]!;
      if (runs.every((run) => title.includes(run) || content.includes(run))) scores[slot]! *= RUN_FACTOR;
    }
  }

  /**
   * "Did you mean": for a query with no hits, each term the index lacks is replaced by the
   * closest indexed term (fewest edits, then most documents); returned only when the corrected
   * query has hits. `null` otherwise.
   */
  private spellingSuggestion(q: string): string | null {
    const words = q.trim().split(/\s+/).filter(Boolean).slice(0, LIMITS.queryTerms);
    if (words.length === 0) return null;
    let changed = false;
    const corrected = words.map((word) => {
      const term = normalizeTerm(word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''));
      if (term.length < 3 || term.length > LIMITS.fuzzyWordLength || this.analysis.isStopWord(term) || this.text.has(term)) return word;
      let best: { term: string; distance: number; docs: number } | undefined;
      for (const [candidate, docs] of this.text.closeTerms(term, term.length > 5 ? 2 : 1)) {
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
    return this.textSearch(suggestion, 1, null).slots.length > 0 ? suggestion : null;
  }
}

interface Mask {
  mask: Uint8Array;
  size: number;
}

/** `array` copied into one that holds at least `size` (twice as many, amortised). */
function grown(array: Int32Array, size: number) {
  const bigger = new Int32Array(Math.max(size, array.length * 2));
  bigger.set(array);
  return bigger;
}
