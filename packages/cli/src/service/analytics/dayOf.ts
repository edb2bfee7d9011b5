/** The UTC day (`YYYY-MM-DD`) of a time in milliseconds: the day analytics count in. */
export function dayOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** `day` moved by `count` days (negative: earlier). */
export function addDays(day: string, count: number): string {
  return dayOf(Date.parse(`${day}T00:00:00Z`) + count * 86_400_000);
}

/** Whether `text` is a real calendar day written `YYYY-MM-DD`. */
export function isDay(text: string): boolean {
  return (
    /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) && dayOf(Date.parse(`${text}T00:00:00Z`)) === text
  );
}
