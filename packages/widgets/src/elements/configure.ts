import { signal } from '@preact/signals';
import type { ApiVersion } from 'trove-search-client';
import type { Messages } from '../ui/translate.ts';

/**
 * Settings that place elements on the page without a template edit (README, "Without a template
 * edit"; `placingSettings` in readScriptConfig.ts names those the loader looks for). Each takes
 * effect once, when first set.
 */
export interface PlacingConfig {
  /**
   * The theme's search forms become `<trove-search-box>`es (the form kept inside as the fallback,
   * sending where it did) and its search buttons (`[data-ghost-search]`) open one as a panel.
   */
  takeOverSearch?: boolean;
  /** On an article's page, a `<trove-related-posts>` after the first element this selector matches. */
  relatedAfter?: string;
  /** Attributes of that `<trove-related-posts>`: `{ limit: '3', heading: 'Read next' }`. */
  related?: Record<string, string>;
}

/** Settings shared by every element on the page (README, Settings). */
export interface TroveConfig extends PlacingConfig {
  baseUrl?: string;
  project?: string;
  collection?: string;
  token?: string;
  apiVersion?: ApiVersion;
  userId?: string;
  /** `false` sends no click feedback. */
  analytics?: boolean;
  /** The language of every element's texts (`fr`, `pt-BR` …) instead of the page's `lang`; an element's own `lang` still wins. */
  lang?: string;
  /** Overrides of any subset of the texts, in whatever language they are. */
  translations?: Partial<Messages>;
}

/** What `configure()` set (middle priority). */
export const configured = signal<TroveConfig>({});
/** What the `<script>` tag's `data-*` attributes say (lowest priority). */
export const scriptConfig = signal<TroveConfig>({});

/**
 * Set page-wide settings for every Trove element (element attributes still win). Calls merge:
 * `configure({ token })` keeps an earlier `baseUrl`. Elements already on the page update.
 */
export function configure(config: TroveConfig): void {
  const translations = { ...configured.value.translations, ...config.translations };
  configured.value = { ...configured.value, ...config, translations };
}
