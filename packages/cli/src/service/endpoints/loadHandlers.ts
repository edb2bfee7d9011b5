/**
 * Custom handlers (named request configurations, docs/http-api.md), declared in a JSON file:
 *
 *     {
 *       "search":       { "news":   { "filters": ["category:\"News\""], "boost": { "title": 4 }, "limit": 5 } },
 *       "autocomplete": { "titles": { "boost": { "title": 10 }, "limit": 5 } },
 *       "recommend":    { "sameAuthor": { "limit": 6 } }
 *     }
 *
 * `filters` always apply (AND with the request's), `boost.title` weighs title matches against
 * content, `limit` is the default when the request sends none. Built-in names always exist:
 * search `default`, autocomplete `suggest`, recommend `recommend` (a file may re-declare them to
 * change their settings). A file that does not follow this shape is refused at start-up.
 */
import { readFileSync } from 'node:fs';
import { defaultHandler, ENDPOINTS, type EndpointRow } from 'trove-search-client';
import { parseFilter } from './parseFilter.ts';
import type { EndpointKind, HandlerSettings } from '../types.ts';

export type Handlers = Record<EndpointKind, Record<string, HandlerSettings>>;

/** The built-in handler of each group: the default handler of the group's own endpoint (src/api/endpoints.ts). */
export const BUILT_IN_HANDLERS = Object.fromEntries(
  (Object.values(ENDPOINTS) as EndpointRow[]).flatMap((row) => (row.kind === row.handlers?.group ? [[row.kind, defaultHandler(row)]] : [])),
) as Record<EndpointKind, string>;

const KINDS = Object.keys(BUILT_IN_HANDLERS) as EndpointKind[];

function emptyHandlers(): Handlers {
  return Object.fromEntries(KINDS.map((kind) => [kind, {}])) as Handlers;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Checks a parsed handlers config; `where` names the source in messages. */
export function validateHandlers(config: unknown, where: string): Handlers {
  const fail = (problem: string): never => {
    throw new Error(`Invalid handlers config ${where}: ${problem}`);
  };
  if (!isObject(config)) fail('the top level must be an object with "search", "autocomplete" and/or "recommend"');
  const handlers = emptyHandlers();
  for (const [kind, group] of Object.entries(config as Record<string, unknown>)) {
    if (!Object.hasOwn(handlers, kind)) fail(`unknown endpoint kind "${kind}" (use ${KINDS.join(', ')})`);
    if (!isObject(group)) fail(`"${kind}" must be an object of handler name → settings`);
    for (const [name, settings] of Object.entries(group as Record<string, unknown>)) {
      const at = `${kind}.${name}`;
      if (!/^[A-Za-z0-9_.~-]+$/.test(name)) fail(`handler name "${name}" must be letters, digits, "_", "-", "." or "~"`);
      if (!isObject(settings)) fail(`${at} must be an object`);
      const s = settings as Record<string, unknown>;
      for (const key of Object.keys(s)) {
        if (!['filters', 'boost', 'limit'].includes(key)) fail(`${at}: unknown setting "${key}" (use filters, boost, limit)`);
      }
      const out: HandlerSettings = {};
      if (s.filters !== undefined) {
        if (!Array.isArray(s.filters) || s.filters.some((f) => typeof f !== 'string')) fail(`${at}.filters must be an array of strings`);
        for (const f of s.filters as string[]) {
          try {
            parseFilter(f, 'v1');
          } catch (error) {
            fail(`${at}.filters: ${(error as Error).message}`);
          }
        }
        out.filters = [...(s.filters as string[])];
      }
      if (s.boost !== undefined) {
        const title = isObject(s.boost) ? s.boost.title : undefined;
        if (
          !isObject(s.boost) ||
          Object.keys(s.boost).some((k) => k !== 'title') ||
          (title !== undefined && (typeof title !== 'number' || !(title > 0)))
        ) {
          fail(`${at}.boost must be { "title": <positive number> }`);
        }
        out.boost = { title: title as number | undefined };
      }
      if (s.limit !== undefined) {
        if (typeof s.limit !== 'number' || !Number.isInteger(s.limit) || s.limit < 0 || s.limit > 100)
          fail(`${at}.limit must be an integer 0..100`);
        out.limit = s.limit as number;
      }
      handlers[kind as EndpointKind][name] = out;
    }
  }
  return handlers;
}

export function loadHandlers(file: string | undefined): Handlers {
  if (!file) return emptyHandlers();
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(`Cannot read handlers config ${file}: ${(error as Error).message}`);
  }
  let config: unknown;
  try {
    config = JSON.parse(text);
  } catch (error) {
    throw new Error(`Invalid handlers config ${file}: not JSON (${(error as Error).message})`);
  }
  return validateHandlers(config, file);
}
