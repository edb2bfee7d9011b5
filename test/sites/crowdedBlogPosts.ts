/**
 * A blog as crowded as a real one, for bench/relevance.ts: 300 posts on the six topics of
 * blogPosts.ts, most of them on baking and coffee; titles made from the same few patterns, so many
 * share their first words, and a subject comes back in several titles ("Notes on focaccia",
 * "Focaccia, revisited", "Weeknotes 31: focaccia"); long bodies (11 to 14 paragraphs, about 600
 * words), the topic's sentences among everyday ones that every post uses, and in one post in two a
 * sentence that crosses into another topic ("a flask of coffee" at the telescope). Deterministic, as
 * blogPosts() is; each post keeps a word of its own in its last paragraph.
 */
import { type BlogPost, ownWordOf, sequence, slugOf, topics } from './blogPosts.ts';

/** Posts per topic, in blogPosts.ts's order (baking, cycling, astronomy, gardening, coffee, postgres). */
const POSTS_PER_TOPIC = [90, 40, 30, 40, 70, 30];

/** More of each topic's sentences, beside blogPosts.ts's twelve. */
const moreSentences: Record<string, string[]> = {
  baking: [
    'The starter doubled in six hours after I moved the jar next to the radiator.',
    'Whole wheat flour drinks more water, so the dough needed another fifty grams.',
    'A kitchen scale is the single most useful tool for consistent bread.',
    'The crust came out pale, so next time the oven gets a longer preheat.',
    'Salt slows fermentation a little and tightens the gluten.',
    'A poke test tells you when the proof is done: the dent should spring back slowly.',
    'Overproofed dough spreads flat on the peel and will not hold a score.',
    'I bake on a stone now, with a tray of boiling water for steam.',
    'Enriched doughs with butter and eggs rise slowly and need a warm spot.',
    "The loaf sounded hollow when tapped underneath, which is the old baker's sign.",
  ],
  cycling: [
    'I replaced the chain and the cassette together, since the old cogs skipped under load.',
    'Tyre pressure depends on your weight, the tyre width and the road surface.',
    'A torque wrench stops you cracking a carbon seatpost or stem.',
    'The rear hub had a little play, so I adjusted the cones and regreased the bearings.',
    'Mudguards keep the drivetrain and your back clean through the winter.',
    'Indexing the gears takes a few minutes once the cable tension is right.',
    'On long rides I eat something small every forty minutes.',
    'Spoke tension should be even, or the wheel will not stay true for long.',
    'The frame bag holds the tools, a rain jacket and lunch.',
    'Handlebar tape wears out quickly where the hands rest in the drops.',
  ],
  astronomy: [
    'The seeing was poor, so the planets boiled in the eyepiece all night.',
    'A planisphere shows which constellations are up at any hour of the year.',
    'The telescope needs an hour outside to cool before the images settle.',
    'Globular clusters resolve into stars only with a larger aperture.',
    'Dew forms on the optics on clear still nights unless a heater strip is used.',
    'The Moon is best observed along the terminator, where shadows are long.',
    'I logged each object with the time, the eyepiece and the conditions.',
    'An equatorial mount tracks the sky with a single slow motion.',
    'Averted vision reveals faint nebulae that vanish when looked at directly.',
    'Satellites crossed the field every few minutes in the hour after dusk.',
  ],
  gardening: [
    'The first frost came early this year and caught the courgettes.',
    'Seedlings grown on a windowsill stretch toward the light unless turned daily.',
    'Harden off young plants for a week before planting them out.',
    'Comfrey leaves make a strong liquid feed for hungry crops.',
    'The onions bolted in the dry spell and went to seed.',
    'Netting over the brassicas keeps the pigeons and the butterflies off.',
    'A hoe run along the rows on a dry morning saves hours of weeding.',
    'Leeks sown in spring stand in the ground all winter.',
    'Worms moved into the compost once it stayed moist.',
    'Sow carrots thinly to avoid thinning them later and attracting carrot fly.',
  ],
  coffee: [
    'A shot that runs too fast tastes sour, so grind finer.',
    'A shot that runs too slow tastes bitter and harsh, so grind coarser.',
    'Weigh the dose and the yield; a one to two ratio is a good starting point.',
    'Preheat the portafilter and the cup, or the shot cools at once.',
    'The grinder retains a little coffee, so purge a few grams when changing beans.',
    'Washed coffees taste cleaner, natural ones fruitier and heavier.',
    'A gooseneck kettle makes a slow, even pour over the grounds.',
    'Bloom the grounds for thirty seconds so the gas escapes before the main pour.',
    'Oat milk steams well if it is a barista blend.',
    'Roast date matters more than the origin printed on the bag.',
  ],
  postgres: [
    'A sequential scan is often the right plan for a small table.',
    'The planner relies on statistics, so run ANALYZE after a bulk load.',
    'Long running transactions hold back vacuum and let tables bloat.',
    'A partial index covers only the rows a query actually asks for.',
    'Checkpoints that happen too often show up as write spikes on the disk.',
    'Replication lag grows when the replica cannot keep up with the primary.',
    'A covering index lets the query answer from the index alone.',
    'Deadlocks happen when two transactions lock the same rows in a different order.',
    'Shared buffers around a quarter of memory is the usual starting point.',
    'Test the restore, not just the backup.',
  ],
};

/** Sentences of a topic that use another topic's words, as a blogger's interests cross. */
const crossings: Record<string, string[]> = {
  baking: [
    'I drink an espresso while the dough rests, which is my excuse for a second one.',
    'The rosemary from the garden went into a focaccia this week.',
    'Riding to the mill on the bicycle to buy flour is half the fun.',
  ],
  cycling: [
    'A flat white at the café halfway round the loop is the best part of the ride.',
    'I carried a loaf of sourdough home in the frame bag.',
    'Clear skies after a night ride showed Jupiter low in the east.',
  ],
  astronomy: [
    'A flask of coffee keeps me awake through the small hours.',
    'The allotment shed makes a good windbreak for the telescope.',
    'I cycle to the dark site with the binoculars in a pannier.',
  ],
  gardening: [
    'Used coffee grounds go on the compost heap with the kitchen scraps.',
    'Stale bread and the crusts go to the hens.',
    'On clear frosty nights the stars over the allotment are wonderful.',
  ],
  coffee: [
    'A slice of toasted sourdough is all I want with the first espresso.',
    'I logged every shot in a small PostgreSQL table, which was overkill.',
    'The grinder sits on the windowsill next to the tomato seedlings.',
  ],
  postgres: [
    'The query ran while I made a pour over, and it was still running after.',
    'A slow query is like a slow dough: you wait, and checking does not help.',
    'I once kept my telescope observing log in a database table.',
  ],
};

/** What any post of any topic says, as real posts do. */
const everyday = [
  'I have been meaning to write this up for a while, so here it is.',
  'It took a few weekends and more than one false start.',
  'As usual, the first attempt did not go the way I planned.',
  'A friend asked me about this last week, which is what finally got me writing.',
  'None of this is new, but it was new to me, and that is the point of these notes.',
  'The weather was grey all week, which suited staying in and trying things.',
  'I kept notes as I went, and this is the tidied-up version of them.',
  'If you have a better way of doing this, I would really like to hear about it.',
  'The short version is that patience matters more than equipment.',
  'Looking back, most of my mistakes came from rushing the early steps.',
  'I took a few photos along the way, though the light was poor.',
  'There is a lot of advice online, and much of it contradicts the rest.',
  'I read three books on the subject this year and they all disagree.',
  'My partner has been very patient with the mess in the hallway.',
  'Next month I want to try a slightly different approach and compare the results.',
  'This is the kind of thing that looks simple until you actually try it.',
  'It is worth writing down what you change, because memory is unreliable.',
  'I spent far too long reading forums before I tried anything myself.',
  'The results were better than last time, though not yet where I want them.',
  'Small changes made a bigger difference than I expected.',
  'I am still not sure whether the second method is really better or just different.',
  'Thanks to everyone who wrote in after the last post with suggestions.',
  'The cheap option worked almost as well as the expensive one.',
  'It rained on Saturday, so most of this happened on Sunday afternoon.',
  'I will update this post if anything changes over the next few weeks.',
  'For now, this is the routine that works for me.',
  'The hardest part was simply finding the time to do it properly.',
  'Some of this will only make sense if you have tried it yourself.',
  'I made a checklist so I would stop forgetting the same step every time.',
  'By the end of the day I was tired but quite pleased with how it went.',
];

const capital = (text: string) => text[0]!.toUpperCase() + text.slice(1);

/** Title patterns by how many posts on the subject came before (0, 1, 2 and more). */
const titlePatterns: ((s: string, n: number, year: string) => string)[][] = [
  [
    (s) => `Notes on ${s}`,
    (s) => `Getting started with ${s}`,
    (s) => `A beginner's guide to ${s}`,
    (s) => `Everything I know about ${s}`,
    (s) => capital(s),
  ],
  [(s) => `More notes on ${s}`, (s) => `${capital(s)}, revisited`, (s) => `Another look at ${s}`, (s) => `${capital(s)}: what I got wrong`],
  [
    (s, n) => `${capital(s)}, part ${n}`,
    (s) => `${capital(s)} again`,
    (s) => `Still learning ${s}`,
    (s, _n, year) => `${capital(s)} in ${year}`,
  ],
];
const headings = ['What went wrong', 'The second attempt', 'What I would do differently', 'A few numbers', 'Where this leaves me'];

/** The 300 posts, oldest first. */
export function crowdedBlogPosts(): BlogPost[] {
  const random = sequence(47);
  const pickOf = <T>(list: T[]) => list[Math.floor(random() * list.length)]!;
  const order = POSTS_PER_TOPIC.flatMap((count, topic) => Array.from({ length: count }, () => topic));
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const start = Date.UTC(2017, 2, 6, 9, 30);
  const days = 365 * 8;
  const titles = new Set<string>();
  const earlier = new Map<string, number>();
  let weeknotes = 0;
  return order.map((topicIndex, index) => {
    const topic = topics[topicIndex]!;
    const subject = pickOf(topic.subjects);
    const date = new Date(start + Math.floor((days * index) / (order.length - 1)) * 86_400_000).toISOString();
    const before = earlier.get(subject) ?? 0;
    earlier.set(subject, before + 1);
    let title =
      random() < 1 / 6
        ? `Weeknotes ${++weeknotes}: ${subject}`
        : pickOf(titlePatterns[Math.min(before, 2)]!)(subject, before + 1, date.slice(0, 4));
    for (let n = before + 1; titles.has(title); n++) title = `${capital(subject)}, part ${n}`;
    titles.add(title);
    const sentences = [...topic.sentences, ...moreSentences[topic.key]!];
    const sentence = () => (random() < 0.6 ? pickOf(sentences) : pickOf(everyday));
    const paragraph = (count: number) => Array.from({ length: count }, sentence).join(' ');
    const ownWord = ownWordOf(index);
    const middle = Array.from({ length: 9 + Math.floor(random() * 4) }, (_, i) =>
      i % 4 === 2 ? `Back to ${subject}. ${paragraph(3)}` : paragraph(3 + Math.floor(random() * 3)),
    );
    if (random() < 0.5) middle[1] += ` ${pickOf(crossings[topic.key]!)}`;
    const tagCount = index % 5 === 2 ? 0 : 1 + (index % 3);
    return {
      index,
      slug: slugOf(title),
      title,
      date,
      topic: topic.key,
      category: topic.name,
      tags: Array.from({ length: tagCount }, (_, i) => topic.tags[(index + i) % topic.tags.length]!),
      ...(index % 3 === 0 ? { image: `/images/${topic.key}-${index}.jpg` } : {}),
      ownWord,
      description: `${topic.name}: ${subject}, what worked and what did not.`,
      paragraphs: [
        `This post is about ${subject}. ${paragraph(2)}`,
        ...middle,
        `${paragraph(2)} In my notebook this one is filed under the name ${ownWord}, for the next time I come back to ${subject}.`,
      ],
      heading: pickOf(headings),
    };
  });
}
