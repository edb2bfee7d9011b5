/**
 * A deterministic, believable blog corpus for the demo, the end-to-end tests and the bench.
 * Every word is our own: titles are built from templates × subjects, bodies from sentence
 * templates per topic and subject. Same `(count, seed)` → the same posts, byte for byte. As on a
 * real blog, no two posts share a title (past the number of templates × subjects, a title gets
 * "(part 2)", "(part 3)"…), a post's tags are those of its subject and its second category says
 * what kind of post it is (a guide, a review…), so the posts related to one are about the same.
 *
 * Shape (v2 schema of docs/http-api.md): numeric ids 1..count, `url` `/posts/<id>/<slug>`, `image`
 * `/demo-assets/img/<n>.svg` with n in 1..IMAGE_COUNT for most posts (absent for about one in
 * eight), dates spread over ten years (2016-01-01 … 2025-12-31, UTC), 3 tags, 1-2 categories,
 * 1-2 authors (spelled `authors`, as in the sample indexing body).
 */
import type { Document } from 'trove-search-client';
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

/** One thing posts are written about, with the tags that say so. */
interface Subject {
  /** As it reads inside a title or a sentence (`{s}`, capitalised for `{S}`). */
  name: string;
  /** Every post about it has these tags, the most telling first (2-4). */
  tags: string[];
  /** Sentences only a post about it can say, dealt with the topic's. */
  sentences?: string[];
}

/** A title template, and the second category a post with that title belongs to (a guide, a review…). */
type TitleTemplate = string | [template: string, category: string];

interface Topic {
  category: string;
  titles: TitleTemplate[];
  subjects: Subject[];
  sentences: string[];
}

/** Sentences for anything made from dough. */
const DOUGH = ['I let the dough rest for {n} hours, which turned out to matter more than the flour I used.'];

/**
 * `{s}` = subject, `{t}` = another subject of the same topic, `{n}` = a small number. A topic's
 * sentences fit every one of its subjects; the tags of different topics never overlap, so
 * related posts (which weigh shared tags most) stay on the post's subject.
 */
const TOPICS: Topic[] = [
  {
    category: 'Programming',
    titles: [
      ['Ten things I learned shipping {s}', 'Tips & Tricks'],
      'How I finally got {s} right',
      'Rewriting {s} from scratch',
      'Debugging {s} at two in the morning',
      ['Escaping <script> tags & other traps in {s}', 'Guides'],
      ['Testing {s} without mocks', 'Guides'],
      'What nobody tells you about building {s}',
      ['A year of maintaining {s}', 'Notes'],
      ['The mistakes I made with {s}', 'Tips & Tricks'],
      ['Is writing {s} worth the effort?', 'Reviews'],
      'Profiling {s}',
      ['Five small lessons from {s}', 'Tips & Tricks'],
    ],
    subjects: [
      {
        name: 'a Rust CLI',
        tags: ['Rust', 'Command Line', 'Developer Tools'],
        sentences: ['The borrow checker complained loudly until I stopped sharing state between the worker threads.'],
      },
      { name: 'a Go microservice', tags: ['Go', 'Microservices', 'Backend'] },
      { name: 'a TypeScript monorepo', tags: ['TypeScript', 'Monorepos', 'Developer Tools'] },
      { name: 'a Python data pipeline', tags: ['Python', 'Data Engineering', 'Databases'] },
      { name: 'an Elixir chat server', tags: ['Elixir', 'Backend', 'Concurrency'] },
      { name: 'a Kotlin Android app', tags: ['Kotlin', 'Android', 'Mobile Apps'] },
      { name: 'a tiny Lisp interpreter', tags: ['Lisp', 'Interpreters', 'Language Design'] },
      { name: 'a WebAssembly plugin', tags: ['WebAssembly', 'Plugins', 'Performance'] },
      { name: 'a C++ game engine', tags: ['C++', 'Game Development', 'Performance'] },
      { name: 'a Haskell parser', tags: ['Haskell', 'Parsers', 'Language Design'] },
      { name: 'a static site generator', tags: ['Static Sites', 'Open Source', 'Developer Tools'] },
      { name: 'a Postgres migration tool', tags: ['Postgres', 'Databases', 'Developer Tools'] },
      { name: 'a Zig allocator', tags: ['Zig', 'Memory', 'Performance'] },
      { name: 'a Swift menu bar app', tags: ['Swift', 'macOS', 'Desktop Apps'] },
      { name: 'a C# desktop tool', tags: ['C#', 'Windows', 'Desktop Apps'] },
    ],
    sentences: [
      'The first version of {s} took a weekend; the second took three months, mostly spent deleting code.',
      'I kept a log of every bug I hit while building {s}, and most of them were off-by-one errors in disguise.',
      'Profiling showed that {n} percent of the time went into string allocation, which surprised nobody but me.',
      'Error messages are a user interface, so I rewrote every one of them to name the file and the line.',
      'Compared with {t}, the build was faster but the dependency tree was twice as deep.',
      'Property-based tests found a crash in the date parser that no hand-written example had covered.',
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
      ['What to pack for {s}', 'Guides'],
      'Getting lost in {s}',
      ['{S} without a car', 'Guides'],
      'Rain, trains and {s}',
      'By night train to {s}',
      ['{S} on a tight budget', 'Guides'],
      ['What nobody tells you about {s}', 'Tips & Tricks'],
      'Why I keep coming back to {s}',
      ['{S}, revisited', 'Notes'],
      '{S} in winter',
    ],
    subjects: [
      { name: 'Lisbon', tags: ['Europe', 'Portugal', 'City Breaks'] },
      { name: 'the Faroe Islands', tags: ['Europe', 'Islands', 'Hiking'] },
      { name: 'Hokkaido', tags: ['Asia', 'Japan', 'Snow'] },
      { name: 'the Atacama desert', tags: ['South America', 'Chile', 'Deserts'] },
      { name: 'Vienna', tags: ['Europe', 'Austria', 'City Breaks'] },
      { name: 'the Scottish Highlands', tags: ['Europe', 'Scotland', 'Hiking'] },
      { name: 'Oaxaca', tags: ['North America', 'Mexico', 'Food Markets'] },
      { name: 'the Baltic coast', tags: ['Europe', 'Cycling', 'Coasts'] },
      { name: 'Tbilisi', tags: ['Asia', 'Georgia', 'City Breaks'] },
      { name: 'the Dolomites', tags: ['Europe', 'Italy', 'Hiking'] },
      { name: 'the Kerala backwaters', tags: ['Asia', 'India', 'Boats'] },
      { name: 'Patagonia', tags: ['South America', 'Argentina', 'Hiking'] },
      { name: 'Istanbul', tags: ['Europe', 'Turkey', 'Food Markets'] },
      { name: 'the Norwegian fjords', tags: ['Europe', 'Norway', 'Boats'] },
      { name: 'Marrakech', tags: ['Africa', 'Morocco', 'Food Markets'] },
    ],
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
      ["A beginner's guide to {s}", 'Guides'],
      'Ten attempts at {s}',
      ['{S} for a crowd', 'Guides'],
      ['The science behind {s}', 'Guides'],
      'Weekend project: {s}',
      ['What nobody tells you about {s}', 'Tips & Tricks'],
      ['The mistakes I made with {s}', 'Tips & Tricks'],
      ['{S}, revisited', 'Notes'],
      ['{S} on a tight budget', 'Guides'],
      'Why I keep coming back to {s}',
      ['Is {s} worth the effort?', 'Reviews'],
    ],
    subjects: [
      { name: 'sourdough bread', tags: ['Bread', 'Baking', 'Fermentation'], sentences: DOUGH },
      { name: 'a weeknight ramen', tags: ['Japanese Food', 'Noodles', 'Quick Meals'] },
      { name: 'fermented hot sauce', tags: ['Fermentation', 'Hot Sauce', 'Preserving'] },
      { name: 'a lemon tart', tags: ['Desserts', 'Baking', 'Citrus'] },
      { name: 'slow-roasted tomatoes', tags: ['Vegetarian', 'Preserving', 'Seasonal'] },
      { name: 'homemade pasta', tags: ['Pasta', 'Italian Food', 'Vegetarian'], sentences: DOUGH },
      { name: 'a cast-iron pizza', tags: ['Pizza', 'Italian Food', 'Cast Iron'], sentences: DOUGH },
      { name: 'miso-glazed aubergine', tags: ['Japanese Food', 'Vegetarian', 'Quick Meals'] },
      { name: 'a one-pot dal', tags: ['Indian Food', 'Vegetarian', 'One Pot'] },
      { name: 'cardamom buns', tags: ['Baking', 'Spices', 'Scandinavian Food'], sentences: DOUGH },
      { name: 'kimchi from scratch', tags: ['Korean Food', 'Fermentation', 'Preserving'] },
      { name: 'a Sunday roast', tags: ['British Food', 'Roasts', 'Meal Prep'] },
      { name: 'smoked paprika chickpeas', tags: ['Spices', 'One Pot', 'Quick Meals'] },
      { name: 'a rhubarb crumble', tags: ['Desserts', 'British Food', 'Seasonal'] },
      { name: 'fresh tortillas', tags: ['Mexican Food', 'Bread', 'Quick Meals'], sentences: DOUGH },
    ],
    sentences: [
      'The first batch of {s} went straight into the compost, and the second was only slightly better.',
      'Weighing ingredients instead of using cups made the results repeatable for the first time.',
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
      ["A beginner's guide to {s}", 'Guides'],
      ['Ten things I learned from {s}', 'Tips & Tricks'],
      ['Getting started with {s}', 'Guides'],
      ['{S}: what the manuals leave out', 'Tips & Tricks'],
      ['What nobody tells you about {s}', 'Tips & Tricks'],
      ['The mistakes I made with {s}', 'Tips & Tricks'],
      ['{S}, revisited', 'Notes'],
      ['{S} on a tight budget', 'Guides'],
      ['A year with {s}', 'Notes'],
      'Why I keep coming back to {s}',
      ['Is {s} worth the effort?', 'Reviews'],
      'Slow progress with {s}',
    ],
    subjects: [
      { name: 'a 35mm prime lens', tags: ['Lenses', 'Camera Gear', 'Street'] },
      { name: 'street photography', tags: ['Street', 'People', 'Candid'] },
      { name: 'film photography', tags: ['Film', 'Analogue', 'Darkroom'] },
      {
        name: 'night skies',
        tags: ['Astrophotography', 'Night', 'Long Exposure'],
        sentences: ['A clear night, far from the street lights, showed more stars than I had seen since I was a child.'],
      },
      { name: 'a secondhand rangefinder', tags: ['Film', 'Camera Gear', 'Rangefinders'] },
      { name: 'black and white landscapes', tags: ['Landscape', 'Black and White', 'Editing'] },
      { name: 'bird photography', tags: ['Birds', 'Nature', 'Telephoto Lenses'] },
      { name: 'a phone camera', tags: ['Phones', 'Camera Gear', 'Editing'] },
      { name: 'long exposures by the sea', tags: ['Long Exposure', 'Seascapes', 'Landscape'] },
      { name: 'photographing food', tags: ['Food', 'Light', 'Still Life'] },
      { name: 'urban architecture', tags: ['Architecture', 'Street', 'Composition'] },
      { name: 'a darkroom at home', tags: ['Darkroom', 'Film', 'Printing'] },
      { name: 'macro shots of insects', tags: ['Macro', 'Nature', 'Insects'] },
      { name: 'golden hour portraits', tags: ['Portraits', 'Light', 'People'] },
      { name: 'a photo walk in the rain', tags: ['Street', 'Weather', 'Composition'] },
    ],
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
      'The best frame of the trip came an hour after dark, on the last night, with the camera balanced on a wall.',
    ],
  },
  {
    category: 'Gardening',
    titles: [
      ['Getting started with {s}', 'Guides'],
      ['A season of {s}', 'Notes'],
      ['Ten things I learned from {s}', 'Tips & Tricks'],
      ['{S} in a small space', 'Guides'],
      ["A beginner's guide to {s}", 'Guides'],
      ['What went wrong with {s}', 'Notes'],
      ['What nobody tells you about {s}', 'Tips & Tricks'],
      ['The mistakes I made with {s}', 'Tips & Tricks'],
      ['{S}, revisited', 'Notes'],
      ['{S} on a tight budget', 'Guides'],
      'Slow progress with {s}',
      'Why I keep coming back to {s}',
    ],
    subjects: [
      { name: 'raised vegetable beds', tags: ['Vegetables', 'Raised Beds', 'Soil'] },
      { name: 'a balcony herb garden', tags: ['Herbs', 'Small Spaces', 'Containers'] },
      { name: 'heirloom tomatoes', tags: ['Vegetables', 'Heirloom Varieties', 'Seeds'] },
      { name: 'a wildflower meadow', tags: ['Flowers', 'Wildlife', 'Meadows'] },
      { name: 'composting', tags: ['Composting', 'Soil', 'Organic'] },
      { name: 'growing garlic', tags: ['Vegetables', 'Garlic', 'Allotment'] },
      { name: 'a small orchard', tags: ['Fruit Trees', 'Pruning', 'Orchards'] },
      { name: 'container potatoes', tags: ['Vegetables', 'Containers', 'Small Spaces'] },
      { name: 'saving seeds', tags: ['Seeds', 'Heirloom Varieties', 'Organic'] },
      { name: 'a pond for wildlife', tags: ['Wildlife', 'Ponds', 'Water'] },
      { name: 'winter salad leaves', tags: ['Vegetables', 'Salad', 'Winter Growing'] },
      { name: 'pruning roses', tags: ['Flowers', 'Pruning', 'Roses'] },
      { name: 'a no-dig allotment', tags: ['Allotment', 'No-Dig', 'Soil'] },
      { name: 'growing chillies indoors', tags: ['Chillies', 'Indoor Growing', 'Containers'] },
      { name: 'a pollinator hedge', tags: ['Wildlife', 'Hedges', 'Pollinators'] },
    ],
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

const START = Date.UTC(2016, 0, 1);
const END = Date.UTC(2025, 11, 31, 23, 59, 59);

function templateOf(title: TitleTemplate): [template: string, category: string | undefined] {
  return typeof title === 'string' ? [title, undefined] : title;
}

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
  const titles = new Set<string>();
  for (let id = 1; id <= count; id++) {
    const topic = pick(TOPICS);
    const subject = pick(topic.subjects);
    let other = pick(topic.subjects);
    if (other === subject) other = topic.subjects[(topic.subjects.indexOf(subject) + 1) % topic.subjects.length]!;
    const fill = (template: string) =>
      template
        .replace('{S}', capitalise(subject.name))
        .replace('{s}', subject.name)
        .replace('{t}', other.name)
        .replace('{n}', String(2 + Math.floor(rnd() * 40)));
    // A title no other post has: the first free one of the topic's templates from a random start,
    // else (more posts than titles) the next free "part" of one.
    const first = Math.floor(rnd() * topic.titles.length);
    let [template, kind] = templateOf(topic.titles[first]!);
    let title = fill(template);
    for (let i = 1; titles.has(title) && i < topic.titles.length; i++) {
      [template, kind] = templateOf(topic.titles[(first + i) % topic.titles.length]!);
      title = fill(template);
    }
    if (titles.has(title)) {
      [template, kind] = templateOf(topic.titles[first]!);
      const base = fill(template);
      for (let part = 2; titles.has(title); part++) title = `${base} (part ${part})`;
    }
    titles.add(title);
    // Deal the topic's and the subject's sentences out without repeats: 3-4 paragraphs of 2-3 sentences.
    const deck = [...topic.sentences, ...(subject.sentences ?? [])];
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
    const tags = [...subject.tags];
    const category = kind ? [topic.category, kind] : [topic.category];
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
