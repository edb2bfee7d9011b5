/**
 * Writes integrations/wordpress/trove-search/languages/trove-search.pot from the plugin's sources,
 * as `wp i18n make-pot` would (WP-CLI is not in Debian): the PHP and the editor script through
 * GNU xgettext (Debian's `gettext`) with WordPress's keywords and `translators:` comments, the
 * blocks' block.json texts with WordPress's contexts, and the plugin header's name and description.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

export const TEXT_DOMAIN = 'trove-search';

/** WordPress's gettext functions, as xgettext keywords (argument of the text, of the context; `t`: the call's argument count). */
export const WORDPRESS_KEYWORDS = [
  '__:1,2t',
  '_e:1,2t',
  '_x:1,2c,3t',
  '_ex:1,2c,3t',
  '_n:1,2,4t',
  '_nx:1,2,4c,5t',
  '_n_noop:1,2,3t',
  '_nx_noop:1,2,3c,4t',
  'esc_attr__:1,2t',
  'esc_html__:1,2t',
  'esc_attr_e:1,2t',
  'esc_html_e:1,2t',
  'esc_attr_x:1,2c,3t',
  'esc_html_x:1,2c,3t',
];

/** block.json's translatable fields and the contexts WordPress translates them with. */
const BLOCK_FIELDS = { title: 'block title', description: 'block description', keywords: 'block keyword' } as const;

/** A PO string literal. */
export function poString(text: string): string {
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n').replace(/\t/g, '\\t')}"`;
}

function filesUnder(dir: string, extension: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...filesUnder(path, extension));
    else if (name.endsWith(extension)) out.push(path);
  }
  return out;
}

/** The plugin header's field `name` in the main file. */
function headerField(main: string, name: string): string {
  return new RegExp(`^\\s*\\*\\s*${name}:\\s*(.+)$`, 'm').exec(main)?.[1]?.trim() ?? '';
}

/** The .pot of the plugin folder `plugin` (its text, without a creation date: the file changes only when a string does). */
export function makePot(plugin: string): string {
  const main = readFileSync(join(plugin, 'trove-search.php'), 'utf8');
  const version = headerField(main, 'Version');
  // The header's and the blocks' texts as a PO file of their own, which xgettext merges with the sources'.
  const extra: string[] = [];
  for (const [field, comment] of [
    ['Plugin Name', 'Plugin Name of the plugin'],
    ['Plugin URI', 'Plugin URI of the plugin'],
    ['Description', 'Description of the plugin'],
    ['Author', 'Author of the plugin'],
  ] as const) {
    const value = headerField(main, field);
    if (value) extra.push(`#. ${comment}\n#: trove-search.php\nmsgid ${poString(value)}\nmsgstr ""\n`);
  }
  for (const file of filesUnder(join(plugin, 'blocks'), 'block.json')) {
    const block = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    const where = relative(plugin, file);
    for (const [field, context] of Object.entries(BLOCK_FIELDS)) {
      const value = block[field];
      for (const text of Array.isArray(value) ? value : [value])
        if (typeof text === 'string' && text !== '')
          extra.push(`#: ${where}\nmsgctxt ${poString(context)}\nmsgid ${poString(text)}\nmsgstr ""\n`);
    }
  }
  const temp = mkdtempSync(join(tmpdir(), 'trove-pot-'));
  try {
    const extraFile = join(temp, 'metadata.po');
    writeFileSync(extraFile, `msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n${extra.join('\n')}`);
    const sources = [...filesUnder(plugin, '.php'), ...filesUnder(join(plugin, 'assets'), '.js')]
      .map((file) => relative(plugin, file))
      .filter((file) => !file.startsWith('assets/chunks/') && file !== 'assets/trove.js');
    const out = execFileSync(
      'xgettext',
      [
        '--from-code=UTF-8',
        '--add-comments=translators:',
        '--no-wrap',
        '--keyword',
        ...WORDPRESS_KEYWORDS.map((keyword) => `--keyword=${keyword}`),
        '--output=-',
        extraFile,
        ...sources,
      ],
      { cwd: plugin, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    );
    // xgettext's own header (PACKAGE VERSION, CHARSET) replaced by the plugin's; the temporary file's name by what it stands for.
    const body = out
      .slice(out.indexOf('\n\n') + 2)
      .replace(new RegExp(`^#: ${extraFile.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:\\d+\\n`, 'gm'), '');
    const header = [
      '# Copyright (C) Trove',
      '# This file is distributed under the MIT license.',
      'msgid ""',
      'msgstr ""',
      `"Project-Id-Version: Trove Search ${version}\\n"`,
      '"Report-Msgid-Bugs-To: https://github.com/trove-search/trove/issues\\n"',
      '"MIME-Version: 1.0\\n"',
      '"Content-Type: text/plain; charset=UTF-8\\n"',
      '"Content-Transfer-Encoding: 8bit\\n"',
      `"X-Domain: ${TEXT_DOMAIN}\\n"`,
      '"X-Generator: scripts/makePot.ts (xgettext)\\n"',
    ].join('\n');
    return `${header}\n\n${body}`;
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const plugin = new URL('../integrations/wordpress/trove-search', import.meta.url).pathname;
  const file = join(plugin, 'languages', `${TEXT_DOMAIN}.pot`);
  writeFileSync(file, makePot(plugin));
  console.log(`${relative(process.cwd(), file)} written`);
}
