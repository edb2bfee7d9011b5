import { signal } from '@preact/signals';
import type { ApiVersion } from '../api/types.ts';
import type { Messages } from '../ui/translate.ts';

/** Settings shared by every element on the page (README, Settings). */
export interface TroveConfig {
  baseUrl?: string;
  project?: string;
  collection?: string;
  token?: string;
  apiVersion?: ApiVersion;
  userId?: string;
  /** `false` sends no click feedback. */
  analytics?: boolean;
  /** Overrides of any subset of the English texts. */
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
