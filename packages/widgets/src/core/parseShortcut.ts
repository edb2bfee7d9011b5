/** A key combination the `shortcut` attribute can name. */
export type ShortcutName = '/' | 'mod+k';

/**
 * The shortcut syntax, read once: the `shortcut` attribute's known combinations (`/` and/or
 * `mod+k`, any case, separated by whitespace or commas), in the order written, each once.
 */
export function parseShortcut(shortcut: string | null | undefined): ShortcutName[] {
  const names = (shortcut ?? '').toLowerCase().split(/[\s,]+/);
  return [...new Set(names.filter((name): name is ShortcutName => name === '/' || name === 'mod+k'))];
}
