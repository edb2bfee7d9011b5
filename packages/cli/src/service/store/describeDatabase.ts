/** A database URL without its password, for messages and the start banner. */
export function describeDatabase(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.password = '';
    return parsed.toString();
  } catch {
    return 'the database';
  }
}
