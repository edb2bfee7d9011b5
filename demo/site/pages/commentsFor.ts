import type { Post } from '../createBlogIndex.ts';

export interface Comment {
  name: string;
  daysAfter: number;
  text: string;
}

const names = ['Ada P.', 'Bruno K.', 'Chioma N.', 'Dev R.', 'Elena V.', 'Felix T.', 'Grace O.', 'Hiro M.', 'Isla B.', 'Jon S.'];
const openers = [
  'This is exactly the nudge I needed.',
  'Bookmarked, thank you.',
  'Interesting take, though I would push back a little.',
  'I tried this over the weekend.',
  'Great write-up as always.',
  'Long-time reader, first comment.',
  'Funny, I ran into the same thing last month.',
];
const middles = [
  'The part about {topic} matches my experience almost exactly',
  'I had never thought about {topic} that way',
  'My results with {topic} were a bit different',
  'Your notes on {topic} saved me an afternoon',
  'I would love a follow-up that goes deeper into {topic}',
];
const closers = [
  'I will report back.',
  'More posts like this, please.',
  'The conclusion still holds, though.',
  'Thanks for writing it down.',
  'Saving this one for later.',
];

/** Two to four made-up reader comments per post, the same on every run. */
export function commentsFor(post: Post): Comment[] {
  let seed = Number(post.id) || [...post.id].reduce((a, c) => a + c.charCodeAt(0), 0);
  const next = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const topic = (post.tags[0] ?? post.categories[0] ?? 'this').toLowerCase();
  const count = 2 + next(3);
  const comments: Comment[] = [];
  for (let i = 0; i < count; i++) {
    comments.push({
      name: names[next(names.length)]!,
      daysAfter: 1 + i * 2 + next(3),
      text: `${openers[next(openers.length)]} ${middles[next(middles.length)]!.replace('{topic}', topic)}. ${closers[next(closers.length)]}`,
    });
  }
  return comments;
}
