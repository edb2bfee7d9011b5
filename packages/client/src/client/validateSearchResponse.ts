import { ResponseError } from '../ResponseError.ts';
import { safeUrl } from '../safeUrl.ts';
import type { RequestInfo } from '../TroveError.ts';
import type { FacetBucket, FacetGroup, Facets, SearchResponse, SearchResult, Suggestion } from '../types.ts';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const strings = (v: unknown): string[] | undefined => (Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : undefined);
const id = (v: unknown): string | undefined => ((typeof v === 'string' && v !== '') || typeof v === 'number' ? String(v) : undefined);

/** Sets `key` to `value`, or removes it when `value` is undefined (so optional fields are absent, not wrong). */
function put(out: Obj, key: string, value: unknown): void {
  if (value === undefined) delete out[key];
  else out[key] = value;
}

/**
 * Result record: dropped without an `id`; `title`/`content`/`date` not strings → `''`; `url`
 * unsafe (`javascript:` …) or missing → `''`; `image` unsafe → removed; `categories`/`tags` keep
 * their string items (removed when not arrays). Unknown fields pass through.
 */
function toResult(r: unknown): SearchResult | undefined {
  if (!isObj(r) || id(r.id) === undefined) return undefined;
  const out: Obj = { ...r, id: id(r.id), title: str(r.title), content: str(r.content), url: safeUrl(r.url) ?? '', date: str(r.date) };
  put(out, 'image', safeUrl(r.image));
  put(out, 'categories', strings(r.categories));
  put(out, 'tags', strings(r.tags));
  return out as unknown as SearchResult;
}

/**
 * Suggestion: needs a string `phrase`. `navigational` needs a safe `url` (else dropped: it is a
 * link); `id` → string (`''` when missing); `category` keeps its strings. `filter` needs at least
 * one string in `filters` (else dropped). Any other `suggestion_type` is dropped.
 */
function toSuggestion(s: unknown): Suggestion | undefined {
  if (!isObj(s) || typeof s.phrase !== 'string') return undefined;
  const out: Obj = { ...s };
  if (s.suggestion_type === 'navigational') {
    const url = safeUrl(s.url);
    if (!url) return undefined;
    Object.assign(out, { id: id(s.id) ?? '', url });
    put(out, 'date', typeof s.date === 'string' ? s.date : undefined);
    put(out, 'category', strings(s.category));
  } else if (s.suggestion_type === 'filter') {
    const filters = strings(s.filters);
    if (!filters?.length) return undefined;
    out.filters = filters;
    put(out, 'url', safeUrl(s.url));
  } else return undefined;
  return out as unknown as Suggestion;
}

/** Facet group: buckets without a numeric `count` or a usable `value` are dropped; `year` values become numbers. */
function toGroup(g: unknown, numeric: boolean): FacetGroup<string | number> | undefined {
  if (!isObj(g) || !Array.isArray(g.buckets)) return undefined;
  const buckets: FacetBucket<string | number>[] = [];
  for (const b of g.buckets) {
    if (!isObj(b) || typeof b.count !== 'number') continue;
    const value = numeric ? Number(b.value) : b.value;
    if (numeric ? b.value === '' || !Number.isFinite(value) : typeof value !== 'string') continue;
    buckets.push({ value: value as string | number, count: b.count });
  }
  return { buckets };
}

function toFacets(f: unknown): Facets | null {
  if (!isObj(f)) return null;
  const out: Obj = { ...f };
  put(out, 'count', typeof f.count === 'number' ? f.count : undefined);
  for (const name of ['categories', 'tags', 'authors', 'year']) if (name in f) put(out, name, toGroup(f[name], name === 'year'));
  return out as Facets;
}

/**
 * Checks the `response` object of search, autocomplete and recommend: an object with a numeric
 * `found_documents` and a `results` array, else `ResponseError`. Malformed records inside are
 * dropped or normalised (see `toResult`, `toSuggestion`, `toGroup`) instead of failing the whole
 * answer; `facets` that is not an object becomes `null`. Returns new objects (the input is not changed).
 */
export function validateSearchResponse(response: unknown, kind: 'suggestions', info: RequestInfo): SearchResponse<Suggestion>;
export function validateSearchResponse(response: unknown, kind: 'results', info: RequestInfo): SearchResponse<SearchResult>;
export function validateSearchResponse(
  response: unknown,
  kind: 'results' | 'suggestions',
  info: RequestInfo,
): SearchResponse<SearchResult | Suggestion> {
  const problem = !isObj(response)
    ? 'response is not an object'
    : typeof response.found_documents !== 'number' || !Number.isFinite(response.found_documents)
      ? 'found_documents is not a number'
      : !Array.isArray(response.results)
        ? 'results is not an array'
        : '';
  if (problem) throw new ResponseError(problem, response, info);
  const r = response as Obj & { found_documents: number; results: unknown[] };
  const toRecord: (r: unknown) => SearchResult | Suggestion | undefined = kind === 'results' ? toResult : toSuggestion;
  return {
    ...r,
    found_documents: r.found_documents,
    results: r.results.map(toRecord).filter((x) => x !== undefined),
    facets: toFacets(r.facets),
    spelling: r.spelling ?? null,
  };
}
