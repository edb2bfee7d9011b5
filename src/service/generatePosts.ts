/**
 * A deterministic, believable blog corpus for the demo, the end-to-end tests and the bench.
 * Every word is our own: titles are built from templates × subjects, bodies from sentence
 * templates per topic. Same `(count, seed)` → the same posts, byte for byte.
 *
 * Shape (v2 schema of API.md): numeric ids 1..count, `url` `/posts/<id>/<slug>`, `image`
 * `/demo-assets/img/<n>.svg` with n in 1..IMAGE_COUNT for most posts (absent for about one in
 * eight), dates spread over ten years (2016-01-01 … 2025-12-31, UTC), 2-4 tags, 1-2 categories,
 * 1-2 authors (spelled `authors`, as in the sample indexing body).
 */
import type { Document } from '../../src/api/types.ts';
import { slugify } from './slugify.ts';
import { seededRandom } from './seededRandom.ts';

/** Images are `/demo-assets/img/1.svg` … `/demo-assets/img/<IMAGE_COUNT>.svg`. */
export const IMAGE_COUNT = 24;

export const AUTHORS = [
  'Mara Lindqvist',
  'Tomasz Okafor',
  'Priya Raman',
  'Jonah Whitfield',
  'Ines Carvalho',
  'Kenji Albrecht',
  'Lucía Ferreyra',
  'Oskar Mbeki',
] as const;

interface Topic {
  category: string;
  titles: string[];
  subjects: string[];
  tags: string[];
  sentences: string[];
}

/** `{s}` = subject, `{t}` = another subject of the same topic, `{n}` = a small number. */
const TOPICS: Topic[] = [
  {
    category: 'Programming',
    titles: [
      'Ten things I learned shipping {s}',
      'How I finally got {s} right',
      'Rewriting {s} from scratch',
      'Debugging {s} at two in the morning',
      'Escaping <script> tags & other traps in {s}',
      'Testing {s} without mocks',
    ],
    subjects: [
      'a Rust CLI',
      'a Go microservice',
      'a TypeScript monorepo',
      'a Python data pipeline',
      'an Elixir chat server',
      'a Kotlin Android app',
      'a tiny Lisp interpreter',
      'a WebAssembly plugin',
      'a C++ game engine',
      'a Haskell parser',
      'a static site generator',
      'a Postgres migration tool',
      'a Zig allocator',
      'a Swift menu bar app',
      'a C# desktop tool',
    ],
    tags: [
      'Rust',
      'Go',
      'TypeScript',
      'Python',
      'Elixir',
      'Kotlin',
      'WebAssembly',
      'C++',
      'C#',
      'Haskell',
      'Testing',
      'Performance',
      'Open Source',
      'Databases',
      'Tooling',
    ],
    sentences: [
      'The first version of {s} took a weekend; the second took three months, mostly spent deleting code.',
      'I kept a log of every bug I hit while building {s}, and most of them were off-by-one errors in disguise.',
      'Profiling showed that {n} percent of the time went into string allocation, which surprised nobody but me.',
      'Error messages are a user interface, so I rewrote every one of them to name the file and the line.',
      'Compared with {t}, the build was faster but the dependency tree was twice as deep.',
      'Property-based tests found a crash in the date parser that no hand-written example had covered.',
      'The borrow checker complained loudly until I stopped sharing state between the worker threads.',
      'Caching the parsed configuration cut the cold start from two seconds to a few hundred milliseconds.',
      'I wrote the README before the code, which forced me to decide what the tool was actually for.',
      'Escaping user input in templates is boring right up to the day a title contains a script tag.',
      'Continuous integration runs on every push, and the slowest job is still the one that installs things.',
      'A small benchmark, run on the same machine each time, kept me honest about every optimisation.',
    ],
  },
  {
    category: 'Travel',
    titles: [
      'Ten days in {s}',
      'A slow week in {s}',
      'What to pack for {s}',
      'Getting lost in {s}',
      '{S} without a car',
      'Rain, trains and {s}',
    ],
    subjects: [
      'Lisbon',
      'the Faroe Islands',
      'Hokkaido in winter',
      'the Atacama desert',
      'a night train to Vienna',
      'the Scottish Highlands',
      'Oaxaca',
      'the Baltic coast by bike',
      'Tbilisi',
      'the Dolomites',
      'Kerala backwaters',
      'Patagonia on a budget',
      'Istanbul',
      'the Norwegian fjords',
      'Marrakech',
    ],
    tags: ['Europe', 'Asia', 'South America', 'Hiking', 'Trains', 'Budget Travel', 'Solo Travel', 'Food Markets', 'Islands', 'Road Trips'],
    sentences: [
      'We arrived in {s} late in the evening, with the wrong adapter and no idea where the bakery was.',
      'The guidebook promised a quiet village; we found a festival, {n} brass bands and nowhere to sleep.',
      'Public transport was slower than driving but far kinder to the nerves, and the views were better.',
      'Compared with {t}, the prices were lower and the weather changed its mind every twenty minutes.',
      'I packed too many shoes and too few warm layers, a mistake I seem to repeat on every trip.',
      'The best meal of the week came from a stall with no sign, run by a woman who refused to be hurried.',
      'A local walking group let us tag along on a ridge route that no map we owned had marked.',
      'Booking the return train early saved more money than every other trick in this post combined.',
      'Mornings were for long walks, afternoons for naps, and evenings for arguing about the next day.',
      'If you go in the shoulder season you will share the trails with sheep rather than tour buses.',
      'The ferry was cancelled twice, which turned a day trip into a very pleasant accidental holiday.',
      'I kept a notebook of every wrong turn; it is now the most useful page in my travel journal.',
    ],
  },
  {
    category: 'Cooking',
    titles: [
      'How I finally got {s} right',
      "A beginner's guide to {s}",
      'Ten attempts at {s}',
      '{S} for a crowd',
      'The science behind {s}',
      'Weekend project: {s}',
    ],
    subjects: [
      'sourdough bread',
      'a weeknight ramen',
      'fermented hot sauce',
      'a lemon tart',
      'slow-roasted tomatoes',
      'homemade pasta',
      'a cast-iron pizza',
      'miso-glazed aubergine',
      'a one-pot dal',
      'cardamom buns',
      'kimchi from scratch',
      'a Sunday roast',
      'smoked paprika chickpeas',
      'a rhubarb crumble',
      'fresh tortillas',
    ],
    tags: ['Baking', 'Vegetarian', 'Fermentation', 'Quick Meals', 'Desserts', 'Bread', 'Spices', 'Meal Prep', 'Cast Iron', 'Seasonal'],
    sentences: [
      'The first batch of {s} went straight into the compost, and the second was only slightly better.',
      'Weighing ingredients instead of using cups made the results repeatable for the first time.',
      'I let the dough rest for {n} hours, which turned out to matter more than the flour I used.',
      'Compared with {t}, this needs less attention but far more patience with the oven.',
      'A pinch of salt at the end lifts the whole dish; a pinch at the start disappears entirely.',
      'My neighbours have become reluctant testers, and their honest notes improved the recipe a lot.',
      'Toasting the spices in a dry pan first gives the kitchen a smell worth getting up early for.',
      'Leftovers keep for three days in the fridge and taste better on the second one.',
      'A cheap oven thermometer revealed that my oven runs twenty degrees cooler than it claims.',
      'The recipe scales down well, so it is worth trying on a small batch before feeding a crowd.',
      'Sharp knives and a clean board did more for my prep speed than any gadget I have bought.',
      'If the sauce splits, a spoonful of cold water and some brisk whisking usually rescues it.',
    ],
  },
  {
    category: 'Photography',
    titles: [
      "A beginner's guide to {s}",
      'Ten things I learned from {s}',
      'Getting started with {s}',
      'A month of {s}',
      '{S}: what the manuals leave out',
      'Learning to see with {s}',
    ],
    subjects: [
      'a 35mm prime lens',
      'street portraits',
      'film photography',
      'night skies',
      'a secondhand rangefinder',
      'black and white landscapes',
      'bird photography',
      'a phone camera',
      'long exposures by the sea',
      'photographing food',
      'urban architecture',
      'a darkroom at home',
      'macro shots of insects',
      'golden hour portraits',
      'a photo walk in the rain',
    ],
    tags: ['Film', 'Lenses', 'Editing', 'Landscape', 'Portraits', 'Street', 'Astrophotography', 'Gear', 'Composition', 'Light'],
    sentences: [
      'I spent a month with only {s}, and it changed how I look at every scene before I raise the camera.',
      'Most of my keepers came from the last {n} minutes of light, when everyone else had gone home.',
      'Editing less and shooting more was the single best change I made this year.',
      'Compared with {t}, this forced me to move my feet instead of turning the zoom ring.',
      'A cheap tripod that you carry beats an expensive one that stays in the cupboard.',
      'I print one photo a week now, and holding them makes it obvious which ones are actually good.',
      'Asking strangers for a portrait is terrifying the first time and oddly rewarding every time after.',
      'The histogram tells the truth even when the screen on the back of the camera flatters you.',
      'Rain makes reflections, reflections make pictures, and a plastic bag keeps the camera dry enough.',
      'Shooting the same street corner every day for a week taught me more than a year of travel photos.',
      'I stopped chasing sharpness and started chasing moments, and my hit rate went up.',
      'Backing up to two drives and one remote copy has already saved a whole summer of work.',
    ],
  },
  {
    category: 'Gardening',
    titles: [
      'Getting started with {s}',
      'A season of {s}',
      'Ten things I learned from {s}',
      '{S} in a small space',
      "A beginner's guide to {s}",
      'What went wrong with {s}',
    ],
    subjects: [
      'raised vegetable beds',
      'a balcony herb garden',
      'heirloom tomatoes',
      'a wildflower meadow',
      'composting',
      'growing garlic',
      'a small orchard',
      'container potatoes',
      'saving seeds',
      'a pond for wildlife',
      'winter salad leaves',
      'pruning roses',
      'a no-dig allotment',
      'growing chillies indoors',
      'a pollinator hedge',
    ],
    tags: ['Vegetables', 'Herbs', 'Composting', 'Wildlife', 'Seeds', 'Fruit Trees', 'Organic', 'Small Spaces', 'Allotment', 'Flowers'],
    sentences: [
      'Our first season of {s} produced more slugs than vegetables, but the second one was generous.',
      'I sowed {n} seeds too many and ended up giving seedlings to everyone on the street.',
      'Mulching in autumn saved hours of weeding in spring and kept the soil soft.',
      'Compared with {t}, this takes less water but far more attention in a dry July.',
      'A notebook of sowing dates is the most useful tool in the shed, ahead of the good spade.',
      'The bees found the flowers within a day, which felt like a small and entirely undeserved reward.',
      'Watering in the early morning means less evaporation and fewer arguments with the snails.',
      'Planting in blocks instead of rows made the beds easier to reach and harder for weeds to invade.',
      'Every failure taught me something about the soil, mostly that it was wetter than I thought.',
      'Frost came a fortnight early, so now I keep an old curtain by the door for emergencies.',
      'Letting a corner go wild brought in hedgehogs, frogs and a surprising number of beetles.',
      'Sharing the harvest with neighbours turned a hobby into the reason people stop to chat.',
    ],
  },
];

/** Second categories, shared across topics. One contains an ampersand on purpose (escaping). */
const EXTRA_CATEGORIES = ['Guides', 'Notes', 'Tips & Tricks', 'Reviews', 'News'];

/** Titles that fit every topic; each topic adds its own. */
const TITLE_TEMPLATES = [
  'What nobody tells you about {s}',
  'A year with {s}',
  '{S}: notes from the first month',
  'Why I keep coming back to {s}',
  'The mistakes I made with {s}',
  '{S}, revisited',
  'Five small lessons from {s}',
  '{S} on a tight budget',
  'Slow progress with {s}',
  'Is {s} worth the effort?',
  '{S} versus {t}: an honest comparison',
];

const START = Date.UTC(2016, 0, 1);
const END = Date.UTC(2025, 11, 31, 23, 59, 59);

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * Generates `count` posts (default 600) deterministically from `seed` (default 1).
 * The result is a fresh array each call; callers may mutate it. Images are
 * `<imageBase><n>.svg`: `trove serve --seed` passes its own absolute `…/_trove/img/`.
 */
export function generatePosts(count = 600, seed = 1, imageBase = '/demo-assets/img/'): Document[] {
  const rnd = seededRandom(seed * 2654435761);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
  const pickSome = <T>(list: readonly T[], min: number, max: number): T[] => {
    const n = min + Math.floor(rnd() * (max - min + 1));
    const chosen = new Set<T>();
    while (chosen.size < Math.min(n, list.length)) chosen.add(pick(list));
    return [...chosen];
  };
  const posts: Document[] = [];
  for (let id = 1; id <= count; id++) {
    const topic = pick(TOPICS);
    const subject = pick(topic.subjects);
    let other = pick(topic.subjects);
    if (other === subject) other = topic.subjects[(topic.subjects.indexOf(subject) + 1) % topic.subjects.length]!;
    const fill = (template: string) =>
      template
        .replace('{S}', capitalise(subject))
        .replace('{s}', subject)
        .replace('{t}', other)
        .replace('{n}', String(2 + Math.floor(rnd() * 40)));
    const title = fill(rnd() < 0.5 ? pick(topic.titles) : pick(TITLE_TEMPLATES));
    // Deal the topic's sentences out without repeats: 3-4 paragraphs of 2-3 sentences.
    const deck = [...topic.sentences];
    for (let i = deck.length - 1; i > 0; i--) {
      const j = Math.floor(rnd() * (i + 1));
      [deck[i], deck[j]] = [deck[j]!, deck[i]!];
    }
    const paragraphs: string[] = [];
    const paragraphCount = 3 + Math.floor(rnd() * 2);
    for (let p = 0; p < paragraphCount; p++) {
      paragraphs.push(
        deck
          .splice(0, 2 + Math.floor(rnd() * 2))
          .map(fill)
          .join(' '),
      );
    }
    const tags = pickSome(topic.tags, 2, 4);
    const category = rnd() < 0.55 ? [topic.category, pick(EXTRA_CATEGORIES)] : [topic.category];
    const authors = pickSome(AUTHORS, 1, rnd() < 0.8 ? 1 : 2);
    const date = new Date(START + Math.floor(rnd() * (END - START)));
    date.setUTCMilliseconds(0);
    const doc: Document = {
      id,
      title,
      content: paragraphs.join('\n\n'),
      url: `/posts/${id}/${slugify(title)}`,
      tags,
      category,
      authors,
      date: date.toISOString(),
    };
    if (rnd() >= 0.125) doc.image = `${imageBase}${1 + Math.floor(rnd() * IMAGE_COUNT)}.svg`;
    posts.push(doc);
  }
  return posts;
}
