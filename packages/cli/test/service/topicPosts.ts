/**
 * A blog without tags or categories (as Jekyll's minima shows its pages): `perTopic` posts on
 * each of six topics, over six years, deterministic. Every post is written in the common English
 * of any blog (the same pool for every topic, stop words included) with words of its topic's own
 * vocabulary mixed in, and a title that names its topic by one word at most, so a post's topic
 * shows in what it says rather than in its tags or its title. `topicOf(id)` is the truth to
 * measure related posts against.
 */
import { seededRandom } from '../../src/service/sample/seededRandom.ts';

const COMMON = `the a of and to in is it that for on with as was this but be at by from have not you are or
  my we they so if just about more one all can like time when what some there out up then much really
  very also only into over after first two new good well way even little because most year day week
  people think make made know still thing things never always while back long before since found
  felt took went last next each another better same right small great part place point start end
  kept again why how here enough quite often hard easy looked seemed worked tried wanted needed
  friend morning evening afternoon weekend story idea plan notes question answer reason lesson
  change moment minutes hours years whole half open simple old nice different usual`
  .split(/\s+/)
  .filter(Boolean);

export const TOPICS: { name: string; words: string[] }[] = [
  {
    name: 'baking',
    words: `sourdough starter dough flour oven loaf crust crumb yeast knead proof bake bread rye butter pastry
      croissant hydration levain banneton scoring dutch gluten ferment batter whisk`.split(/\s+/),
  },
  {
    name: 'astronomy',
    words: `telescope galaxy nebula eyepiece aperture orbit planet jupiter saturn comet meteor constellation
      stargazing mount refractor reflector magnitude eclipse moonrise observatory astrophotography
      dob andromeda pleiades zenith`.split(/\s+/),
  },
  {
    name: 'cycling',
    words: `bike bicycle saddle pedal gravel chain derailleur cadence climb descent peloton tyre tire
      handlebar cassette sprocket commute helmet spoke wheelset brevet randonneur headwind pannier crank`.split(/\s+/),
  },
  {
    name: 'gardening',
    words: `garden compost seedling tomato mulch soil raised bed prune perennial bulb greenhouse weeds
      watering harvest courgette allotment trellis aphids manure germinate sowing lettuce potting`.split(/\s+/),
  },
  {
    name: 'databases',
    words: `postgres query index schema migration table transaction replication vacuum sql join
      planner deadlock primary foreign constraint backup wal partition cursor isolation sharding
      latency throughput`.split(/\s+/),
  },
  {
    name: 'birdwatching',
    words: `binoculars warbler heron sparrow finch migration nest plumage birdsong wetland hide
      kestrel owl robin wren egret feeder tern estuary fieldguide lapwing curlew spotting chiffchaff`.split(/\s+/),
  },
];

const TITLES = ['{w} and {c}', 'Notes on {w}', 'A {c} with {w}', 'What I learned about {w}', 'The {c} {w}', 'Another {c}'];

export interface TopicPost {
  id: number;
  title: string;
  content: string;
  url: string;
  date: string;
}

export function topicPosts(perTopic = 20, seed = 7): { posts: TopicPost[]; topicOf: (id: string | number) => string } {
  const rnd = seededRandom(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;
  const posts: TopicPost[] = [];
  const topicById = new Map<string, string>();
  const count = perTopic * TOPICS.length;
  for (let i = 0; i < count; i++) {
    const topic = TOPICS[i % TOPICS.length]!;
    const id = i + 1;
    const sentences: string[] = [];
    const length = 120 + Math.floor(rnd() * 120);
    let sentence: string[] = [];
    for (let w = 0; w < length; w++) {
      // About one word in five is the topic's own; the rest is the common English of every post.
      sentence.push(rnd() < 0.2 ? pick(topic.words) : pick(COMMON));
      if (sentence.length >= 8 + Math.floor(rnd() * 10)) {
        sentences.push(`${sentence.join(' ')}.`);
        sentence = [];
      }
    }
    if (sentence.length > 0) sentences.push(`${sentence.join(' ')}.`);
    const content = sentences.map((s) => s[0]!.toUpperCase() + s.slice(1)).join(' ');
    const title = pick(TITLES)
      .replace('{w}', rnd() < 0.5 ? pick(topic.words) : pick(COMMON))
      .replace('{c}', pick(COMMON));
    // Six years, oldest first: posts 1, 2, 3… are the old ones.
    const date = new Date(Date.UTC(2019, 0, 1) + Math.floor((i / count) * 6 * 365 * 86_400_000)).toISOString();
    posts.push({ id, title: title[0]!.toUpperCase() + title.slice(1), content, url: `/${id}/`, date });
    topicById.set(String(id), topic.name);
  }
  return { posts, topicOf: (id) => topicById.get(String(id))! };
}
