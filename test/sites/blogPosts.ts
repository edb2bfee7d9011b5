/**
 * The posts of the test blogs: 120 posts over six years (2019–2024) on six real, distinct topics,
 * the same for every platform (test/sites/buildSite.ts writes them in each generator's format).
 * Deterministic: the same list on every machine and run. Every post has a word of its own (`ownWord`,
 * in its LAST paragraph, so a summaries-only feed does not carry it) to find it by, one post in five
 * has no tags at all, one in three an image.
 */

export interface BlogPost {
  /** 0-based, oldest first. */
  index: number;
  slug: string;
  title: string;
  /** ISO 8601, UTC, at 09:30. */
  date: string;
  /** The topic's key (`baking`, …): the post's real subject, to judge related posts by. */
  topic: string;
  /** One category: the topic's name ("Baking"). */
  category: string;
  /** 0 to 3 tags; empty for one post in five. */
  tags: string[];
  /** A site-relative image address (`/images/baking-3.jpg`) or none. */
  image?: string;
  /** A made-up word found in this post's last paragraph only. */
  ownWord: string;
  /** A one-sentence description. */
  description: string;
  /** Paragraphs of plain text (the last one holds `ownWord`); a heading before the third. */
  paragraphs: string[];
  heading: string;
}

export interface Topic {
  key: string;
  name: string;
  tags: string[];
  subjects: string[];
  titles: ((subject: string) => string)[];
  sentences: string[];
}

export const topics: Topic[] = [
  {
    key: 'baking',
    name: 'Baking',
    tags: ['sourdough', 'bread', 'flour', 'oven'],
    subjects: [
      'rye starter',
      'whole wheat loaf',
      'baguette scoring',
      'high hydration dough',
      'focaccia',
      'bagels',
      'brioche',
      'spelt bread',
      'dutch oven bake',
      'cold retard',
      'levain timing',
      'crumb structure',
      'seeded sourdough',
      'pizza dough',
      'cinnamon rolls',
      'ciabatta',
      'starter rescue',
      'banneton care',
      'steam in a home oven',
      'autolyse',
    ],
    titles: [(s) => `Notes on ${s}`, (s) => `What I learned baking ${s}`, (s) => `A weekend of ${s}`, (s) => `Getting ${s} right`],
    sentences: [
      'A sourdough starter is a culture of wild yeast and lactic acid bacteria kept alive with flour and water.',
      'Feeding the starter twice a day at room temperature keeps it lively and predictable.',
      'Bread flour with more protein builds a stronger gluten network than all-purpose flour.',
      'The dough rises best in a warm kitchen, around twenty-five degrees, during the bulk fermentation.',
      'Stretch and fold the dough every half hour instead of kneading it on the counter.',
      'Shaping the loaf tightly creates surface tension so the bread holds its form in the oven.',
      'Baking in a preheated dutch oven traps steam and gives the crust its blistered shine.',
      'An open crumb comes from high hydration, gentle handling and a fully fermented dough.',
      'Scoring the loaf with a razor blade lets the bread expand where you choose.',
      'Rye flour ferments faster than wheat and makes a sticky, dense dough.',
      'A long cold proof in the fridge deepens the sour flavour of the bread.',
      'Let the loaf cool for an hour before slicing, or the crumb turns gummy.',
    ],
  },
  {
    key: 'cycling',
    name: 'Cycling',
    tags: ['bicycle', 'maintenance', 'touring', 'gear'],
    subjects: [
      'chain wear',
      'tubeless tyres',
      'brake pads',
      'a rainy commute',
      'derailleur tuning',
      'wheel truing',
      'bikepacking bags',
      'saddle height',
      'winter riding',
      'disc brake bleeding',
      'a century ride',
      'gravel tyres',
      'headset bearings',
      'cable replacement',
      'a touring route',
      'bottom bracket noise',
      'pedal choice',
      'bike lights',
      'puncture repair',
      'cassette swap',
    ],
    titles: [(s) => `Bike notes: ${s}`, (s) => `Fixing ${s} at home`, (s) => `A cyclist's take on ${s}`, (s) => `Everything about ${s}`],
    sentences: [
      'A stretched bicycle chain wears the cassette and the chainrings, so measure it every thousand kilometres.',
      'Clean the drivetrain with a degreaser, then lubricate each link of the chain sparingly.',
      'Tubeless tyres seal small punctures with sealant and can run at lower pressure.',
      'Adjust the rear derailleur with the barrel adjuster a quarter turn at a time.',
      'Brake pads wear faster in the rain, when grit collects on the rims and rotors.',
      'A truing stand helps bring a wobbly wheel back into line by tightening spokes.',
      'For touring, carry a spare tube, tyre levers, a pump and a multitool.',
      'Saddle height matters: the knee should be slightly bent at the bottom of the pedal stroke.',
      'Hydraulic disc brakes need bleeding when the lever feels spongy.',
      'Gravel roads are kinder on wider tyres at lower pressure.',
      'A creaking bottom bracket often just needs cleaning and fresh grease.',
      'Front and rear lights make a winter commute safer after dark.',
    ],
  },
  {
    key: 'astronomy',
    name: 'Astronomy',
    tags: ['telescope', 'stargazing', 'planets', 'night sky'],
    subjects: [
      'the Orion nebula',
      'Jupiter moons',
      'a meteor shower',
      'collimating a reflector',
      'the Andromeda galaxy',
      'Saturn rings',
      'dark sky sites',
      'a lunar eclipse',
      'star hopping',
      'binocular astronomy',
      'the Pleiades',
      'Mars at opposition',
      'light pollution',
      'eyepiece choice',
      'a comet',
      'double stars',
      'the zodiacal light',
      'a solar filter',
      'the Messier marathon',
      'variable stars',
    ],
    titles: [(s) => `Observing ${s}`, (s) => `A night with ${s}`, (s) => `Stargazing log: ${s}`, (s) => `Under dark skies: ${s}`],
    sentences: [
      'A dark sky far from city lights reveals thousands more stars than a suburban backyard.',
      'Let your eyes adapt to the dark for twenty minutes, and use a red torch to read charts.',
      'A small refractor telescope shows the four largest moons of Jupiter as points of light.',
      'The rings of Saturn are visible even at low magnification on a steady night.',
      'Collimating a Newtonian reflector aligns its mirrors so that stars focus to sharp points.',
      'The Orion nebula is a cloud of glowing gas where new stars are born.',
      'Binoculars are an excellent first instrument for sweeping the Milky Way.',
      'Meteor showers are best after midnight, when our side of the Earth faces forward in its orbit.',
      'Star hopping from bright stars to faint galaxies takes patience and a good atlas.',
      'Never look at the Sun through a telescope without a certified solar filter.',
      'Planets shine steadily while stars twinkle in the turbulent atmosphere.',
      'A lunar eclipse turns the Moon a deep copper red as it passes through the shadow of the Earth.',
    ],
  },
  {
    key: 'gardening',
    name: 'Gardening',
    tags: ['vegetables', 'compost', 'tomatoes', 'seeds'],
    subjects: [
      'raised beds',
      'tomato blight',
      'a compost heap',
      'saving seeds',
      'potato planting',
      'garlic',
      'companion planting',
      'slugs',
      'a rain barrel',
      'winter squash',
      'pruning fruit trees',
      'green manure',
      'seedlings indoors',
      'mulching',
      'beans & peas',
      'a herb spiral',
      'crop rotation',
      'leaf mould',
      'greenhouse peppers',
      'soil testing',
    ],
    titles: [(s) => `From the allotment: ${s}`, (s) => `Growing with ${s}`, (s) => `Garden diary: ${s}`, (s) => `Why I love ${s}`],
    sentences: [
      'Raised beds warm up earlier in spring and drain well after heavy rain.',
      'A compost heap needs a balance of green kitchen scraps and brown dry leaves.',
      'Tomato plants want full sun, deep watering and a stake to climb.',
      'Blight spreads in warm wet weather; remove affected tomato leaves at once.',
      'Saving seeds from open-pollinated vegetables keeps a variety true year after year.',
      'Plant garlic cloves in autumn, pointed end up, and harvest them in summer.',
      'Rotate crops so that potatoes and tomatoes do not grow in the same bed each year.',
      'A thick mulch of straw keeps the soil moist and the weeds down.',
      'Slugs come out at night after rain; a beer trap or a torchlit patrol helps.',
      'Start peppers indoors in late winter; they need a long warm season.',
      'Beans fix nitrogen in the soil, feeding the crop that follows them.',
      'Test the soil pH before adding lime to the vegetable beds.',
    ],
  },
  {
    key: 'coffee',
    name: 'Coffee',
    tags: ['espresso', 'grinder', 'brewing', 'beans'],
    subjects: [
      'espresso dialing',
      'a burr grinder',
      'pour over',
      'milk steaming',
      'light roasts',
      'the AeroPress',
      'water hardness',
      'a lever machine',
      'cold brew',
      'the French press',
      'tamping',
      'single origin beans',
      'home roasting',
      'a moka pot',
      'descaling',
      'latte art',
      'bean storage',
      'a cupping session',
      'pressure profiling',
      'decaf',
    ],
    titles: [
      (s) => `Coffee corner: ${s}`,
      (s) => `Brewing notes on ${s}`,
      (s) => `My morning with ${s}`,
      (s) => `Better cups through ${s}`,
    ],
    sentences: [
      'Espresso is brewed by forcing hot water through finely ground coffee at nine bars of pressure.',
      'A burr grinder gives an even grind size, which matters more than the espresso machine itself.',
      'Dial in a shot by changing one thing at a time: grind, dose, or yield.',
      'Freshly roasted beans need a week of rest before they pull a balanced espresso.',
      'A pour over brewer highlights the acidity and fruit of a light roast coffee.',
      'Steam milk until the jug is too hot to hold, and swirl it to a glossy microfoam.',
      'Soft water extracts coffee well but hard water scales the boiler of the machine.',
      'Cold brew steeps coarse grounds in cold water for twelve hours or more.',
      'Store coffee beans in an airtight container away from light and heat.',
      'A moka pot brews a strong stovetop coffee, not quite an espresso.',
      'Tamp the coffee level and firm; the pressure matters less than the evenness.',
      'Descale the espresso machine every few months with a citric acid solution.',
    ],
  },
  {
    key: 'postgres',
    name: 'Databases',
    tags: ['postgresql', 'sql', 'performance', 'indexes'],
    subjects: [
      'vacuum tuning',
      'a slow query',
      'btree indexes',
      'connection pooling',
      'EXPLAIN ANALYZE',
      'partitioned tables',
      'logical replication',
      'JSONB columns',
      'full text search',
      'lock contention',
      'point in time recovery',
      'work_mem',
      'a major upgrade',
      'GIN indexes',
      'foreign keys',
      'materialized views',
      'autovacuum',
      'query plans',
      'pg_stat_statements',
      'a failover drill',
    ],
    titles: [(s) => `PostgreSQL and ${s}`, (s) => `Database diary: ${s}`, (s) => `Understanding ${s}`, (s) => `Lessons from ${s}`],
    sentences: [
      'PostgreSQL keeps old row versions until vacuum reclaims them, which is the price of its concurrency model.',
      'EXPLAIN ANALYZE runs the query and shows the real time spent in each node of the plan.',
      'A btree index speeds up equality and range queries on a column, at the cost of slower writes.',
      'Connection pooling with PgBouncer keeps hundreds of clients from exhausting the server.',
      'Autovacuum settings need tuning on tables that receive many updates.',
      'JSONB columns store documents that a GIN index can search by key and value.',
      'Partitioned tables let old data be dropped a month at a time without a long delete.',
      'Logical replication streams changes of chosen tables to another database server.',
      'Raising work_mem lets a sort or a hash join stay in memory instead of spilling to disk.',
      'Point in time recovery replays the write-ahead log up to the moment before a mistake.',
      'pg_stat_statements ranks the queries by total time so you tune the ones that matter.',
      'Lock contention shows up as waiting sessions in pg_stat_activity.',
    ],
  },
];

/** A seeded pseudo-random sequence (a 32-bit LCG), so the posts never change between runs. */
export function sequence(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const syllables = [
  'bra',
  'cel',
  'dor',
  'fen',
  'gal',
  'hir',
  'jun',
  'kel',
  'lom',
  'mir',
  'nov',
  'pel',
  'quor',
  'ras',
  'sil',
  'tam',
  'vex',
  'wyl',
];

/** A made-up word unique to post `index`: three syllables read off its number, plus "ix". */
export function ownWordOf(index: number): string {
  const n = syllables.length;
  return `${syllables[Math.floor(index / (n * n)) % n]}${syllables[Math.floor(index / n) % n]}${syllables[index % n]}ix`;
}

export function slugOf(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

const POSTS = 120;
const START = Date.UTC(2019, 0, 7, 9, 30);
const END = Date.UTC(2024, 11, 16, 9, 30);

/** The 120 posts, oldest first. */
export function blogPosts(): BlogPost[] {
  const random = sequence(31);
  const posts: BlogPost[] = [];
  for (let index = 0; index < POSTS; index++) {
    const topic = topics[index % topics.length]!;
    const round = Math.floor(index / topics.length);
    const subject = topic.subjects[round % topic.subjects.length]!;
    const title = topic.titles[round % topic.titles.length]!(subject);
    const day = Math.floor(((END - START) / 86_400_000) * (index / (POSTS - 1)));
    const date = new Date(START + day * 86_400_000).toISOString();
    const pick = () => topic.sentences[Math.floor(random() * topic.sentences.length)]!;
    const ownWord = ownWordOf(index);
    const paragraphs = [
      `This post is about ${subject}. ${pick()} ${pick()}`,
      `${pick()} ${pick()} ${pick()}`,
      `${pick()} ${pick()}`,
      `${pick()} In my notebook this one is filed under the name ${ownWord}, for the next time I come back to ${subject}.`,
    ];
    const tagCount = index % 5 === 2 ? 0 : 1 + (index % 3);
    const tags = Array.from({ length: tagCount }, (_, i) => topic.tags[(round + i) % topic.tags.length]!);
    posts.push({
      index,
      slug: slugOf(title),
      title,
      date,
      topic: topic.key,
      category: topic.name,
      tags,
      ...(index % 3 === 0 ? { image: `/images/${topic.key}-${round}.jpg` } : {}),
      ownWord,
      description: `${topic.name}: ${subject}, what worked and what did not.`,
      paragraphs,
      heading: `More about ${subject}`,
    });
  }
  return posts;
}
