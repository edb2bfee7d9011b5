import { describe, expect, it } from 'vitest';
import { detectLanguage } from '../../src/service/engine/detectLanguage.ts';
import { INDEX_FORMAT } from '../../src/service/engine/IndexFile.ts';
import { LANGUAGES } from '../../src/service/engine/languages.ts';
import { MiniSearchEngine } from '../../src/service/engine/MiniSearchEngine.ts';
import { validateDocuments } from '../../src/service/endpoints/validateDocuments.ts';

const FRENCH = [
  {
    id: 'f1',
    title: 'Copier des fichiers',
    content: "La commande copie les fichiers d'un répertoire vers un autre, dans l'ordre où ils sont donnés.",
  },
  {
    id: 'f2',
    title: 'Les chevaux du village',
    content: "Les chevaux mangeaient de l'herbe dans le pré, et l'arbre du jardin leur donne de l'ombre l'été.",
  },
  {
    id: 'f3',
    title: 'Mesurer le temps',
    content: 'La commande mesure le temps que prend un programme et affiche le résultat quand il se termine.',
  },
  {
    id: 'f4',
    title: 'Trier des lignes',
    content: "Le programme trie les lignes d'un fichier texte et écrit le résultat sur la sortie standard.",
  },
];
const ENGLISH = [
  {
    id: 'e1',
    title: 'Closing the shop',
    content: 'The shop closed early on Sunday because the owners were travelling to the coast for the weekend.',
  },
  {
    id: 'e2',
    title: 'Copying files',
    content: 'The command copies files from one directory to another, in the order in which they are given.',
  },
  {
    id: 'e3',
    title: 'Measuring time',
    content: 'The command measures the time a program takes and prints the result when the program finishes.',
  },
  {
    id: 'e4',
    title: 'Sorting lines',
    content: 'The program sorts the lines of a text file and writes the result to the standard output stream.',
  },
];

async function engineWith(docs: object[], options: { language?: string } = {}) {
  const engine = new MiniSearchEngine(options);
  await engine.upsert(validateDocuments(docs, 'v2'));
  return engine;
}

/** The ids of the first 10 hits, in their order. */
async function ranked(engine: MiniSearchEngine, q: string) {
  return (await engine.search({ q, filters: [], skip: 0, limit: 10, facets: false, titleBoost: 2 })).hits.map((d) => d.id);
}

async function ids(engine: MiniSearchEngine, q: string) {
  return (await ranked(engine, q)).sort();
}

describe('The engine reads each post in its language', () => {
  it('detects a language from the text itself, and says nothing of a text too short or too mixed to tell', () => {
    const code = (title: string, content: string) => LANGUAGES[detectLanguage(title, content)]?.code;
    expect(code(FRENCH[0]!.title, FRENCH[0]!.content)).toBe('fr');
    expect(code(ENGLISH[0]!.title, ENGLISH[0]!.content)).toBe('en');
    expect(
      code('Dateien kopieren', 'Der Befehl kopiert die Dateien aus einem Verzeichnis in ein anderes, in der angegebenen Reihenfolge.'),
    ).toBe('de');
    expect(code('設定', '設定ファイルを読み込みます。プログラムは起動時に設定を読み、その後でオプションを適用します。')).toBe('ja');
    expect(detectLanguage('Chevaux', 'Mes chevaux.')).toBe(-1);
    // A text whose parts are in different languages says nothing: it is read in the collection's main language.
    const french = FRENCH.map((post) => post.content).join(' ');
    const english = ENGLISH.map((post) => post.content).join(' ');
    expect(code('Copier', `${french}${french}${french}`)).toBe('fr');
    expect(detectLanguage('Copier', `${french}${english}${french}`)).toBe(-1);
    const synopsis = 'SYNOPSIS tar [--create] [--file=ARCHIVE] [--verbose] [--gzip] [--exclude=PATTERN] [--directory=DIR] FILE... '.repeat(
      2,
    );
    expect(detectLanguage('tar', `${synopsis}${french}${french}`)).toBe(-1);
  });

  it('finds another form of a word in the post’s language: a plural, a conjugation', async () => {
    const french = await engineWith(FRENCH);
    expect(await ids(french, 'fichier')).toEqual(['f1', 'f4']);
    expect(await ids(french, 'cheval')).toEqual(['f2']);
    expect(await ids(french, 'manger')).toEqual(['f2']);
    const english = await engineWith(ENGLISH);
    expect(await ids(english, 'close')).toEqual(['e1']);
    expect(await ids(english, 'copy')).toEqual(['e2']);
  });

  it('reads a short post in the collection’s main language, and a forced language in every post', async () => {
    const short = { id: 's', title: 'Chevaux', content: 'Mes chevaux.' };
    expect(await ids(await engineWith([...FRENCH.slice(0, 1), short]), 'cheval')).toEqual(['s']);
    expect(await ids(await engineWith([...ENGLISH, short]), 'cheval')).toEqual([]);
    const english = {
      id: 'x',
      title: 'Horses',
      content: 'The chevaux of the village eat grass in the meadow all summer long, said the farmer.',
    };
    expect(await ids(await engineWith([english]), 'cheval')).toEqual([]);
    // In a French blog, the words a post in another language quotes are French forms too.
    expect(await ids(await engineWith([FRENCH[0]!, FRENCH[2]!, FRENCH[3]!, english]), 'cheval')).toEqual(['x']);
    expect(await ids(await engineWith([english], { language: 'fr' }), 'cheval')).toEqual(['x']);
    expect(() => new MiniSearchEngine({ language: 'klingon' })).toThrow(/Unknown language "klingon"/);
  });

  it('drops the elided article (l’, d’) and the language’s common words from the content', async () => {
    const french = await engineWith(FRENCH);
    expect(await ids(french, 'arbre')).toEqual(['f2']);
    expect(await ids(french, "l'arbre")).toEqual(['f2']);
    expect(await ids(french, 'l’herbe')).toEqual(['f2']);
    // "dans" is a common French word: left out of French content; an English post keeps it.
    expect(await ids(french, 'dans')).toEqual([]);
    const english = await engineWith([
      ...ENGLISH,
      {
        id: 'e5',
        title: 'A dance',
        content: 'They danced the dans of the old country at the village fair, late into the night and after.',
      },
    ]);
    expect(await ids(english, 'dans')).toEqual(['e5']);
  });

  it('puts a post that has the word as typed before one that has only another form of it, however often', async () => {
    const english = await engineWith([
      {
        id: 'a',
        title: 'Closing time',
        content: 'Closing the doors, closing the windows, closing everything at night before the closing bell rings out.',
      },
      {
        id: 'b',
        title: 'A walk',
        content: 'The gate was closed when we came back from the long walk along the river in the evening light.',
      },
    ]);
    expect(await ranked(english, 'closed')).toEqual(['b', 'a']);
  });

  it('counts a word’s forms in a post as its best one, not their sum', async () => {
    const english = await engineWith([
      { id: 'many', title: 'Hills', content: 'We walked to the hill, then went on walking past the old farm and the river.' },
      { id: 'one', title: 'Coast', content: 'A walk to the bay, then a walk back along the coast and the old stone pier.' },
    ]);
    expect(await ranked(english, 'walks')).toEqual(['one', 'many']);
  });

  it('finds a form its stemmer does not take back to the stem by the forms of a shorter one', async () => {
    // "copions" stems to "copion", which no post has; "copi" is the stem of "copie" and "copier".
    expect(await ids(await engineWith(FRENCH), 'copions')).toEqual(['f1']);
  });

  it('puts first the posts that have a phrase typed without spaces as it is typed', async () => {
    const japanese = await engineWith([
      {
        id: 'j1',
        title: '設定ファイル',
        content: 'プログラムは起動時に設定ファイルを読み込みます。ファイルがもしあるなら、その後でオプションを適用します。',
      },
      {
        id: 'j2',
        title: 'もしもの時',
        content: 'もし設定がなければ、ある値を使います。もし値がなら、ある時はもし、ある場合はなら。もし、ある、なら。',
      },
    ]);
    expect(await ranked(japanese, 'もしあるなら')).toEqual(['j1', 'j2']);
  });

  it('still matches what is typed: a prefix and a typo', async () => {
    const french = await engineWith(FRENCH);
    expect(await ids(french, 'fichi')).toEqual(['f1', 'f4']);
    expect(await ids(french, 'chavaux')).toEqual(['f2']);
    expect(await ids(french, 'répert')).toEqual(['f1']);
  });

  it('in a collection of both languages, finds each post in its own and relates a post to posts in its language', async () => {
    const both = await engineWith([...FRENCH, ...ENGLISH]);
    expect(await ids(both, 'cheval')).toEqual(['f2']);
    // Another form in the other language ("copie" for "copy") is only a near word, after the post in its own.
    expect((await ranked(both, 'copy'))[0]).toBe('e2');
    // A word is looked up under its stem in each language: the French posts first, their English echo after.
    const commande = await both.search({ q: 'commande', filters: [], skip: 0, limit: 10, facets: false, titleBoost: 2 });
    expect(
      commande.hits
        .slice(0, 2)
        .map((d) => d.id)
        .sort(),
    ).toEqual(['f1', 'f3']);
    for (const post of [...FRENCH, ...ENGLISH]) {
      const related = await both.related({ id: post.id, filters: [], skip: 0, limit: 10, facets: false, titleBoost: 2 });
      for (const hit of related.hits) expect(hit.id[0]).toBe(post.id[0]);
    }
  });

  it('keeps the analysis in its saved index, and builds anew from the documents an index saved before it', async () => {
    const docs = validateDocuments([...FRENCH, ...ENGLISH], 'v2');
    const built = new MiniSearchEngine();
    await built.upsert(docs);
    const index = await built.exportIndex();
    const restored = new MiniSearchEngine();
    expect(await restored.restore(docs, index)).toBe(0);
    expect(await ids(restored, 'fichier')).toEqual(['f1', 'f4']);
    expect(await ids(restored, 'close')).toEqual(['e1']);
    const old = index.slice();
    new DataView(old.buffer).setUint32(8, INDEX_FORMAT - 1, true);
    expect(await new MiniSearchEngine().restore(docs, old)).toBe(false);
  });
});
