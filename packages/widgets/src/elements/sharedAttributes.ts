import type { AttributeSpecs } from '../ui/attributeSpec.ts';

/**
 * Attributes every element takes (README, Settings). The connection settings fall back to
 * `configure()` and then to the `<script>` tag's `data-*` (see `resolveConfig`).
 */
export const sharedAttributes = {
  /** Address of the search service (else `configure({ baseUrl })` or `data-base-url`). */
  'base-url': { type: 'string' },
  /** Project name (else `configure()` or `data-project`). */
  project: { type: 'string' },
  /** Collection name (else `configure()` or `data-collection`). */
  collection: { type: 'string' },
  /** Public access key, sent as `token=` (else `configure()` or `data-token`). */
  token: { type: 'string' },
  /** Version of the service API. */
  'api-version': { type: ['v1', 'v2'], default: 'v2' },
  /** Handler name of this element’s endpoint (default: the service’s own). */
  handler: { type: 'string' },
  /** Sent as `user_id` with every request. */
  'user-id': { type: 'string' },
  /** Send no click feedback. */
  'no-analytics': { type: 'boolean' },
  /** Draw with the browser’s own light or dark colours, not the page’s (default: the page’s). */
  theme: { type: ['light', 'dark'] },
  /** The language of its texts (else `configure({ lang })`, `data-lang`, the nearest `lang` around it, `<html lang>`). */
  lang: { type: 'string' },
} as const satisfies AttributeSpecs;
