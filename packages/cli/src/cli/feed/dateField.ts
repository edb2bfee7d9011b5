import { readDate } from '../readDate.ts';

/**
 * The document date from an item's raw date text, ISO 8601 in UTC; when the text is not a date
 * or an impossible one, a warning saying so is added (the summary names the item) and the
 * document keeps no date.
 */
export function dateField(raw: string | undefined, warnings: string[]): string | undefined {
  if (raw === undefined) return undefined;
  const reading = readDate(raw);
  if (reading.problem !== undefined) warnings.push(`date "${raw}" ${reading.problem}; left out`);
  return reading.date;
}
