/**
 * Words too common to tell posts apart: dropped from queries that have other words, left out of
 * the content index (they stay in titles), and never what makes two posts related.
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  'a an and are as at be but by for from has have how i in into is it its my of on or our so that the their this to was what when where which who why will with you your'.split(
    ' ',
  ),
);
