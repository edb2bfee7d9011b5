/**
 * The plugin's translations as WordPress loads them, built from its languages/*.po (what the zip
 * ships besides them): `trove-search-<locale>.mo` for PHP and, for the editor script,
 * `trove-search-<locale>-<md5 of assets/blocks-editor.js>.json` (Jed 1.x, as `wp i18n make-json`
 * writes). Written here in plain TypeScript: no msgfmt needed to build.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The scripts given translations with `wp_set_script_translations`, relative to the plugin folder. */
export const TRANSLATED_SCRIPTS = ['assets/blocks-editor.js'];

export interface PoEntry {
  context?: string;
  id: string;
  plural?: string;
  /** One string, or one per plural form. */
  strings: string[];
  /** The `#:` references. */
  references: string[];
  /** The `#.` comments. */
  comments: string[];
  flags: string[];
}

function unquote(literal: string): string {
  return JSON.parse(literal) as string;
}

/** The entries of a PO file (the header is the entry whose id is ''). */
export function parsePo(text: string): PoEntry[] {
  const entries: PoEntry[] = [];
  let entry: PoEntry | undefined;
  let field: { set(value: string): void; get(): string } | undefined;
  const fresh = (): PoEntry => ({ id: '', strings: [], references: [], comments: [], flags: [] });
  const begin = () => {
    if (entry === undefined || entry.strings.length > 0) {
      entry = fresh();
      entries.push(entry);
    }
    return entry;
  };
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '') {
      field = undefined;
      continue;
    }
    if (line.startsWith('#')) {
      const current = begin();
      if (line.startsWith('#:')) current.references.push(...line.slice(2).trim().split(/\s+/));
      else if (line.startsWith('#.')) current.comments.push(line.slice(2).trim());
      else if (line.startsWith('#,'))
        current.flags.push(
          ...line
            .slice(2)
            .split(',')
            .map((flag) => flag.trim()),
        );
      continue;
    }
    const match = /^(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)\s+(".*")$/.exec(line);
    if (match) {
      const [, keyword, index, literal] = match;
      const current = keyword === 'msgctxt' || keyword === 'msgid' ? begin() : entry!;
      const value = unquote(literal!);
      if (keyword === 'msgctxt') field = { set: (v) => (current.context = v), get: () => current.context ?? '' };
      else if (keyword === 'msgid') field = { set: (v) => (current.id = v), get: () => current.id };
      else if (keyword === 'msgid_plural') field = { set: (v) => (current.plural = v), get: () => current.plural ?? '' };
      else {
        const at = index === undefined ? 0 : Number(index);
        current.strings[at] = '';
        field = { set: (v) => (current.strings[at] = v), get: () => current.strings[at] ?? '' };
      }
      field.set(value);
      continue;
    }
    if (line.startsWith('"') && field) field.set(field.get() + unquote(line));
  }
  return entries;
}

/** The key gettext looks an entry up by: its context, EOT, its id (and NUL, its plural). */
function moKey(entry: PoEntry): string {
  return `${entry.context === undefined ? '' : `${entry.context}\u0004`}${entry.id}${entry.plural === undefined ? '' : `\u0000${entry.plural}`}`;
}

/** Whether an entry is translated (fuzzy and empty ones are left out, as msgfmt does). */
function translated(entry: PoEntry): boolean {
  return entry.id === '' || (!entry.flags.includes('fuzzy') && entry.strings.length > 0 && entry.strings.every((s) => s !== ''));
}

/** A GNU .mo file (little-endian, no hash table) of the PO entries, as msgfmt writes it. */
export function writeMo(entries: PoEntry[]): Buffer {
  const pairs = entries
    .filter(translated)
    .map((entry) => [Buffer.from(moKey(entry), 'utf8'), Buffer.from(entry.strings.join('\u0000'), 'utf8')] as const)
    .sort(([a], [b]) => Buffer.compare(a, b));
  const count = pairs.length;
  const headerSize = 28;
  const originalsAt = headerSize;
  const translationsAt = originalsAt + count * 8;
  let dataAt = translationsAt + count * 8;
  const table = Buffer.alloc(dataAt);
  table.writeUInt32LE(0x950412de, 0);
  table.writeUInt32LE(0, 4);
  table.writeUInt32LE(count, 8);
  table.writeUInt32LE(originalsAt, 12);
  table.writeUInt32LE(translationsAt, 16);
  table.writeUInt32LE(0, 20);
  table.writeUInt32LE(dataAt, 24);
  const data: Buffer[] = [];
  const place = (bytes: Buffer, slot: number) => {
    table.writeUInt32LE(bytes.length, slot);
    table.writeUInt32LE(dataAt, slot + 4);
    data.push(bytes, Buffer.alloc(1));
    dataAt += bytes.length + 1;
  };
  pairs.forEach(([original], i) => place(original, originalsAt + i * 8));
  pairs.forEach(([, translation], i) => place(translation, translationsAt + i * 8));
  return Buffer.concat([table, ...data]);
}

/** The header's fields (`Language`, `Plural-Forms` …). */
export function poHeader(entries: PoEntry[]): Record<string, string> {
  const header = entries.find((entry) => entry.id === '' && entry.context === undefined)?.strings[0] ?? '';
  const fields: Record<string, string> = {};
  for (const line of header.split('\n')) {
    const at = line.indexOf(':');
    if (at > 0) fields[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  }
  return fields;
}

/** The Jed 1.x JSON of the entries referenced from `script`, as `wp_set_script_translations` loads it. */
export function jedJson(entries: PoEntry[], script: string): string {
  const header = poHeader(entries);
  const messages: Record<string, unknown> = {
    '': { domain: 'messages', lang: header.Language ?? '', 'plural-forms': header['Plural-Forms'] ?? 'nplurals=2; plural=(n != 1);' },
  };
  for (const entry of entries)
    if (entry.id !== '' && translated(entry) && entry.references.some((reference) => reference.replace(/:\d+$/, '') === script))
      messages[`${entry.context === undefined ? '' : `${entry.context}\u0004`}${entry.id}`] = entry.strings;
  return JSON.stringify({ generator: 'scripts/compileTranslations.ts', source: script, domain: 'messages', locale_data: { messages } });
}

/**
 * The PO entries of a translation with the references of the .pot (a translation keeps no
 * references of its own: the .pot says where each text is used).
 */
export function withReferences(translation: PoEntry[], template: PoEntry[]): PoEntry[] {
  const where = new Map(template.map((entry) => [moKey(entry), entry.references]));
  return translation.map((entry) => ({ ...entry, references: where.get(moKey(entry)) ?? entry.references }));
}

/** The compiled files for the plugin folder: [path inside the plugin folder, bytes]. */
export function compileTranslations(plugin: string, domain = 'trove-search'): [string, Buffer][] {
  const languages = join(plugin, 'languages');
  if (!existsSync(join(languages, `${domain}.pot`))) return [];
  const template = parsePo(readFileSync(join(languages, `${domain}.pot`), 'utf8'));
  const out: [string, Buffer][] = [];
  for (const name of readdirSync(languages).sort()) {
    const match = new RegExp(`^${domain}-([a-z]{2,3}(?:_[A-Z]{2})?(?:_[a-z]+)?)\\.po$`).exec(name);
    if (!match) continue;
    const locale = match[1]!;
    const entries = withReferences(parsePo(readFileSync(join(languages, name), 'utf8')), template);
    out.push([`languages/${domain}-${locale}.mo`, writeMo(entries)]);
    for (const script of TRANSLATED_SCRIPTS) {
      const md5 = createHash('md5').update(script).digest('hex');
      out.push([`languages/${domain}-${locale}-${md5}.json`, Buffer.from(jedJson(entries, script))]);
    }
  }
  return out;
}
