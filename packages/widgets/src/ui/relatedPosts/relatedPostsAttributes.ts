import * as defaults from '../../core/defaults.ts';
import type { AttributeSpecs } from '../attributeSpec.ts';

/** The attributes of `<trove-related-posts>` (besides the shared ones), declared once. */
export const relatedPostsAttributes = {
  /** Id of the current document (default: the id `trove index` gives the page’s canonical address; a non-numeric id is hashed the same way). */
  'doc-id': { type: 'id' },
  /** Title of the current document (default `document.title`). */
  'doc-title': { type: 'text' },
  /** Address of the current document (default the canonical link, else the page’s). */
  'doc-url': { type: 'text' },
  /** Number of posts (1 to 24). */
  limit: { type: 'number', default: defaults.relatedLimit, max: defaults.relatedMaxLimit },
  /** One or more `field:"value"` separated by whitespace (v2 only). */
  filter: { type: 'list' },
  /** Sort, e.g. `date desc` (v2 only). */
  sort: { type: 'string' },
  /** Heading above the posts (default “Related posts”; empty hides it). */
  heading: { type: 'text' },
  /** A list of rows or a grid of cards. */
  layout: { type: ['list', 'grid'], default: defaults.relatedLayout },
  /** Load at once instead of when the block nears the viewport. */
  eager: { type: 'boolean' },
} as const satisfies AttributeSpecs;
