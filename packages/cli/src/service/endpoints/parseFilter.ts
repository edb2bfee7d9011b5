/**
 * `filter` parameters: `<field>:"<value>"`, read by the client's own `parseFilter` (the same
 * grammar on both sides), with the service's stricter rules on top: `\"` and `\\` are the only
 * escapes, and nothing may precede the field or follow the closing quote. Anything else → 400.
 *
 * Field names: those src/api/filterFields.ts gives the version (`filterFields`, and `fieldAliases` in facetOfField.ts;
 * v1 also takes the v2 ones) and, in v1, `meta_sa` (a list field that
 * documents may carry; a filter on it matches only documents indexed with that value). `year`
 * values must be a 4-digit year.
 */
import { parseFilter as parseClientFilter } from 'trove-search-client';
import { fieldAliases } from 'trove-search-client';
import { facetNames, filterFields } from 'trove-search-client';
import type { ApiVersion } from 'trove-search-client';
import type { FieldFilter, FilterField } from '../engine/Engine.ts';
import { ServiceError } from '../ServiceError.ts';

/** The field names a filter may use in `version`: the table's names and their aliases (the `_sa` ones v1's); v1 also takes every v2 spelling. */
function fieldNames(version: ApiVersion): Map<string, FilterField> {
  const names = new Map<string, FilterField>();
  for (const v of version === 'v1' ? (['v2', 'v1'] as const) : (['v2'] as const)) {
    for (const facet of facetNames) names.set(filterFields[facet][v], facet);
    for (const [alias, facet] of Object.entries(fieldAliases)) if (alias.endsWith('_sa') === (v === 'v1')) names.set(alias, facet);
  }
  return names;
}

const V2_FIELDS: ReadonlyMap<string, FilterField> = fieldNames('v2');
const V1_FIELDS: ReadonlyMap<string, FilterField> = fieldNames('v1').set('meta_sa', 'meta');

const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const RAW_VALUE = /^(?:[^"\\]|\\["\\])*$/s;

export function parseFilter(raw: string, version: ApiVersion): FieldFilter {
  const parsed = parseClientFilter(raw);
  // The client tolerates spaces around the filter and any escaped character; the service does not.
  const rawValue = parsed ? raw.slice(parsed.field.length + 2, -1) : '';
  if (!parsed || raw !== raw.trim() || !FIELD_NAME.test(parsed.field) || !RAW_VALUE.test(rawValue)) {
    throw new ServiceError(
      400,
      `Malformed filter ${JSON.stringify(raw)}: expected <field>:"<value>" with \\" and \\\\ as the only escapes`,
    );
  }
  const fields = version === 'v1' ? V1_FIELDS : V2_FIELDS;
  const field = fields.get(parsed.field);
  if (!field) {
    throw new ServiceError(
      400,
      `Unknown filter field "${parsed.field}" in ${JSON.stringify(raw)}: ${version} accepts ${[...fields.keys()].join(', ')}`,
    );
  }
  if (field === 'year' && !/^\d{4}$/.test(parsed.value)) {
    throw new ServiceError(400, `Filter ${JSON.stringify(raw)}: year must be a 4-digit year`);
  }
  return { field, value: parsed.value };
}
