/**
 * README's attribute tables, made from `custom-elements.json` (whose attributes come from each
 * element's one declaration, see `src/ui/attributeSpec.ts`). `npm run manifest` rewrites the
 * tables between `<!-- attributes: trove-… -->` and `<!-- /attributes -->`; a unit test fails when
 * README.md and the declarations disagree.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sharedAttributes } from '../packages/widgets/src/elements/sharedAttributes.ts';

interface ManifestAttribute {
  name: string;
  type?: { text: string };
  default?: string;
  description?: string;
}
interface Manifest {
  modules: { declarations: { tagName?: string; attributes?: ManifestAttribute[] }[] }[];
}

/** Attributes every element takes: README lists them once, in the Settings table. */
export const SHARED = Object.keys(sharedAttributes);

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');
const typeText = (text = 'string') => text.replaceAll("'", '`').replace(/^(string|number|boolean)$/, '$1');

/** The Markdown table of one element's own attributes (the shared ones left out). */
export function attributeTable(manifest: Manifest, tag: string): string {
  const element = manifest.modules.flatMap((m) => m.declarations).find((d) => d.tagName === tag);
  if (!element) throw new Error(`custom-elements.json has no <${tag}>`);
  const rows = (element.attributes ?? [])
    .filter((a) => !SHARED.includes(a.name))
    .map((a) => [
      `\`${a.name}\``,
      cell(typeText(a.type?.text)),
      a.default ? `\`${a.default.replaceAll('"', '')}\`` : '',
      cell(a.description ?? ''),
    ]);
  const table = [['attribute', 'type', 'default', 'meaning'], ...rows];
  const widths = table[0].map((_, i) => Math.max(...table.map((row) => row[i].length)));
  const line = (row: string[]) => `| ${row.map((text, i) => text.padEnd(widths[i])).join(' | ')} |`;
  return [line(table[0]), `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`, ...rows.map(line)].join('\n');
}

const MARKED = /(<!-- attributes: ([a-z-]+) -->\n)[\s\S]*?(<!-- \/attributes -->)/g;

/** README.md with every marked table remade from the manifest. */
export function withAttributeTables(readme: string, manifest: Manifest): string {
  return readme.replace(MARKED, (_, open: string, tag: string, close: string) => `${open}${attributeTable(manifest, tag)}\n${close}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const manifest = JSON.parse(readFileSync(`${root}packages/widgets/custom-elements.json`, 'utf8')) as Manifest;
  const readme = readFileSync(`${root}README.md`, 'utf8');
  const next = withAttributeTables(readme, manifest);
  if (next !== readme) writeFileSync(`${root}README.md`, next);
}
