import { parseShortcut } from './parseShortcut.ts';

/** The parts of a `KeyboardEvent` a shortcut looks at. */
export interface ShortcutKey {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  shiftKey?: boolean;
  isComposing?: boolean;
}

/**
 * Does a key press match the `shortcut` attribute (`/` and/or `mod+k`, separated by whitespace
 * or commas)? `mod` is Cmd or Ctrl. `typing` says the key went to another text field or editable
 * element: shortcuts never steal keys from someone typing there.
 */
export function matchShortcut(shortcut: string | null | undefined, event: ShortcutKey, typing: boolean): boolean {
  if (typing || event.isComposing || event.altKey) return false;
  const mod = !!(event.ctrlKey || event.metaKey);
  return parseShortcut(shortcut).some((s) =>
    s === '/' ? event.key === '/' && !mod : mod && event.key.toLowerCase() === 'k' && !event.shiftKey,
  );
}
