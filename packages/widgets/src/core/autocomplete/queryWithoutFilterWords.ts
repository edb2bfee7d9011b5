/**
 * The typed text minus the words a chosen filter suggestion stands for: typing `async ru` and
 * choosing the chip "Tag: rust" leaves `async` as the text (the chip now says "rust"). A word
 * goes when it starts a word of one of the filter values (case-insensitive).
 */
export function queryWithoutFilterWords(q: string, values: string[]): string {
  const valueWords = values.join(' ').toLocaleLowerCase().split(/\s+/).filter(Boolean);
  return q
    .split(/\s+/)
    .filter((word) => word && !valueWords.some((v) => v.startsWith(word.toLocaleLowerCase())))
    .join(' ');
}
