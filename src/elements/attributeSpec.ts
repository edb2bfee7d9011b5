/**
 * The one declaration of an element attribute: its type and default; its meaning is the JSDoc
 * comment above it (kept out of the bundles, read by editors and by the manifest analyzer).
 * Each element declares its attributes once (`searchBoxAttributes`, …); observed attributes,
 * parsing (`parseAttribute`), the JSX, Vue and Svelte typings (`JsxAttributes`) and
 * `custom-elements.json` all come from those declarations.
 */
export interface AttributeSpec {
  /**
   * `string`; `id` (a string, or a number in JSX); `number` (a whole number from 1, see
   * `parseLimit`); `boolean` (present = on); or the list of allowed words.
   */
  readonly type: 'string' | 'id' | 'number' | 'boolean' | readonly string[];
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
  :
      | (S['type'] extends 'number' ? number : S['type'] extends readonly (infer W)[] ? W : string)
      | (S extends { default: string | number } ? never : null);

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
