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
import { NO_SPACE_SCRIPT, words } from 'trove-search-client';
import { IndexFileError, type IndexReader, type IndexWriter } from './IndexFile.ts';
import { lowerBound } from './lowerBound.ts';

export type TextField = 'title' | 'content';
const FIELDS: readonly TextField[] = ['title', 'content'];

/** MiniSearch's defaults. */
const BM25 = { k: 1.2, b: 0.7, d: 0.5 };
const PREFIX_WEIGHT = 0.375;
const FUZZY_WEIGHT = 0.45;
/** Another form of the word (the same stem: "closed" for "close"): under the word itself, above a prefix or a typo. */
const FORM_WEIGHT = 0.5;
/**
 * How a document matched a query term: as written (the term, or a word it begins), by another
 * form of it, or by a typo only. Each step away multiplies the document's score by KIND_FACTOR,
 * so the post that has the word as typed comes before those that have another word near it,
 * however often or wherever they have that one.
 */
enum Kind {
  Written = 0,
  Form = 1,
  Typo = 2,
}
const KIND_FACTOR = 0.1;

/** What separates words: spaces, punctuation and symbols (`<`, `=`, `+`: no word holds them, as in `wordSpans`). */
const SEPARATOR_CLASS = String.raw`[\n\r\p{Z}\p{P}\p{S}]`;

/** MiniSearch's default tokenizer, symbols too: split on SEPARATOR_CLASS. */
export const SPACE_OR_PUNCTUATION = new RegExp(`${SEPARATOR_CLASS}+`, 'u');

/** A text that ends with a separator: its last word is whole, not still being typed. */
export const ENDS_WITH_SEPARATOR = new RegExp(`${SEPARATOR_CLASS}$`, 'u');

/** One character of SPACE_OR_PUNCTUATION (an astral one is two UTF-16 units). */
const SEPARATOR = new RegExp(`^${SEPARATOR_CLASS}$`, 'u');
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

/** Slots a postings list keeps in its tail (a sixteenth of it, at least this many) before it merges them in. */
const TAIL = 64;

/** Lists shorter than this are edited by moving them (cheap at that length), longer ones as above. */
const LONG = 512;

/**
 * One term in one field: the slots that have it and how often. Slots [0, sorted) are ascending;
 * a slot past the last is appended at once; anything else (a replaced document) waits in
 * `pendingAdd` / `pendingRemove` until `flush()`. A few changes to a long list are made without
 * moving it: a removed slot keeps its place with frequency 0 (`dead` of them), a slot added again
 * gets its frequency back, a new one goes into a short sorted tail after the sorted part; the two
 * are merged again once the tail holds a sixteenth of the list (TAIL at least) or an eighth of it
 * is dead. (Moving a long list for each change was
 * most of the cost of a batch of edited posts whose words are common.) Readers skip frequency 0.
 */
class Postings {
  slots = new Int32Array(2);
  freqs = new Uint16Array(2);
  /** Entries, dead and tail included. */
  length = 0;
  /** Entries [0, sorted) are ascending, and so are [sorted, length) (the tail). */
  sorted = 0;
  /** Entries with frequency 0 (removed). */
  dead = 0;
  pendingAdd: number[] = [];
  pendingRemove: number[] = [];

  constructor(
    readonly term: string,
    readonly field: number,
  ) {}

  /** Documents that have the term. */
  get count(): number {
    return this.length - this.dead;
  }

  /** Adds `count` occurrences for `slot`; `false` when it waits for `flush()`. */
  add(slot: number, count: number): boolean {
    if (this.sorted !== this.length || (this.length > 0 && this.slots[this.length - 1]! >= slot)) {
      this.pendingAdd.push(slot, Math.min(65_535, count));
      return false;
    }
    if (this.length === this.slots.length) this.resize(this.length * 2);
    this.slots[this.length] = slot;
    this.freqs[this.length] = Math.min(65_535, count);
    this.length++;
    this.sorted++;
    return true;
  }

  remove(slot: number): void {
    this.pendingRemove.push(slot);
  }

  /** Applies the pending removals, then the pending additions (a replaced document's new terms). */
  flush(): void {
    if (this.pendingRemove.length + this.pendingAdd.length / 2 <= SMALL_CHANGE) {
      this.flushInPlace();
      return;
    }
    this.compact();
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
    this.sorted = this.length;
  }

  private flushInPlace(): void {
    if (this.length < LONG && this.sorted === this.length && this.dead === 0) {
      this.moveInPlace();
      return;
    }
    for (const slot of this.pendingRemove) {
      const at = this.position(slot);
      if (at < 0 || this.freqs[at] === 0) continue;
      this.freqs[at] = 0;
      this.dead++;
    }
    this.pendingRemove = [];
    for (let i = 0; i < this.pendingAdd.length; i += 2) {
      const slot = this.pendingAdd[i]!;
      const count = this.pendingAdd[i + 1]!;
      let at = this.position(slot);
      if (at >= 0) {
        // In order, so a later duplicate wins.
        if (this.freqs[at] === 0) this.dead--;
        this.freqs[at] = count;
        continue;
      }
      // Into the tail, kept in order.
      if (this.length === this.slots.length) this.resize(this.length * 2);
      at = lowerBound(this.slots, this.length, slot, this.sorted);
      this.slots.copyWithin(at + 1, at, this.length);
      this.freqs.copyWithin(at + 1, at, this.length);
      this.slots[at] = slot;
      this.freqs[at] = count;
      this.length++;
    }
    this.pendingAdd = [];
    if (this.length - this.sorted > Math.max(TAIL, this.sorted >> 4) || this.dead * 8 > this.length) this.compact();
  }

  /** A short list edited in place: a binary search and one native move per change. */
  private moveInPlace(): void {
    const readded = new Set<number>();
    for (let i = 0; i < this.pendingAdd.length; i += 2) readded.add(this.pendingAdd[i]!);
    for (const slot of this.pendingRemove) {
      // A slot removed and added again (a replaced document keeping the term) is updated below.
      if (readded.has(slot)) continue;
      const at = lowerBound(this.slots, this.length, slot);
      if (at >= this.length || this.slots[at] !== slot) continue;
      this.slots.copyWithin(at, at + 1, this.length);
      this.freqs.copyWithin(at, at + 1, this.length);
      this.length--;
    }
    this.pendingRemove = [];
    for (let i = 0; i < this.pendingAdd.length; i += 2) {
      const slot = this.pendingAdd[i]!;
      const at = lowerBound(this.slots, this.length, slot);
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
    this.sorted = this.length;
  }

  /** Where `slot` is (sorted part or tail, dead or not), or -1. */
  private position(slot: number): number {
    const at = lowerBound(this.slots, this.sorted, slot);
    if (at < this.sorted && this.slots[at] === slot) return at;
    const inTail = lowerBound(this.slots, this.length, slot, this.sorted);
    return inTail < this.length && this.slots[inTail] === slot ? inTail : -1;
  }

  /** Sorted again, without the dead, in place: slots [0, length) ascending. */
  compact(): void {
    if (this.sorted === this.length && this.dead === 0) return;
    const { slots, freqs } = this;
    // The tail's live entries (in order) set aside, the sorted part's live ones packed, then both merged.
    const tail: [slot: number, freq: number][] = [];
    for (let i = this.sorted; i < this.length; i++) if (freqs[i] !== 0) tail.push([slots[i]!, freqs[i]!]);
    let kept = 0;
    for (let i = 0; i < this.sorted; i++) {
      if (freqs[i] === 0) continue;
      slots[kept] = slots[i]!;
      freqs[kept++] = freqs[i]!;
    }
    // Merged from the end: the sorted part moves right by the tail entries that go before it.
    let i = kept - 1;
    let j = tail.length - 1;
    for (let to = kept + tail.length - 1; j >= 0; to--) {
      if (i >= 0 && slots[i]! > tail[j]![0]) {
        slots[to] = slots[i]!;
        freqs[to] = freqs[i--]!;
      } else {
        slots[to] = tail[j]![0];
        freqs[to] = tail[j--]![1];
      }
    }
    this.length = kept + tail.length;
    this.sorted = this.length;
    this.dead = 0;
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
  /** Other indexed terms it stands for (its other forms, Analysis.ts), matched as written. */
  forms?: readonly WordForm[];
  /** What it stands for when nothing matches it as written or by a form: the forms of a shorter stem (Analysis.ts). */
  fallback?: () => readonly WordForm[];
}

/** An indexed term that is another form of a query word in one language (its stemmer's). */
export interface WordForm {
  term: string;
  language: number;
}

export interface TextQuery {
  terms: readonly QueryTerm[];
  /** AND: a match has every term; OR: any. */
  combineWith: 'AND' | 'OR';
  /** Weight per field (a field left out is not searched). */
  boost: Partial<Record<TextField, number>>;
  /** Only these slots may match (1 = allowed); every slot when absent. */
  allowed?: Uint8Array;
  /** Also tell which matches have every term in their title (`TextMatches.inTitle`; AND only). */
  inTitle?: boolean;
  /**
   * The most content postings a term's prefix and typo expansions are read for, the heaviest
   * (closest to the term) first; the term itself, and titles, are always read whole. What a
   * search-as-you-type box needs of two or three letters typed in a large collection: the words
   * nearest to them, not every word they begin. Unbounded when absent.
   */
  expansionBudget?: number;
  /** The language each slot was analysed in: a form matches a post of another language as a typo does. */
  languages?: ArrayLike<number>;
}

export interface TextMatches {
  /** Matching slots, in no particular order. */
  slots: Int32Array;
  /** `scores[slot]` for every slot of `slots` (MiniSearch's score, quality included). */
  scores: Float64Array;
  /** When asked (`TextQuery.inTitle`): 1 for the matches whose title has every term. */
  inTitle?: Uint8Array;
}

/** An indexed term a query term stands for, with MiniSearch's weight (1: the term itself). */
interface Expansion {
  entry: TermEntry;
  weight: number;
  kind: Kind;
  /** The languages it is a form in (Kind.Form). */
  languages?: number[];
  /** Past the query's `expansionBudget`: its content postings are not read. */
  skipContent?: boolean;
}

export class TextIndex {
  /** The term dictionary, for prefix and fuzzy lookup. */
  private readonly terms = new SearchableMap<TermEntry>();
  /** The same entries by exact term (a hash lookup is cheaper than a tree walk per indexed word). */
  private readonly exact = new Map<string, TermEntry>();
  /** Unique tokens per field and slot (MiniSearch's field length), 0 for a free slot. */
  private lengths: [Int32Array, Int32Array] = [new Int32Array(1024), new Int32Array(1024)];
  /** 1 where the slot's document has the field (`present` counts them). */
  private hasField: [Uint8Array, Uint8Array] = [new Uint8Array(1024), new Uint8Array(1024)];
  private readonly lengthSum = [0, 0];
  private readonly present = [0, 0];
  private live = 0;
  private capacity = 1024;
  /** Postings with pending changes (see Postings); `flush()` applies them. */
  private readonly dirty = new Set<Postings>();
  /** Tokens met lately and their terms, per language of the document and field, so indexing a word already met costs one lookup. */
  private readonly meaningsByLanguage = new Map<number, [Map<string, TokenMeaning>, Map<string, TokenMeaning>]>();
  /** Numbers the `addField` calls (see TermEntry.seen). */
  private calls = 0;

  constructor(
    /** Turns a document token into its indexed term (or null to skip it), per field and language; the same token gives the same term. */
    private readonly processTerm: (token: string, field: TextField, language: number) => string | null,
  ) {}

  /** Number of indexed documents. */
  get documentCount(): number {
    return this.live;
  }

  /** `language`: what `processTerm` is told the document is written in. */
  add(slot: number, doc: TextDocument, language = 0): void {
    this.grow(slot + 1);
    this.live++;
    for (let f = 0; f < FIELDS.length; f++) this.addField(slot, f, doc[FIELDS[f]!], language);
  }

  private meanings(language: number, f: number): Map<string, TokenMeaning> {
    let both = this.meaningsByLanguage.get(language);
    if (!both) this.meaningsByLanguage.set(language, (both = [new Map(), new Map()]));
    return both[f]!;
  }

  /**
   * Replaces `before` (as it was added at `slot`) by `after`; a field whose text is the same is
   * left as it is (a post indexed again with only its tags or title changed costs no re-reading of
   * its content). Call `flush()` before searching.
   */
  replace(slot: number, before: TextDocument, after: TextDocument, languageBefore = 0, languageAfter = 0): void {
    for (let f = 0; f < FIELDS.length; f++) {
      const field = FIELDS[f]!;
      if (before[field] === after[field] && languageBefore === languageAfter) continue;
      this.removeField(slot, f, before[field], languageBefore);
      this.addField(slot, f, after[field], languageAfter);
    }
  }

  private addField(slot: number, f: number, text: string | null | undefined, language: number): void {
    if (text == null) return;
    // Distinct tokens as written (their number is MiniSearch's field length), and occurrences per term.
    const call = ++this.calls;
    const counted: TermEntry[] = [];
    let length = 0;
    const meanings = this.meanings(language, f);
    // Emptied between documents, never within one (its distinct tokens are counted on the meanings).
    if (meanings.size >= MEANINGS) meanings.clear();
    eachToken(String(text), (token) => {
      let meaning = meanings.get(token);
      if (!meaning) {
        meaning = { seen: 0, entry: this.entryOf(this.processTerm(token, FIELDS[f]!, language)) };
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
    this.hasField[f]![slot] = 1;
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
  remove(slot: number, doc: TextDocument, language = 0): void {
    this.live--;
    for (let f = 0; f < FIELDS.length; f++) this.removeField(slot, f, doc[FIELDS[f]!], language);
  }

  private removeField(slot: number, f: number, text: string | null | undefined, language: number): void {
    if (text == null) return;
    // Each of its terms once, found through the meanings of its tokens as `addField` finds them.
    const call = ++this.calls;
    const meanings = this.meanings(language, f);
    if (meanings.size >= MEANINGS) meanings.clear();
    eachToken(String(text), (token) => {
      let meaning = meanings.get(token);
      if (!meaning) {
        const term = this.processTerm(token, FIELDS[f]!, language);
        const entry = term ? this.exact.get(term) : null;
        // A term no document has (nothing to remove) is not remembered: a later document may bring it.
        if (entry === undefined) return;
        meaning = { seen: 0, entry };
        meanings.set(token, meaning);
      }
      const entry = meaning.entry;
      if (entry === null || entry.seen === call) return;
      entry.seen = call;
      const postings = entry.postings[f];
      if (!postings) return;
      postings.remove(slot);
      this.dirty.add(postings);
    });
    this.lengthSum[f]! -= this.lengths[f]![slot]!;
    this.present[f]!--;
    this.lengths[f]![slot] = 0;
    this.hasField[f]![slot] = 0;
  }

  /** Applies every pending removal and addition (a batch of replaced documents) in one pass per term. */
  flush(): void {
    for (const postings of this.dirty) {
      postings.flush();
      const entry = this.exact.get(postings.term);
      if (postings.count > 0 || !entry || entry.postings[postings.field] !== postings) continue;
      entry.postings[postings.field] = undefined;
      if (!entry.postings[0] && !entry.postings[1]) {
        this.exact.delete(postings.term);
        this.terms.delete(postings.term);
        // Cached meanings may point at it: a later document with the term gets a new entry.
        for (const both of this.meaningsByLanguage.values()) for (const meanings of both) meanings.clear();
      }
    }
    this.dirty.clear();
  }

  /** Whether `term` (processed) is indexed in any field. */
  has(term: string): boolean {
    return this.exact.has(term);
  }

  /**
   * How many documents have `term` (processed) in the field that has it most (as "more like this"
   * queries count it): a hash lookup, where the exact count would merge both fields' postings.
   */
  documentFrequency(term: string): number {
    const entry = this.exact.get(term);
    if (!entry) return 0;
    return Math.max(entry.postings[0]?.count ?? 0, entry.postings[1]?.count ?? 0);
  }

  /** Indexed terms within `distance` edits of `term`, each with the number of documents that have it. */
  closeTerms(term: string, distance: number): Map<string, number> {
    const out = new Map<string, number>();
    for (const [candidate, [entry]] of this.terms.fuzzyGet(term, distance)) {
      const [title, content] = entry.postings;
      if (!title || !content) {
        out.set(candidate, (title ?? content)?.count ?? 0);
        continue;
      }
      const docs = new Set<number>();
      for (const postings of [title, content]) {
        for (let i = 0; i < postings.length; i++) if (postings.freqs[i] !== 0) docs.add(postings.slots[i]!);
      }
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
    // Content postings of expansions past the budget are not read (`skipContent`).
    const budget = query.expansionBudget;
    if (budget !== undefined) {
      for (const list of expanded) {
        list.sort((a, b) => b.weight - a.weight);
        let read = 0;
        for (const expansion of list) {
          if (expansion.weight === 1) continue;
          read += expansion.entry.postings[1]?.count ?? 0;
          if (read > budget) expansion.skipContent = true;
        }
      }
    }
    // Distinct query terms a document matched (MiniSearch's "quality"), and per term whether it did.
    const distinct = [...new Set(terms.map((t) => t.term))];
    const termIndex = terms.map((t) => distinct.indexOf(t.term));
    const and = query.combineWith === 'AND';
    // AND: the rarest term first, so later terms only add to the few documents still in the running.
    const order = terms.map((_, i) => i);
    if (and) {
      const cost = expanded.map((list) =>
        list.reduce((sum, { entry }) => sum + (entry.postings[0]?.count ?? 0) + (entry.postings[1]?.count ?? 0), 0),
      );
      order.sort((a, b) => cost[a]! - cost[b]!);
    }
    const matchedTerms = new Uint16Array(slotCount); // AND: query terms matched so far (in `order`)
    const lastHit = new Int32Array(slotCount).fill(-1); // the last query term (in `order`) that hit the slot
    const distinctHits = new Uint16Array(slotCount);
    // Steps away from the query as written (Kind), summed over its terms, each term's nearest match.
    const away = new Uint8Array(slotCount);
    const stepKind = new Uint8Array(slotCount);
    const seenDistinct = distinct.length <= 32 ? new Uint32Array(slotCount) : undefined;
    const touched: number[] = [];
    const allowed = query.allowed;
    const slotLanguages = query.languages;
    // AND: how many query terms (in `order`) in a row a slot's title has had, from the first.
    const titleSteps = and && query.inTitle ? new Uint16Array(slotCount) : undefined;
    const total = this.live;
    const avg = [this.lengthSum[0]! / Math.max(1, this.present[0]!), this.lengthSum[1]! / Math.max(1, this.present[1]!)];
    // A term's forms count as its best one in each field, not the sum: a post does not gain by having many forms of a word.
    const hasForms = expanded.some((list) => list.some((e) => e.kind === Kind.Form));
    const formBest = hasForms ? [new Float64Array(slotCount), new Float64Array(slotCount)] : undefined;
    const formStep = hasForms ? [new Int32Array(slotCount).fill(-1), new Int32Array(slotCount).fill(-1)] : undefined;
    order.forEach((t, step) => {
      for (const { entry, weight, kind: termKind, languages: formLanguages, skipContent } of expanded[t]!) {
        for (const { f, boost } of fields) {
          const postings = entry.postings[f];
          if (!postings || (f === 1 && skipContent)) continue;
          const n = postings.length;
          const df = postings.count;
          const idf = Math.log(1 + (total - df + 0.5) / (df + 0.5));
          const lengths = this.lengths[f]!;
          const avgLength = avg[f]!;
          const factor = weight * boost;
          const { slots, freqs } = postings;
          for (let i = 0; i < n; i++) {
            const slot = slots[i]!;
            const tf = freqs[i]!;
            if (tf === 0) continue; // removed (see Postings)
            // AND: only documents every earlier term matched (the first term checks the filters).
            if (and ? lastHit[slot] !== step && matchedTerms[slot] !== step : allowed !== undefined && allowed[slot] !== 1) continue;
            if (step === 0 && and && allowed !== undefined && allowed[slot] !== 1) continue;
            const gain =
              factor * idf * (BM25.d + (tf * (BM25.k + 1)) / (tf + BM25.k * (1 - BM25.b + (BM25.b * lengths[slot]!) / avgLength)));
            if (termKind === Kind.Form && formBest && formStep) {
              const best = formBest[f]!;
              const at = formStep[f]!;
              if (at[slot] !== step) {
                at[slot] = step;
                best[slot] = gain;
                scores[slot]! += gain;
              } else if (gain > best[slot]!) {
                scores[slot]! += gain - best[slot]!;
                best[slot] = gain;
              }
            } else scores[slot]! += gain;
            if (titleSteps && f === 0 && titleSteps[slot] === step) titleSteps[slot] = step + 1;
            const kind = formLanguages && slotLanguages && !formLanguages.includes(slotLanguages[slot]!) ? Kind.Typo : termKind;
            if (lastHit[slot] === step) {
              if (kind < stepKind[slot]!) {
                away[slot]! -= stepKind[slot]! - kind;
                stepKind[slot] = kind;
              }
            } else {
              if (step === 0 || (!and && lastHit[slot] === -1)) touched.push(slot);
              lastHit[slot] = step;
              away[slot]! += kind;
              stepKind[slot] = kind;
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
    const inTitle = titleSteps ? new Uint8Array(slotCount) : undefined;
    let m = 0;
    for (const slot of touched) {
      if (matchedTerms[slot]! >= need) {
        scores[slot]! *= distinctHits[slot]! * KIND_FACTOR ** away[slot]!;
        out[m++] = slot;
        if (inTitle && titleSteps![slot] === terms.length) inTitle[slot] = 1;
      }
    }
    return { slots: out.subarray(0, m), scores, ...(inTitle ? { inTitle } : {}) };
  }

  /** The indexed terms a query term stands for, each with MiniSearch's weight. */
  private expand(q: QueryTerm): Expansion[] {
    // Each indexed term once, by its nearest kind (a form the typed letters begin is as written).
    const found = new Map<string, Expansion>();
    const exact = this.exact.get(q.term);
    if (exact) found.set(q.term, { entry: exact, weight: 1, kind: Kind.Written });
    const addForms = (forms: readonly WordForm[]) => {
      for (const { term, language } of forms) {
        const known = found.get(term);
        const entry = known ? undefined : this.exact.get(term);
        if (entry) found.set(term, { entry, weight: FORM_WEIGHT, kind: Kind.Form, languages: [language] });
        else if (known?.languages && !known.languages.includes(language)) known.languages.push(language);
      }
    };
    addForms(q.forms ?? []);
    if (q.prefix) {
      for (const [term, entry] of this.terms.atPrefix(q.term)) {
        const distance = term.length - q.term.length;
        const known = found.get(term);
        if (known) {
          known.kind = Kind.Written;
          known.languages = undefined;
        } else found.set(term, { entry, weight: (PREFIX_WEIGHT * term.length) / (term.length + 0.3 * distance), kind: Kind.Written });
      }
    }
    if (found.size === 0 && q.fallback) addForms(q.fallback());
    if (q.fuzzy) {
      for (const [term, [entry, distance]] of this.terms.fuzzyGet(q.term, q.fuzzy)) {
        if (!found.has(term)) found.set(term, { entry, weight: (FUZZY_WEIGHT * term.length) / (term.length + distance), kind: Kind.Typo });
      }
    }
    return [...found.values()];
  }

  /**
   * Writes what was built for slots 0..slots-1 (IndexFile.ts): per field the lengths and which
   * slots have it, then every term with its postings. Pending changes are flushed first.
   */
  write(out: IndexWriter, slots: number): void {
    this.flush();
    out.u32(this.live);
    for (let f = 0; f < FIELDS.length; f++) {
      out.array(this.lengths[f]!.subarray(0, slots));
      out.array(this.hasField[f]!.subarray(0, slots));
      out.f64(this.lengthSum[f]!);
      out.u32(this.present[f]!);
    }
    out.u32(this.exact.size);
    for (const entry of this.exact.values()) {
      out.string(entry.term);
      for (let f = 0; f < FIELDS.length; f++) {
        const postings = entry.postings[f];
        postings?.compact();
        out.array(postings ? postings.slots.subarray(0, postings.length) : new Int32Array(0));
        out.array(postings ? postings.freqs.subarray(0, postings.length) : new Uint16Array(0));
      }
    }
  }

  /**
   * Loads what `write` wrote for `slots` slots into this index (empty until then). Throws
   * IndexFileError on anything `write` could not have written: slots out of range or not
   * ascending, a term twice, lengths that do not add up.
   */
  read(input: IndexReader, slots: number): void {
    if (this.live !== 0 || this.exact.size !== 0) throw new Error('TextIndex.read: the index is not empty');
    const live = input.u32();
    this.grow(Math.max(1, slots));
    for (let f = 0; f < FIELDS.length; f++) {
      const lengths = input.int32s();
      const has = input.bytes();
      if (lengths.length !== slots || has.length !== slots) throw new IndexFileError('field lengths of another collection');
      let sum = 0;
      let present = 0;
      for (let i = 0; i < slots; i++) {
        sum += lengths[i]!;
        present += has[i]!;
      }
      this.lengths[f]!.set(lengths);
      this.hasField[f]!.set(has);
      this.lengthSum[f] = input.f64();
      this.present[f] = input.u32();
      if (sum !== this.lengthSum[f] || present !== this.present[f]) throw new IndexFileError('field lengths do not add up');
    }
    if (live > slots) throw new IndexFileError('more documents than slots');
    this.live = live;
    const terms = input.u32();
    for (let t = 0; t < terms; t++) {
      const term = input.string();
      if (term === '' || this.exact.has(term)) throw new IndexFileError('a term twice');
      const entry = new TermEntry(term);
      for (let f = 0; f < FIELDS.length; f++) {
        const list = input.int32s();
        const freqs = input.uint16s();
        if (freqs.length !== list.length) throw new IndexFileError('postings and frequencies differ');
        for (let i = 0; i < list.length; i++) {
          if (list[i]! < 0 || list[i]! >= slots || (i > 0 && list[i]! <= list[i - 1]!) || freqs[i] === 0) {
            throw new IndexFileError('postings out of order');
          }
        }
        if (list.length === 0) continue;
        const postings = new Postings(term, f);
        // Views of the file's buffer: the first change copies them (Postings#resize, flush).
        postings.slots = list;
        postings.freqs = freqs;
        postings.length = list.length;
        postings.sorted = list.length;
        entry.postings[f] = postings;
      }
      if (!entry.postings[0] && !entry.postings[1]) throw new IndexFileError('a term without postings');
      this.exact.set(term, entry);
      this.terms.set(term, entry);
    }
  }

  /**
   * Takes the slots marked in `gone` out of the index without their text (the persisted index of
   * a document that changed since): one pass over every postings list. Call `flush()` after.
   */
  removeSlots(gone: Uint8Array): void {
    for (let f = 0; f < FIELDS.length; f++) {
      const lengths = this.lengths[f]!;
      const has = this.hasField[f]!;
      for (let slot = 0; slot < gone.length; slot++) {
        if (!gone[slot]) continue;
        this.lengthSum[f]! -= lengths[slot]!;
        this.present[f]! -= has[slot]!;
        lengths[slot] = 0;
        has[slot] = 0;
      }
    }
    for (let slot = 0; slot < gone.length; slot++) if (gone[slot]) this.live--;
    for (const entry of this.exact.values()) {
      for (let f = 0; f < FIELDS.length; f++) {
        const postings = entry.postings[f];
        if (!postings) continue;
        postings.compact();
        const { slots, freqs } = postings;
        let to = 0;
        for (let i = 0; i < postings.length; i++) {
          const slot = slots[i]!;
          if (slot < gone.length && gone[slot]) continue;
          slots[to] = slot;
          freqs[to++] = freqs[i]!;
        }
        if (to === postings.length) continue;
        postings.length = to;
        postings.sorted = to;
        this.dirty.add(postings);
      }
    }
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
    this.hasField = this.hasField.map((old) => {
      const next = new Uint8Array(capacity);
      next.set(old);
      return next;
    }) as [Uint8Array, Uint8Array];
    this.capacity = capacity;
  }
}
