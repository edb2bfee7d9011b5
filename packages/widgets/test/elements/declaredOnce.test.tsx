import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, expectTypeOf, it } from 'vitest';
import { attributeTable } from '../../../../scripts/attributeTables.ts';
import type { TroveTagAttributes } from '../../src/elements/attributes.ts';
import { configure, configured } from '../../src/elements/configure.ts';
import { defineElement } from '../../src/elements/defineElement.ts';
import { elements, type TroveTagName } from '../../src/elements/defineElements.ts';
import { TroveElement, type ElementContext } from '../../src/elements/TroveElement.ts';
import type { TroveVueProps } from '../../src/jsx-vue.ts';
import { type AttributeSpec, type AttributeSpecs, propName } from '../../src/ui/attributeSpec.ts';
import type { RelatedPostsProps } from '../../src/ui/relatedPosts/RelatedPosts.tsx';
import type { SearchBoxProps } from '../../src/ui/searchBox/SearchBox.tsx';
import type { SearchResultsProps } from '../../src/ui/searchResults/SearchResults.tsx';

/**
 * A setting is declared once (`ui/<element>/<element>Attributes.ts`): from there it reaches the element (observed,
 * parsed, handed to the view as its camelCase prop), the typings, custom-elements.json and README's table.
 */
const root = join(import.meta.dirname, '../..');
const manifest = JSON.parse(readFileSync(join(root, 'custom-elements.json'), 'utf8'));
const readme = readFileSync(join(root, '../../README.md'), 'utf8');
const connection = { baseUrl: 'https://search.example', project: 'p', collection: 'c', token: 't' };

/** A value of the attribute's type as written in HTML, and what the view gets for it. */
function sample(name: string, spec: AttributeSpec): [string, unknown] {
  if (spec.type === 'boolean') return ['', !name.startsWith('no-')];
  if (spec.type === 'number') return ['3', 3];
  if (spec.type === 'list') return ['tags:"a b" category:"c"', ['tags:"a b"', 'category:"c"']];
  if (Array.isArray(spec.type)) return [spec.type[spec.type.length - 1], spec.type[spec.type.length - 1]];
  return ['some text', 'some text'];
}

/** The props the element hands its view, with each declared attribute set to `sample`. */
function propsOf(tag: TroveTagName, declared: AttributeSpecs): Record<string, unknown> {
  let seen: Record<string, unknown> = {};
  const Probe = class extends (elements[tag] as unknown as typeof TroveElement) {
    protected override renderView(ctx: ElementContext) {
      seen = ctx.props;
      return null;
    }
  };
  const probeTag = `probe-${tag}`;
  defineElement(probeTag, Probe);
  const element = document.createElement(probeTag);
  for (const [name, spec] of Object.entries(declared)) element.setAttribute(name, sample(name, spec)[0]);
  document.body.append(element);
  return seen;
}

describe('an attribute declared once', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    configured.value = {};
  });

  for (const [tag, element] of Object.entries(elements) as [TroveTagName, (typeof elements)[TroveTagName]][]) {
    const declared = element.attributes as AttributeSpecs;
    describe(`<${tag}>`, () => {
      it('is observed by the element and reaches its view, parsed, under its name in camelCase', () => {
        configure(connection);
        expect(element.observedAttributes).toEqual(expect.arrayContaining(Object.keys(declared)));
        const props = propsOf(tag, declared);
        for (const [name, spec] of Object.entries(declared)) expect(props[propName(name)], name).toEqual(sample(name, spec)[1]);
      });

      it('is in custom-elements.json with its type, default and meaning, and in README’s table', () => {
        const described = manifest.modules
          .flatMap((m: { declarations: unknown[] }) => m.declarations)
          .find((d: { tagName: string }) => d.tagName === tag);
        const table = attributeTable(manifest, tag);
        for (const [name, spec] of Object.entries(declared)) {
          const attribute = described.attributes.find((a: { name: string }) => a.name === name);
          expect(attribute?.description, name).toBeTruthy();
          expect(attribute?.default, name).toBe(spec.default === undefined ? undefined : JSON.stringify(spec.default));
          const row = table.split('\n').find((line) => line.startsWith(`| \`${name}\` `));
          expect(row, name).toContain(attribute.description);
          if (spec.default !== undefined) expect(row, name).toContain(`\`${spec.default}\``);
        }
        expect(readme).toContain(table);
      });
    });
  }

  it('is in the JSX, Vue and Svelte typings and in the view’s props', () => {
    type Declared<T extends TroveTagName> = keyof Extract<(typeof elements)[T]['attributes'], AttributeSpecs>;
    expectTypeOf<TroveTagAttributes['trove-search-box']>().toHaveProperty('min-chars');
    expectTypeOf<Pick<TroveTagAttributes['trove-search-box'], Declared<'trove-search-box'>>>().not.toBeNever();
    expectTypeOf<Pick<TroveTagAttributes['trove-search-results'], Declared<'trove-search-results'>>>().not.toBeNever();
    expectTypeOf<Pick<TroveTagAttributes['trove-related-posts'], Declared<'trove-related-posts'>>>().not.toBeNever();
    expectTypeOf<TroveVueProps['trove-search-box']>().toHaveProperty('min-chars');
    expectTypeOf<SearchBoxProps>().toHaveProperty('minChars').toEqualTypeOf<number | undefined>();
    expectTypeOf<SearchResultsProps>().toHaveProperty('urlSync').toEqualTypeOf<boolean | undefined>();
    expectTypeOf<RelatedPostsProps>().toHaveProperty('docId').toEqualTypeOf<string | null | undefined>();
    expectTypeOf<RelatedPostsProps>().toHaveProperty('filter').toEqualTypeOf<readonly string[] | undefined>();
  });

  it('is all a new setting needs to reach a view: one line', async () => {
    const declared = { 'page-size': { type: 'number', default: 7 } } as const satisfies AttributeSpecs;
    let seen: unknown;
    class Demo extends TroveElement {
      static override attributes = declared;
      protected override renderView(ctx: ElementContext<typeof declared>) {
        expectTypeOf(ctx.props.pageSize).toEqualTypeOf<number | undefined>();
        seen = ctx.props.pageSize;
        return null;
      }
    }
    defineElement('trove-declared-once-demo', Demo);
    configure(connection);
    const element = document.createElement('trove-declared-once-demo');
    document.body.append(element);
    expect(seen).toBe(7);
    element.setAttribute('page-size', '12');
    await new Promise((resolve) => setTimeout(resolve));
    expect(seen).toBe(12);
  });
});
