/**
 * The one declaration of an element attribute: its type and default (a value of
 * `core/defaults.ts`); the view prop and controller setting it feeds is its name in camelCase
 * (`min-chars` → `minChars`; a `no-` boolean feeds the setting it turns off: `no-url-sync` →
 * `urlSync: false`, see `propName`); its meaning is the JSDoc comment above
 * it (kept out of the bundles, read by editors and by the manifest analyzer). Each element
 * declares its attributes once (`searchBoxAttributes`, …); observed attributes, parsing
 * (`parseAttribute`), the view's props (`AttributeProps`), the JSX, Vue and Svelte
 * typings (`JsxAttributes`), `custom-elements.json` and README's tables all come from those
 * declarations.
 */
export interface AttributeSpec {
  /**
   * `string` (trimmed; empty = missing); `text` (as written, empty included); `id` (a string, or
   * a number in JSX); `number` (a whole number from 1, see `parseLimit`); `boolean` (present =
   * on); `list` (`field:"value"` filters separated by whitespace, see `splitFilters`); or the
   * list of allowed words.
   */
  readonly type: 'string' | 'text' | 'id' | 'number' | 'boolean' | 'list' | readonly string[];
  /** The value when the attribute is missing or invalid. */
  readonly default?: string | number;
  /** Largest accepted number (`number` only). */
  readonly max?: number;
  /** The element shows an explained error without it. */
  readonly required?: boolean;
}

export type AttributeSpecs = Readonly<Record<string, AttributeSpec>>;

/** The parsed value of an attribute of spec `S`. */
export type AttributeValue<S extends AttributeSpec> = S['type'] extends 'boolean'
  ? boolean
  : S['type'] extends 'list'
    ? readonly string[]
    :
        | (S['type'] extends 'number' ? number : S['type'] extends readonly (infer W)[] ? W : string)
        | (S extends { default: string | number } ? never : null);

/** `results-url` → `resultsUrl`. */
type Camel<N extends string> = N extends `${infer Head}-${infer Tail}` ? `${Head}${Capitalize<Camel<Tail>>}` : N;
/** The prop an attribute named `N` feeds: its name in camelCase, without the `no-` of an off switch. */
type PropName<N> = N extends `no-${infer Rest}` ? Camel<Rest> : N extends string ? Camel<N> : never;

/** The prop an attribute feeds (see `PropName`): `min-chars` → `minChars`, `no-url-sync` → `urlSync`. */
export const propName = (name: string): string => name.replace(/^no-/, '').replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());

/**
 * The view props a set of declarations feeds (`PropName`): required ones required, the rest
 * optional. Of no particular declaration (`TroveElement`'s own view): anything.
 */
// biome-ignore lint/suspicious/noExplicitAny: a subclass's view takes the props of its own declaration
export type AttributeProps<S extends AttributeSpecs> = string extends keyof S ? any : DeclaredProps<S>;

type DeclaredProps<S extends AttributeSpecs> = {
  -readonly [N in keyof S as S[N] extends { required: true } ? PropName<N> : never]: NonNullable<AttributeValue<S[N]>>;
} & {
  -readonly [N in keyof S as S[N] extends { required: true } ? never : PropName<N>]?: AttributeValue<S[N]>;
};

/** What a JSX prop of spec `S` accepts. */
type JsxValue<S extends AttributeSpec> = S['type'] extends 'boolean'
  ? boolean | ''
  : S['type'] extends 'number' | 'id'
    ? number | string
    : S['type'] extends readonly (infer W)[]
      ? W
      : string;

/** The JSX props of a set of attributes: required ones required, the rest optional. */
export type JsxAttributes<S extends AttributeSpecs> = {
  -readonly [K in keyof S as S[K] extends { required: true } ? K : never]: JsxValue<S[K]>;
} & {
  -readonly [K in keyof S as S[K] extends { required: true } ? never : K]?: JsxValue<S[K]>;
};
