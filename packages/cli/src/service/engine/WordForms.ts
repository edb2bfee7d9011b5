import { IndexFileError, type IndexReader, type IndexWriter } from './IndexFile.ts';

/**
 * The indexed words of one language by their stem ("clos" → closed, closes, closing), so that a
 * query word finds every form of it the collection has, while the index itself keeps the words
 * as written (prefixes and typos are matched on them, as before). A word that is its own stem is
 * not kept: the index has it under that name. Words are never taken out (a word no document has
 * any more is skipped at query time: its postings are gone).
 */
export class WordForms {
  private readonly byStem = new Map<string, string | string[]>();

  /** Records `term` (normalised, as indexed) under `stem` (normalised). */
  add(stem: string, term: string): void {
    if (stem === term) return;
    const known = this.byStem.get(stem);
    if (known === undefined) this.byStem.set(stem, term);
    else if (typeof known === 'string') {
      if (known !== term) this.byStem.set(stem, [known, term]);
    } else if (!known.includes(term)) known.push(term);
  }

  /** The terms recorded under `stem`. */
  get(stem: string): readonly string[] {
    const known = this.byStem.get(stem);
    return known === undefined ? [] : typeof known === 'string' ? [known] : known;
  }

  write(out: IndexWriter): void {
    out.u32(this.byStem.size);
    for (const [stem, terms] of this.byStem) {
      out.string(stem);
      const list = typeof terms === 'string' ? [terms] : terms;
      out.u32(list.length);
      for (const term of list) out.string(term);
    }
  }

  static read(input: IndexReader): WordForms {
    const forms = new WordForms();
    const stems = input.u32();
    for (let i = 0; i < stems; i++) {
      const stem = input.string();
      const count = input.u32();
      if (count === 0 || forms.byStem.has(stem)) throw new IndexFileError('word forms out of shape');
      for (let j = 0; j < count; j++) forms.add(stem, input.string());
    }
    return forms;
  }
}
