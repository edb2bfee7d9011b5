/**
 * The languages the engine reads: for each, its code (BCP 47, as `lang`
 * attributes write it, and as the detector (eld) names it), its Snowball stemmer (@orama/stemmers)
 * and its stop words (@orama/stopwords: Snowball's lists; English keeps stopWords.ts). A
 * language without a stemmer is still detected, so its posts are not read as another's.
 */
import { stemmer as arabic } from '@orama/stemmers/arabic';
import { stemmer as armenian } from '@orama/stemmers/armenian';
import { stemmer as bulgarian } from '@orama/stemmers/bulgarian';
import { stemmer as danish } from '@orama/stemmers/danish';
import { stemmer as dutch } from '@orama/stemmers/dutch';
import { stemmer as english } from '@orama/stemmers/english';
import { stemmer as finnish } from '@orama/stemmers/finnish';
import { stemmer as french } from '@orama/stemmers/french';
import { stemmer as german } from '@orama/stemmers/german';
import { stemmer as greek } from '@orama/stemmers/greek';
import { stemmer as hungarian } from '@orama/stemmers/hungarian';
import { stemmer as indonesian } from '@orama/stemmers/indonesian';
import { stemmer as irish } from '@orama/stemmers/irish';
import { stemmer as italian } from '@orama/stemmers/italian';
import { stemmer as lithuanian } from '@orama/stemmers/lithuanian';
import { stemmer as nepali } from '@orama/stemmers/nepali';
import { stemmer as norwegian } from '@orama/stemmers/norwegian';
import { stemmer as portuguese } from '@orama/stemmers/portuguese';
import { stemmer as romanian } from '@orama/stemmers/romanian';
import { stemmer as russian } from '@orama/stemmers/russian';
import { stemmer as serbian } from '@orama/stemmers/serbian';
import { stemmer as spanish } from '@orama/stemmers/spanish';
import { stemmer as swedish } from '@orama/stemmers/swedish';
import { stemmer as tamil } from '@orama/stemmers/tamil';
import { stemmer as turkish } from '@orama/stemmers/turkish';
import { stemmer as ukrainian } from '@orama/stemmers/ukrainian';
import { stopwords as arabicStop } from '@orama/stopwords/arabic';
import { stopwords as armenianStop } from '@orama/stopwords/armenian';
import { stopwords as bulgarianStop } from '@orama/stopwords/bulgarian';
import { stopwords as danishStop } from '@orama/stopwords/danish';
import { stopwords as dutchStop } from '@orama/stopwords/dutch';
import { stopwords as finnishStop } from '@orama/stopwords/finnish';
import { stopwords as frenchStop } from '@orama/stopwords/french';
import { stopwords as germanStop } from '@orama/stopwords/german';
import { stopwords as greekStop } from '@orama/stopwords/greek';
import { stopwords as hungarianStop } from '@orama/stopwords/hungarian';
import { stopwords as indonesianStop } from '@orama/stopwords/indonesian';
import { stopwords as irishStop } from '@orama/stopwords/irish';
import { stopwords as italianStop } from '@orama/stopwords/italian';
import { stopwords as japaneseStop } from '@orama/stopwords/japanese';
import { stopwords as lithuanianStop } from '@orama/stopwords/lithuanian';
import { stopwords as mandarinStop } from '@orama/stopwords/mandarin';
import { stopwords as nepaliStop } from '@orama/stopwords/nepali';
import { stopwords as norwegianStop } from '@orama/stopwords/norwegian';
import { stopwords as portugueseStop } from '@orama/stopwords/portuguese';
import { stopwords as romanianStop } from '@orama/stopwords/romanian';
import { stopwords as russianStop } from '@orama/stopwords/russian';
import { stopwords as serbianStop } from '@orama/stopwords/serbian';
import { stopwords as slovenianStop } from '@orama/stopwords/slovenian';
import { stopwords as spanishStop } from '@orama/stopwords/spanish';
import { stopwords as swedishStop } from '@orama/stopwords/swedish';
import { stopwords as tamilStop } from '@orama/stopwords/tamil';
import { stopwords as turkishStop } from '@orama/stopwords/turkish';
import { stopwords as ukrainianStop } from '@orama/stopwords/ukrainian';
import { normalizeTerm } from './normalizeTerm.ts';
import { STOP_WORDS } from './stopWords.ts';

export interface Language {
  /** BCP 47 (`fr`, `pt`, `zh`). */
  code: string;
  /** Snowball's stemmer for a lower-case word (accents as written), when the language has one. */
  stem?: (word: string) => string;
  /** Its common words, normalised (normalizeTerm). */
  stopWords: ReadonlySet<string>;
}

/**
 * Elided articles and pronouns of French and Italian (`l'`, `d'`, `qu'`, `dell'`): the tokenizer
 * cuts at the apostrophe, and what is left before it is a common word of the language.
 */
const ELISIONS: Record<string, string[]> = {
  fr: ['l', 'd', 'j', 'm', 'n', 's', 't', 'c', 'qu', 'jusqu', 'lorsqu', 'puisqu', 'quoiqu', 'presqu'],
  it: ['l', 'd', 'c', 'm', 's', 't', 'v', 'n', 'un', 'dell', 'dall', 'nell', 'sull', 'all', 'coll', 'quell', 'quest', 'senz', 'tutt'],
};

function table(code: string, stopWords: readonly string[], stem?: (word: string) => string): Language {
  return { code, stem, stopWords: new Set([...stopWords, ...(ELISIONS[code] ?? [])].map(normalizeTerm)) };
}

export const LANGUAGES: readonly Language[] = [
  { code: 'en', stem: english, stopWords: STOP_WORDS },
  table('fr', frenchStop, french),
  table('de', germanStop, german),
  table('es', spanishStop, spanish),
  table('it', italianStop, italian),
  table('pt', portugueseStop, portuguese),
  table('nl', dutchStop, dutch),
  table('ru', russianStop, russian),
  table('uk', ukrainianStop, ukrainian),
  table('bg', bulgarianStop, bulgarian),
  table('sr', serbianStop, serbian),
  table('ro', romanianStop, romanian),
  table('hu', hungarianStop, hungarian),
  table('fi', finnishStop, finnish),
  table('sv', swedishStop, swedish),
  table('da', danishStop, danish),
  table('no', norwegianStop, norwegian),
  table('tr', turkishStop, turkish),
  table('el', greekStop, greek),
  table('ar', arabicStop, arabic),
  table('id', indonesianStop, indonesian),
  table('lt', lithuanianStop, lithuanian),
  table('ga', irishStop, irish),
  table('hy', armenianStop, armenian),
  table('ta', tamilStop, tamil),
  table('ne', nepaliStop, nepali),
  table('sl', slovenianStop),
  table('ja', japaneseStop),
  table('zh', mandarinStop),
  ...['pl', 'cs', 'sk', 'hr', 'ca', 'et', 'lv', 'eu', 'gl', 'vi', 'ko', 'th', 'he', 'fa', 'hi'].map((code) => table(code, [])),
];

/** A language by its code (`fr`; `pt-BR` and `FR` are read as `pt` and `fr`), or undefined. */
export function findLanguage(code: string): Language | undefined {
  const base = code.trim().toLowerCase().split(/[-_]/)[0];
  return LANGUAGES.find((language) => language.code === base || (base === 'nb' && language.code === 'no'));
}
