import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pluginEntries } from '../../scripts/buildWordPressZip.ts';
import { compileTranslations, jedJson, parsePo, writeMo } from '../../scripts/compileTranslations.ts';
import { makePot } from '../../scripts/makePot.ts';

const root = new URL('../..', import.meta.url).pathname;
const plugin = join(root, 'integrations/wordpress/trove-search');
const pot = readFileSync(join(plugin, 'languages/trove-search.pot'), 'utf8');
const german = readFileSync(join(plugin, 'languages/trove-search-de_DE.po'), 'utf8');
const key = (entry: { context?: string; id: string }) => `${entry.context ?? ''}\u0004${entry.id}`;
/** The printf placeholders of a text (`%d`, `%1$s` …), sorted. */
const placeholders = (text: string) => (text.match(/%(\d+\$)?[sd]/g) ?? []).sort();

describe("the WordPress plugin's translations", () => {
  it('has a .pot that is what makePot writes from the sources today', () => {
    expect(pot).toBe(makePot(plugin));
  });

  it("takes the PHP's, the editor script's, the blocks' and the header's texts, with WordPress's contexts", () => {
    const entries = parsePo(pot);
    const find = (id: string, context?: string) => entries.find((entry) => entry.id === id && entry.context === context);
    expect(find('Check connection')?.references.some((r) => r.startsWith('includes/class-trove-admin.php:'))).toBe(true);
    expect(find('Load at once (not when scrolled near)')?.references.some((r) => r.startsWith('assets/blocks-editor.js:'))).toBe(true);
    expect(find('Trove search box', 'block title')?.references).toEqual(['blocks/search-box/block.json']);
    expect(find('autocomplete', 'block keyword')).toBeDefined();
    expect(find('Trove Search')?.comments).toContain('Plugin Name of the plugin');
    const plural = find('%d change waits to be sent.');
    expect(plural?.plural).toBe('%d changes wait to be sent.');
  });

  it('has a translators: comment on every text with a placeholder', () => {
    const missing = parsePo(pot)
      .filter((entry) => entry.id !== '' && placeholders(entry.id).length > 0)
      .filter((entry) => !entry.comments.some((comment) => comment.startsWith('translators:')))
      .map((entry) => entry.id);
    expect(missing).toEqual([]);
  });

  it('has German (de_DE) for every text of the .pot and no other, each with its placeholders, in the du form', () => {
    const template = parsePo(pot).filter((entry) => entry.id !== '');
    const translation = parsePo(german).filter((entry) => entry.id !== '');
    expect(translation.map(key).sort()).toEqual(template.map(key).sort());
    for (const entry of translation) {
      expect(entry.flags, entry.id).not.toContain('fuzzy');
      expect(entry.strings.length, entry.id).toBe(entry.plural === undefined ? 1 : 2);
      for (const [i, text] of entry.strings.entries()) {
        expect(text, entry.id).not.toBe('');
        expect(placeholders(text), entry.id).toEqual(placeholders(i === 0 ? entry.id : (entry.plural ?? entry.id)));
        // WordPress's de_DE speaks to its user as "du": no "Sie" form addressing the reader.
        expect(text, entry.id).not.toMatch(/\b(Ihnen|Ihr|Ihre|Ihren|Ihrem|Ihres)\b|\b(klicken|versuchen|laden) Sie\b/);
      }
    }
  });

  it('writes a .mo that gettext reads back as the .po (contexts and plurals included)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'trove-mo-'));
    try {
      const entries = parsePo(german);
      writeFileSync(join(dir, 'de.mo'), writeMo(entries));
      const back = parsePo(execFileSync('msgunfmt', [join(dir, 'de.mo')], { encoding: 'utf8' }));
      const strings = (list: typeof entries) => Object.fromEntries(list.map((entry) => [key(entry), entry.strings]));
      expect(strings(back)).toEqual(strings(entries));
      expect(back.find((entry) => entry.id === 'Trove search box' && entry.context === 'block title')?.strings).toEqual([
        'Trove: Suchfeld',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('leaves fuzzy and untranslated texts out of the .mo, as msgfmt does', () => {
    const entries = parsePo('msgid "a"\nmsgstr "A"\n\n#, fuzzy\nmsgid "b"\nmsgstr "B"\n\nmsgid "c"\nmsgstr ""\n');
    const mo = writeMo(entries);
    expect(mo.readUInt32LE(8)).toBe(1);
  });

  it('gives the editor script its own texts as Jed JSON, under the name WordPress looks for', () => {
    const files = Object.fromEntries(compileTranslations(plugin));
    const md5 = createHash('md5').update('assets/blocks-editor.js').digest('hex');
    expect(Object.keys(files).sort()).toEqual([`languages/trove-search-de_DE-${md5}.json`, 'languages/trove-search-de_DE.mo']);
    const json = JSON.parse(files[`languages/trove-search-de_DE-${md5}.json`]!.toString()) as {
      locale_data: { messages: Record<string, unknown> };
    };
    const messages = json.locale_data.messages;
    expect(messages['']).toMatchObject({ lang: 'de_DE', 'plural-forms': 'nplurals=2; plural=(n != 1);' });
    expect(messages['Load at once (not when scrolled near)']).toEqual(['Sofort laden (nicht erst beim Hinscrollen)']);
    // Only the script's: the settings page's texts stay in the .mo.
    expect(messages['Check connection']).toBeUndefined();
    expect(JSON.parse(jedJson(parsePo(german), 'assets/other.js')).locale_data.messages).toEqual({ '': messages[''] });
  });

  it('ships the .mo and the JSON in the zip beside the .po and the .pot', () => {
    const dir = mkdtempSync(join(tmpdir(), 'trove-wpzip-i18n-'));
    try {
      const fake = join(dir, 'packages/widgets/dist');
      execFileSync('mkdir', ['-p', join(fake, 'chunks'), join(dir, 'integrations/wordpress')]);
      execFileSync('cp', ['-r', plugin, join(dir, 'integrations/wordpress/trove-search')]);
      writeFileSync(join(fake, 'trove.js'), 'loader');
      const names = pluginEntries(dir).map((entry) => entry.name);
      expect(names).toContain('trove-search/languages/trove-search.pot');
      expect(names).toContain('trove-search/languages/trove-search-de_DE.po');
      expect(names).toContain('trove-search/languages/trove-search-de_DE.mo');
      expect(names.filter((name) => /de_DE-[0-9a-f]{32}\.json$/.test(name))).toHaveLength(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
