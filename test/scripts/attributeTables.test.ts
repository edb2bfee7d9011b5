import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SHARED, attributeTable, withAttributeTables } from '../../scripts/attributeTables.ts';
import { sharedAttributes } from '../../packages/widgets/src/elements/sharedAttributes.ts';

const root = join(import.meta.dirname, '../..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const manifest = JSON.parse(readFileSync(join(root, 'packages/widgets/custom-elements.json'), 'utf8'));

describe("README's attribute tables", () => {
  it('are what the element declarations give (run npm run manifest after changing one)', () => {
    expect(readme).toContain('<!-- attributes: trove-search-box -->');
    expect(readme).toContain('<!-- attributes: trove-search-results -->');
    expect(readme).toContain('<!-- attributes: trove-related-posts -->');
    expect(withAttributeTables(readme, manifest)).toBe(readme);
  });

  it('leave the shared attributes to the Settings table, which lists exactly those', () => {
    expect(SHARED).toEqual(Object.keys(sharedAttributes));
    const settings = readme.slice(readme.indexOf('## Settings'), readme.indexOf('### `<trove-search-box>`'));
    const names = [...settings.matchAll(/^\| `([a-z-]+)`/gm)].map((m) => m[1]);
    expect(names).toEqual(SHARED);
    expect(attributeTable(manifest, 'trove-search-box')).not.toContain('`base-url`');
  });

  it('write one row per attribute with its type, default and meaning, escaping pipes', () => {
    const table = attributeTable(
      {
        modules: [
          {
            declarations: [
              {
                tagName: 'x-demo',
                attributes: [
                  { name: 'token', type: { text: 'string' }, description: 'shared' },
                  { name: 'layout', type: { text: "'list' | 'grid'" }, default: '"list"', description: 'How | shown' },
                ],
              },
            ],
          },
        ],
      },
      'x-demo',
    ).split('\n');
    expect(table).toHaveLength(3);
    expect(table[2]).toBe('| `layout`  | `list` \\| `grid` | `list`  | How \\| shown |');
  });

  it('replace only what is between the markers, and say when an element is missing', () => {
    const text = 'a\n<!-- attributes: x-demo -->\nold\n<!-- /attributes -->\nb';
    const demo = { modules: [{ declarations: [{ tagName: 'x-demo', attributes: [{ name: 'n', description: 'd' }] }] }] };
    expect(withAttributeTables(text, demo)).toBe(
      'a\n<!-- attributes: x-demo -->\n| attribute | type   | default | meaning |\n| --------- | ------ | ------- | ------- |\n| `n`       | string |         | d       |\n<!-- /attributes -->\nb',
    );
    expect(() => attributeTable(demo, 'x-other')).toThrow('custom-elements.json has no <x-other>');
  });
});
