import { LIMITS } from '../limits.ts';
import { detectLanguage } from './detectLanguage.ts';
import { IndexFileError, type IndexReader, type IndexWriter } from './IndexFile.ts';
import { findLanguage, type Language, LANGUAGES } from './languages.ts';
import { normalizeTerm } from './normalizeTerm.ts';
import type { WordForm } from './TextIndex.ts';
import { WordForms } from './WordForms.ts';

/** A language read by a share of the documents at least this large is one of the collection's (queries are analysed in it). */
const LANGUAGE_SHARE = 0.05;

const ENGLISH = 0;

/** The shortest stem `shorterForms` takes. */
const MIN_SHORTER = 4;

/**
 * How a collection reads its documents: each document in its own language
 * (detectLanguage), a short one in the collection's main language (the forced one, else the most
 * common detected one, else English); its content without that language's common words; each
 * word recorded under that language's stem (WordForms), so a query finds the other forms of its
 * words in every language of the collection. Languages are indexes in LANGUAGES.
 */
export class Analysis {
  /** The language each slot was analysed in (-1: a free slot). */
  private analysed = new Int8Array(1024).fill(-1);
  /** The language detected for each slot (-1: too short to tell, or a free slot). */
  private detected = new Int8Array(1024).fill(-1);
  /** Slots per detected language. */
  private readonly counts = new Int32Array(LANGUAGES.length);
  private forms = LANGUAGES.map(() => new WordForms());
  private cached?: { version: number; languages: number[] };
  private version = 0;
  private readonly forced: number;

  /** `language`: the collection's setting (a BCP 47 code) that forces one for every document. */
  constructor(language?: string) {
    const found = language ? findLanguage(language) : undefined;
    if (language && !found) throw new Error(`Unknown language "${language}" (use one of ${LANGUAGES.map((l) => l.code).join(', ')})`);
    this.forced = found ? LANGUAGES.indexOf(found) : -1;
  }

  /** The collection's main language. */
  get main(): number {
    if (this.forced >= 0) return this.forced;
    let best = ENGLISH;
    for (let id = 0; id < this.counts.length; id++) if (this.counts[id]! > this.counts[best]!) best = id;
    return best;
  }

  /** The languages queries are analysed in: the main one, and each read by LANGUAGE_SHARE of the documents. */
  get languages(): readonly number[] {
    if (this.cached?.version === this.version) return this.cached.languages;
    const main = this.main;
    const total = this.counts.reduce((sum, n) => sum + n, 0);
    const languages = [main];
    if (this.forced < 0) {
      for (let id = 0; id < this.counts.length; id++) {
        if (id !== main && this.counts[id]! > 0 && this.counts[id]! >= total * LANGUAGE_SHARE) languages.push(id);
      }
    }
    this.cached = { version: this.version, languages };
    return languages;
  }

  /** The language `slot` was analysed in (the main one for a free slot). */
  languageOf(slot: number): number {
    const id = slot < this.analysed.length ? this.analysed[slot]! : -1;
    return id >= 0 ? id : this.main;
  }

  /** The code of a language (`fr`). */
  code(id: number): string {
    return LANGUAGES[id]!.code;
  }

  /**
   * Detects the language of each document about to be indexed at its slot (a batch first, so its
   * short documents fall back on the main language the batch makes), and records it.
   */
  detect(entries: readonly { slot: number; title: string; content: string }[]): void {
    for (const { slot, title, content } of entries) {
      this.grow(slot + 1);
      const id = this.forced >= 0 ? -1 : detectLanguage(title ?? '', content ?? '');
      const before = this.detected[slot]!;
      if (before >= 0) this.counts[before]!--;
      this.detected[slot] = id;
      if (id >= 0) this.counts[id]!++;
    }
    this.version++;
  }

  /** Fixes the language `slot` is analysed in: its detected one, else the main one. */
  settle(slot: number): number {
    const id = this.detected[slot]! >= 0 ? this.detected[slot]! : this.main;
    this.analysed[slot] = id;
    return id;
  }

  /** Forgets `slot` (its document is gone). */
  free(slot: number): void {
    if (slot >= this.analysed.length) return;
    const id = this.detected[slot]!;
    if (id >= 0) this.counts[id]!--;
    this.detected[slot] = -1;
    this.analysed[slot] = -1;
    this.version++;
  }

  /** A document's token as indexed in `field` of a document in `language`: normalised; null for a common word of the content. */
  indexTerm(token: string, field: string, language: number): string | null {
    const term = normalizeTerm(token);
    const lang = LANGUAGES[language]!;
    if (field === 'content' && lang.stopWords.has(term)) return null;
    const stem = this.stemOf(lang, token);
    if (stem !== undefined) this.forms[language]!.add(stem, term);
    // A post in another language than the collection's often quotes it (a page half translated): its words are forms in that one too.
    const main = this.languages[0]!;
    if (main !== language) {
      const mainStem = this.stemOf(LANGUAGES[main]!, token);
      if (mainStem !== undefined) this.forms[main]!.add(mainStem, term);
    }
    return term;
  }

  /** Whether a (normalised) query word is a common word in one of the collection's languages. */
  isStopWord(term: string): boolean {
    for (const id of this.languages) if (LANGUAGES[id]!.stopWords.has(term)) return true;
    return false;
  }

  /** The common words of a language (for related posts' distinctive words). */
  stopWords(language: number): ReadonlySet<string> {
    return LANGUAGES[language]!.stopWords;
  }

  /** The indexed terms that are other forms of a query word (as typed), in each of the collection's languages. */
  formsOf(token: string): WordForm[] {
    const typed = normalizeTerm(token);
    const out: WordForm[] = [];
    for (const id of this.languages) {
      const stem = this.stemOf(LANGUAGES[id]!, token);
      if (stem === undefined) continue;
      for (const term of [stem, ...this.forms[id]!.get(stem)]) if (term !== typed) out.push({ term, language: id });
    }
    return out;
  }

  /**
   * The forms of the longest stem that begins a query word's stem, when the word finds nothing
   * else ("registrinho" → registr → registros): what a dictionary makes of a word, a stemmer does
   * not always take back to its stem. At least MIN_SHORTER letters; every language's at that length.
   */
  shorterForms(token: string, indexed: (term: string) => boolean): WordForm[] {
    let best: WordForm[] = [];
    let bestLength = MIN_SHORTER - 1;
    for (const id of this.languages) {
      const stem = this.stemOf(LANGUAGES[id]!, token);
      if (stem === undefined) continue;
      for (let length = stem.length - 1; length >= bestLength && length >= MIN_SHORTER; length--) {
        const shorter = stem.slice(0, length);
        const forms = this.forms[id]!.get(shorter);
        if (forms.length === 0 && !indexed(shorter)) continue;
        if (length > bestLength) best = [];
        bestLength = length;
        for (const term of [shorter, ...forms]) best.push({ term, language: id });
        break;
      }
    }
    return best;
  }

  /** The language each slot was analysed in (-1: a free slot), for a form to count in the posts of its language. */
  get slotLanguages(): Int8Array {
    return this.analysed;
  }

  private stemOf(lang: Language, token: string): string | undefined {
    if (!lang.stem || token.length < 3 || token.length > LIMITS.wordLength) return undefined;
    return normalizeTerm(lang.stem(token.toLowerCase()));
  }

  /** Persists the languages of slots 0..slots-1 and the word forms (IndexFile.ts). */
  write(out: IndexWriter, slots: number): void {
    out.u32(LANGUAGES.length);
    for (const lang of LANGUAGES) out.string(lang.code);
    out.array(new Uint8Array(this.analysed.buffer, 0, slots));
    out.array(new Uint8Array(this.detected.buffer, 0, slots));
    for (const forms of this.forms) forms.write(out);
  }

  /** Loads what `write` wrote; IndexFileError when it is another table of languages or out of range. */
  read(input: IndexReader, slots: number): void {
    const n = input.u32();
    if (n !== LANGUAGES.length) throw new IndexFileError('another table of languages');
    for (const lang of LANGUAGES) if (input.string() !== lang.code) throw new IndexFileError('another table of languages');
    const analysed = new Int8Array(input.bytes().slice().buffer);
    const detected = new Int8Array(input.bytes().slice().buffer);
    if (analysed.length !== slots || detected.length !== slots) throw new IndexFileError('languages of another collection');
    for (let slot = 0; slot < slots; slot++) {
      if (analysed[slot]! >= n || detected[slot]! >= n || analysed[slot]! < -1 || detected[slot]! < -1) {
        throw new IndexFileError('a language out of range');
      }
    }
    const forms = LANGUAGES.map(() => WordForms.read(input));
    this.grow(slots);
    this.analysed.set(analysed);
    this.detected.set(detected);
    this.counts.fill(0);
    for (let slot = 0; slot < slots; slot++) if (detected[slot]! >= 0) this.counts[detected[slot]!]!++;
    this.forms = forms;
    this.version++;
  }

  private grow(size: number): void {
    if (size <= this.analysed.length) return;
    let capacity = this.analysed.length;
    while (capacity < size) capacity *= 2;
    for (const key of ['analysed', 'detected'] as const) {
      const next = new Int8Array(capacity).fill(-1);
      next.set(this[key]);
      this[key] = next;
    }
  }
}
