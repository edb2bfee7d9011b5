/**
 * (Over 450 lines on purpose: indexing, removal and term-at-a-time scoring read and write the same
 * typed-array postings, whose layout is this file's secret; split, that layout would leak.)
 *
 * The full-text index of MiniSearchEngine: MiniSearch's radix tree (`minisearch/SearchableMap`,
 * its public term dictionary with prefix and fuzzy lookup) from each term to compact postings —
 * per field, the document slots (ascending) and term frequencies in typed arrays — scored with
 * MiniSearch's own BM25+ and weights (prefix 0.375, fuzzy 0.45, quality = distinct query terms
 * matched), so relevance is MiniSearch's.
 *
 * Why not `MiniSearch#search`: it builds a result object (with a match map, the stored fields
 * and the term list) for every document any expansion of any term touches, then sorts them all;
 * a two-letter prefix over 50,000 posts is tens of thousands of objects for a page of ten. Here
 * a query is term-at-a-time over typed arrays: the accumulators are a score and a count per
 * slot, later terms only add to documents every earlier term matched, and the caller picks the
 * top k (topK.ts) from the match list.
 */
import SearchableMap from 'minisearch/SearchableMap';
import { NO_SPACE_SCRIPT, words } from '../../api/wordSpans.ts';
import { lowerBound } from './lowerBound.ts';

export type TextField = 'title' | 'content';
const FIELDS: readonly TextField[] = ['title', 'content'];

/** MiniSearch's defaults. */
const BM25 = { k: 1.2, b: 0.7, d: 0.5 };
const PREFIX_WEIGHT = 0.375;
const FUZZY_WEIGHT = 0.45;

/** MiniSearch's default tokenizer: split on spaces and punctuation. */
export const SPACE_OR_PUNCTUATION = /[\n\r\p{Z}\p{P}]+/u;

/** One character of SPACE_OR_PUNCTUATION (an astral one is two UTF-16 units). */
const SEPARATOR = /^[\n\r\p{Z}\p{P}]$/u;
/** SEPARATOR for each ASCII code: the scan's fast path (most text of most blogs). */
const ASCII_SEPARATOR = Uint8Array.from({ length: 128 }, (_, code) => (SEPARATOR.test(String.fromCharCode(code)) ? 1 : 0));
/** SEPARATOR for the other characters met so far (a few hundred in practice; cleared past a bound). */
const otherSeparator = new Map<number, number>();

/** How many UTF-16 units the separator at `i` takes (0 when the character there is none). */
function separatorAt(text: string, i: number): number {
  const code = text.charCodeAt(i);
  if (code < 128) return ASCII_SEPARATOR[code]!;
  const point = text.codePointAt(i)!;
  const width = point > 0xffff ? 2 : 1;
  let known = otherSeparator.get(point);
  if (known === undefined) {
    if (otherSeparator.size >= 4096) otherSeparator.clear();
    known = SEPARATOR.test(text.slice(i, i + width)) ? width : 0;
    otherSeparator.set(point, known);
  }
  return known;
}

/**
 * Calls `visit` with each token of `text.split(SPACE_OR_PUNCTUATION)` in turn (an empty one where
 * the text starts or ends with a separator), from a scan of character codes: the regular
 * expression cost most of the time of indexing a collection at start.
 */
function eachSeparated(text: string, visit: (token: string) => void): void {
  let start = 0;
  let i = 0;
  while (i < text.length) {
    let width = separatorAt(text, i);
    if (width === 0) {
      i++;
      continue;
    }
    visit(text.slice(start, i));
    do {
      i += width;
      width = i < text.length ? separatorAt(text, i) : 0;
    } while (width > 0);
    start = i;
  }
  visit(text.slice(start));
}

/** `tokenize`, a token at a time (no array of them). */
function eachToken(text: string, visit: (token: string) => void): void {
  if (!NO_SPACE_SCRIPT.test(text)) eachSeparated(text, visit);
  else for (const token of tokenize(text)) visit(token);
}

/**
 * The tokens of a text, for documents and queries alike: MiniSearch's split on spaces and
 * punctuation; a token in a script written without spaces (Chinese, Japanese, Thai…) is then cut
 * into its words by src/api/wordSpans.ts (Intl.Segmenter), the rule the widgets highlight with.
 * Text without such a script is split exactly as before (its ranking is MiniSearch's).
 */
export function tokenize(text: string): string[] {
  const tokens: string[] = [];
  eachSeparated(text, (token) => tokens.push(token));
  if (!NO_SPACE_SCRIPT.test(text)) return tokens;
  return tokens.flatMap((token) => (NO_SPACE_SCRIPT.test(token) ? words(token) : [token]));
}

/** Pending changes to one term's postings up to which `flush()` edits them in place. */
const SMALL_CHANGE = 32;

/**
 * One term in one field: the slots that have it (ascending) and how often. A slot past the
 * last is appended at once; anything else (a replaced document) waits in `pendingAdd` /
 * `pendingRemove` until `flush()`, which merges a whole batch in one pass over the postings.
 */
class Postings {
  slots = new Int32Array(2);
  freqs = new Uint16Array(2);
  length = 0;
  pendingAdd: number[] = [];
  pendingRemove: number[] = [];

  constructor(
    readonly term: string,
    readonly field: number,
  ) {}

  /** Adds `count` occurrences for `slot`; `false` when it waits for `flush()`. */
  add(slot: number, count: number): boolean {
    if (this.length > 0 && this.slots[this.length - 1]! >= slot) {
      this.pendingAdd.push(slot, Math.min(65_535, count));
      return false;
    }
    if (this.length === this.slots.length) this.resize(this.length * 2);
    this.slots[this.length] = slot;
    this.freqs[this.length] = Math.min(65_535, count);
    this.length++;
    return true;
  }

  remove(slot: number): void {
    this.pendingRemove.push(slot);
  }

  /** Applies the pending removals, then the pending additions (a replaced document's new terms). */
  flush(): void {
    // A few changes (a small batch into a large collection) are made in place: a binary search and
    // one native move per slot, instead of a pass over every posting.
    if (this.pendingRemove.length + this.pendingAdd.length / 2 <= SMALL_CHANGE) {
      this.flushInPlace();
      return;
    }
    if (this.pendingRemove.length > 0) {
      const gone = new Set(this.pendingRemove);
      let to = 0;
      for (let i = 0; i < this.length; i++) {
        const slot = this.slots[i]!;
        if (gone.has(slot)) continue;
        this.slots[to] = slot;
        this.freqs[to++] = this.freqs[i]!;
      }
      this.length = to;
      this.pendingRemove = [];
    }
    if (this.pendingAdd.length > 0) {
      const pairs: [number, number][] = [];
      for (let i = 0; i < this.pendingAdd.length; i += 2) pairs.push([this.pendingAdd[i]!, this.pendingAdd[i + 1]!]);
      pairs.sort((a, b) => a[0] - b[0]);
      const total = this.length + pairs.length;
      const slots = new Int32Array(Math.max(2, total));
      const freqs = new Uint16Array(Math.max(2, total));
      let i = 0;
      let j = 0;
      let to = 0;
      while (i < this.length || j < pairs.length) {
        if (j >= pairs.length || (i < this.length && this.slots[i]! < pairs[j]![0])) {
          slots[to] = this.slots[i]!;
          freqs[to++] = this.freqs[i++]!;
        } else if (i < this.length && this.slots[i] === pairs[j]![0]) {
          // The same slot twice (a duplicate in one batch): the later one wins.
          slots[to] = pairs[j]![0];
          freqs[to++] = pairs[j++]![1];
          i++;
        } else {
          slots[to] = pairs[j]![0];
          freqs[to++] = pairs[j++]![1];
        }
      }
      this.slots = slots;
      this.freqs = freqs;
      this.length = to;
      this.pendingAdd = [];
    }
  }

  private flushInPlace(): void {
    const readded = new Set<number>();
    for (let i = 0; i < this.pendingAdd.length; i += 2) readded.add(this.pendingAdd[i]!);
    for (const slot of this.pendingRemove) {
      // A slot removed and added again (a replaced document keeping the term) is updated below.
      if (readded.has(slot)) continue;
      const at = this.find(slot);
      if (this.slots[at] !== slot || at >= this.length) continue;
      this.slots.copyWithin(at, at + 1, this.length);
      this.freqs.copyWithin(at, at + 1, this.length);
      this.length--;
    }
    this.pendingRemove = [];
    for (let i = 0; i < this.pendingAdd.length; i += 2) {
      const slot = this.pendingAdd[i]!;
      const at = this.find(slot);
      if (at < this.length && this.slots[at] === slot) {
        // In order, so a later duplicate wins.
        this.freqs[at] = this.pendingAdd[i + 1]!;
        continue;
      }
      if (this.length === this.slots.length) this.resize(this.length * 2);
      this.slots.copyWithin(at + 1, at, this.length);
      this.freqs.copyWithin(at + 1, at, this.length);
      this.slots[at] = slot;
      this.freqs[at] = this.pendingAdd[i + 1]!;
      this.length++;
    }
    this.pendingAdd = [];
  }

  /** The first position whose slot is not below `slot`. */
  private find(slot: number): number {
    return lowerBound(this.slots, this.length, slot);
  }

  private resize(capacity: number): void {
    const slots = new Int32Array(capacity);
    slots.set(this.slots.subarray(0, this.length));
    this.slots = slots;
    const freqs = new Uint16Array(capacity);
    freqs.set(this.freqs.subarray(0, this.length));
    this.freqs = freqs;
  }
}

/** An indexed term: its postings per field (index 0 title, 1 content). */
class TermEntry {
  readonly postings: [Postings | undefined, Postings | undefined] = [undefined, undefined];
  /** The `addField` call that counted it last, and how often the field's text has it there. */
  seen = 0;
  count = 0;

  constructor(readonly term: string) {}
}

/** What a token as written stands for in one field: its term (null: none, e.g. a common word in `content`). */
interface TokenMeaning {
  /** The `addField` call that met it last (its distinct tokens are the field's length). */
  seen: number;
  entry: TermEntry | null;
}

/** Tokens whose meaning is kept between documents (the cache is emptied, between two, once it holds this many). */
export const MEANINGS = 1 << 17;

export interface TextDocument {
  title: string;
  content: string;
}

export interface QueryTerm {
  term: string;
  /** Match indexed terms that start with it. */
  prefix: boolean;
  /** Match indexed terms within this many edits. */
  fuzzy: number | false;
}

export interface TextQuery {
  terms: readonly QueryTerm[];
  /** AND: a match has every term; OR: any. */
  combineWith: 'AND' | 'OR';
  /** Weight per field (a field left out is not searched). */
  boost: Partial<Record<TextField, number>>;
  /** Only these slots may match (1 = allowed); every slot when absent. */
  allowed?: Uint8Array;
}

export interface TextMatches {
  /** Matching slots, in no particular order. */
  slots: Int32Array;
  /** `scores[slot]` for every slot of `slots` (MiniSearch's score, quality included). */
  scores: Float64Array;
}

export class TextIndex {
  /** The term dictionary, for prefix and fuzzy lookup. */
  private readonly terms = new SearchableMap<TermEntry>();
  /** The same entries by exact term (a hash lookup is cheaper than a tree walk per indexed word). */
  private readonly exact = new Map<string, TermEntry>();
  /** Unique tokens per field and slot (MiniSearch's field length), 0 for a free slot. */
  private lengths: [Int32Array, Int32Array] = [new Int32Array(1024), new Int32Array(1024)];
  private readonly lengthSum = [0, 0];
  private readonly present = [0, 0];
  private live = 0;
  private capacity = 1024;
  /** Postings with pending changes (see Postings); `flush()` applies them. */
  private readonly dirty = new Set<Postings>();
  /** Tokens met lately and their terms, so indexing a word already met costs one lookup. */
  private readonly meanings: [Map<string, TokenMeaning>, Map<string, TokenMeaning>] = [new Map(), new Map()];
  /** Numbers the `addField` calls (see TermEntry.seen). */
  private calls = 0;

  constructor(
    /** Turns a document token into its indexed term (or null to skip it), per field; the same token gives the same term. */
    private readonly processTerm: (token: string, field: TextField) => string | null,
  ) {}

  /** Number of indexed documents. */
  get documentCount(): number {
    return this.live;
  }

  add(slot: number, doc: TextDocument): void {
    this.grow(slot + 1);
    this.live++;
    for (let f = 0; f < FIELDS.length; f++) this.addField(slot, f, doc[FIELDS[f]!]);
  }

  /**
   * Replaces `before` (as it was added at `slot`) by `after`; a field whose text is the same is
   * left as it is (a post indexed again with only its tags or title changed costs no re-reading of
   * its content). Call `flush()` before searching.
   */
  replace(slot: number, before: TextDocument, after: TextDocument): void {
    for (let f = 0; f < FIELDS.length; f++) {
      const field = FIELDS[f]!;
      if (before[field] === after[field]) continue;
      this.removeField(slot, f, before[field]);
      this.addField(slot, f, after[field]);
    }
  }

  private addField(slot: number, f: number, text: string | null | undefined): void {
    if (text == null) return;
    // Distinct tokens as written (their number is MiniSearch's field length), and occurrences per term.
    const call = ++this.calls;
    const counted: TermEntry[] = [];
    let length = 0;
    const meanings = this.meanings[f]!;
    // Emptied between documents, never within one (its distinct tokens are counted on the meanings).
    if (meanings.size >= MEANINGS) meanings.clear();
    eachToken(String(text), (token) => {
      let meaning = meanings.get(token);
      if (!meaning) {
        meaning = { seen: 0, entry: this.entryOf(this.processTerm(token, FIELDS[f]!)) };
        meanings.set(token, meaning);
      }
      if (meaning.seen === call) {
        if (meaning.entry) meaning.entry.count++;
        return;
      }
      meaning.seen = call;
      length++;
      const entry = meaning.entry;
      if (entry === null) return;
      if (entry.seen !== call) {
        entry.seen = call;
        entry.count = 0;
        counted.push(entry);
      }
      entry.count++;
    });
    this.lengths[f]![slot] = length;
    this.lengthSum[f]! += length;
    this.present[f]!++;
    for (const entry of counted) {
      const postings = (entry.postings[f] ??= new Postings(entry.term, f));
      if (!postings.add(slot, entry.count)) this.dirty.add(postings);
    }
  }

  /** The entry of an indexed term, made when it is new; null for no term. */
  private entryOf(term: string | null): TermEntry | null {
    if (!term) return null;
    let entry = this.exact.get(term);
    if (!entry) {
      entry = new TermEntry(term);
      this.exact.set(term, entry);
      this.terms.set(term, entry);
    }
    return entry;
  }

  /** Takes `doc` (as it was added at `slot`) out of the index; call `flush()` before searching. */
  remove(slot: number, doc: TextDocument): void {
    this.live--;
    for (let f = 0; f < FIELDS.length; f++) this.removeField(slot, f, doc[FIELDS[f]!]);
  }

  private removeField(slot: number, f: number, text: string | null | undefined): void {
    const field = FIELDS[f]!;
    if (text == null) return;
    const seen = new Set<string>();
    for (const token of tokenize(String(text))) {
      const term = this.processTerm(token, field);
      if (!term || seen.has(term)) continue;
      seen.add(term);
      const postings = this.exact.get(term)?.postings[f];
      if (!postings) continue;
      postings.remove(slot);
      this.dirty.add(postings);
    }
    this.lengthSum[f]! -= this.lengths[f]![slot]!;
    this.present[f]!--;
    this.lengths[f]![slot] = 0;
  }

  /** Applies every pending removal and addition (a batch of replaced documents) in one pass per term. */
  flush(): void {
    for (const postings of this.dirty) {
      postings.flush();
      const entry = this.exact.get(postings.term);
      if (postings.length > 0 || !entry || entry.postings[postings.field] !== postings) continue;
      entry.postings[postings.field] = undefined;
      if (!entry.postings[0] && !entry.postings[1]) {
        this.exact.delete(postings.term);
        this.terms.delete(postings.term);
        // Cached meanings may point at it: a later document with the term gets a new entry.
        for (const meanings of this.meanings) meanings.clear();
      }
    }
    this.dirty.clear();
  }

  /** Whether `term` (processed) is indexed in any field. */
  has(term: string): boolean {
    return this.exact.has(term);
  }

  /** Indexed terms within `distance` edits of `term`, each with the number of documents that have it. */
  closeTerms(term: string, distance: number): Map<string, number> {
    const out = new Map<string, number>();
    for (const [candidate, [entry]] of this.terms.fuzzyGet(term, distance)) {
      const [title, content] = entry.postings;
      if (!title || !content) {
        out.set(candidate, (title ?? content)?.length ?? 0);
        continue;
      }
      const docs = new Set<number>();
      for (const postings of [title, content]) for (let i = 0; i < postings.length; i++) docs.add(postings.slots[i]!);
      out.set(candidate, docs.size);
    }
    return out;
  }

  search(query: TextQuery, slotCount: number): TextMatches {
    const scores = new Float64Array(slotCount);
    const terms = query.terms;
    if (terms.length === 0 || this.live === 0) return { slots: new Int32Array(0), scores };
    const fields = FIELDS.map((field, f) => ({ f, boost: query.boost[field] })).filter(
      (x): x is { f: number; boost: number } => x.boost !== undefined,
    );
    // Each query term's expansions (the term itself, prefix and fuzzy matches) with their weights.
    const expanded = terms.map((q) => this.expand(q));
    // Distinct query terms a document matched (MiniSearch's "quality"), and per term whether it did.
    const distinct = [...new Set(terms.map((t) => t.term))];
    const termIndex = terms.map((t) => distinct.indexOf(t.term));
    const and = query.combineWith === 'AND';
    // AND: the rarest term first, so later terms only add to the few documents still in the running.
    const order = terms.map((_, i) => i);
    if (and) {
      const cost = expanded.map((list) =>
        list.reduce((sum, { entry }) => sum + (entry.postings[0]?.length ?? 0) + (entry.postings[1]?.length ?? 0), 0),
      );
      order.sort((a, b) => cost[a]! - cost[b]!);
    }
    const matchedTerms = new Uint16Array(slotCount); // AND: query terms matched so far (in `order`)
    const lastHit = new Int32Array(slotCount).fill(-1); // the last query term (in `order`) that hit the slot
    const distinctHits = new Uint16Array(slotCount);
    const seenDistinct = distinct.length <= 32 ? new Uint32Array(slotCount) : undefined;
    const touched: number[] = [];
    const allowed = query.allowed;
    const total = this.live;
    const avg = [this.lengthSum[0]! / Math.max(1, this.present[0]!), this.lengthSum[1]! / Math.max(1, this.present[1]!)];
    order.forEach((t, step) => {
      for (const { entry, weight } of expanded[t]!) {
        for (const { f, boost } of fields) {
          const postings = entry.postings[f];
          if (!postings) continue;
          const n = postings.length;
          const idf = Math.log(1 + (total - n + 0.5) / (n + 0.5));
          const lengths = this.lengths[f]!;
          const avgLength = avg[f]!;
          const factor = weight * boost;
          const { slots, freqs } = postings;
          for (let i = 0; i < n; i++) {
            const slot = slots[i]!;
            // AND: only documents every earlier term matched (the first term checks the filters).
            if (and ? lastHit[slot] !== step && matchedTerms[slot] !== step : allowed !== undefined && allowed[slot] !== 1) continue;
            if (step === 0 && and && allowed !== undefined && allowed[slot] !== 1) continue;
            const tf = freqs[i]!;
            scores[slot]! +=
              factor * idf * (BM25.d + (tf * (BM25.k + 1)) / (tf + BM25.k * (1 - BM25.b + (BM25.b * lengths[slot]!) / avgLength)));
            if (lastHit[slot] !== step) {
              if (step === 0 || (!and && lastHit[slot] === -1)) touched.push(slot);
              lastHit[slot] = step;
              matchedTerms[slot]!++;
              const bit = 1 << termIndex[t]!;
              if (seenDistinct) {
                if (!(seenDistinct[slot]! & bit)) {
                  seenDistinct[slot]! |= bit;
                  distinctHits[slot]!++;
                }
              } else {
                distinctHits[slot]!++;
              }
            }
          }
        }
      }
    });
    const need = and ? terms.length : 1;
    const out = new Int32Array(touched.length);
    let m = 0;
    for (const slot of touched) {
      if (matchedTerms[slot]! >= need) {
        scores[slot]! *= distinctHits[slot]!;
        out[m++] = slot;
      }
    }
    return { slots: out.subarray(0, m), scores };
  }

  /** The indexed terms a query term stands for, each with MiniSearch's weight. */
  private expand(q: QueryTerm): { entry: TermEntry; weight: number }[] {
    const list: { entry: TermEntry; weight: number }[] = [];
    const exact = this.exact.get(q.term);
    if (exact) list.push({ entry: exact, weight: 1 });
    const prefixed = new Set<string>();
    if (q.prefix) {
      for (const [term, entry] of this.terms.atPrefix(q.term)) {
        const distance = term.length - q.term.length;
        if (!distance) continue;
        prefixed.add(term);
        list.push({ entry, weight: (PREFIX_WEIGHT * term.length) / (term.length + 0.3 * distance) });
      }
    }
    if (q.fuzzy) {
      for (const [term, [entry, distance]] of this.terms.fuzzyGet(q.term, q.fuzzy)) {
        if (!distance || prefixed.has(term)) continue;
        list.push({ entry, weight: (FUZZY_WEIGHT * term.length) / (term.length + distance) });
      }
    }
    return list;
  }

  private grow(size: number): void {
    if (size <= this.capacity) return;
    let capacity = this.capacity;
    while (capacity < size) capacity *= 2;
    this.lengths = this.lengths.map((old) => {
      const next = new Int32Array(capacity);
      next.set(old);
      return next;
    }) as [Int32Array, Int32Array];
    this.capacity = capacity;
  }
}
