// @ts-check
/**
 * The numbers behind the demo's analytics page, from the local service's feedback log
 * (`GET /_trove/feedback`). Plain browser JavaScript without imports: `analyticsPage.ts` inlines
 * this file and `analyticsClient.js` into one module script, and the unit tests import
 * it directly. Pure: no DOM, no network.
 */

/**
 * @typedef {{ time?: string, kind?: string, handler?: string | null, project?: string, collection?: string, params?: Record<string, unknown> }} FeedbackEntry
 * @typedef {{ suggestion_type?: string, phrase?: string, filters?: string[] }} SuggestionRecord
 * @typedef {{ id: string, title: string, url: string, autocomplete: number, recommendation: number, total: number, last: number }} PostClicks
 * @typedef {{ key: string, label: string, detail: string, count: number, resolved: boolean, last: number }} FilterClicks
 * @typedef {{ time: string, kind: 'autocomplete' | 'recommendation', position: number | null, text: string }} LatestClick
 * @typedef {{ key: string, project: string, collection: string, handler: string | null, query: string }} Lookup
 * @typedef {{
 *   total: number, autocomplete: number, recommendation: number, navigational: number, filter: number,
 *   autocompleteByPosition: number[], recommendationByPosition: number[],
 *   posts: PostClicks[], filters: FilterClicks[], latest: LatestClick[], lookups: Lookup[], lastTime: string | null
 * }} FeedbackSummary
 * @typedef {{
 *   project?: string, collection?: string,
 *   titles?: Record<string, string>,
 *   suggestionsFor?: (lookup: Lookup) => SuggestionRecord[] | undefined,
 *   minAutocompletePositions?: number, minRecommendationPositions?: number,
 *   top?: number, latest?: number
 * }} SummaryOptions
 */

/** @param {unknown} value */
function text(value) {
  return typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
}

/** A same-site path or an http(s) URL; anything else (javascript:, data:, //host) is dropped. @param {unknown} value */
export function safeLink(value) {
  const url = text(value);
  if (url === '' || /[\u0000-\u001f\u007f\\]/.test(url)) return '';
  if (url.startsWith('/')) return url.startsWith('//') ? '' : url;
  return /^https?:\/\/[^/]/i.test(url) ? url : '';
}

/** `/posts/42/how-lists-work` → `How lists work` (a title when the log and the corpus have none). @param {string} url */
function titleFromUrl(url) {
  const slug = url.split(/[?#]/)[0].split('/').filter(Boolean).pop() ?? '';
  if (!/[a-z]/i.test(slug)) return '';
  let words = slug;
  try {
    words = decodeURIComponent(slug);
  } catch {
    /* keep as is */
  }
  words = words.replace(/[-_]+/g, ' ').trim();
  return words ? words[0].toUpperCase() + words.slice(1) : '';
}

/** `category:"Web design"` → `Web design` (for labels). @param {string} filter */
function filterValue(filter) {
  const match = /^[^:]+:"((?:[^"\\]|\\.)*)"$/.exec(filter);
  return match ? match[1].replace(/\\(.)/g, '$1') : filter;
}

/** @param {string} filter */
function filterField(filter) {
  const field = filter.split(':')[0] ?? '';
  return field.replace(/_sa$/, '').replace(/^authors$/, 'author');
}

/** @param {number[]} counts @param {number} min */
function padPositions(counts, min) {
  const out = [...counts];
  while (out.length < min) out.push(0);
  for (let i = 0; i < out.length; i++) out[i] = out[i] ?? 0;
  return out;
}

/**
 * Counts the clicks of a feedback log: by position (`item_order`) for suggestions and for related
 * posts, by post (navigational suggestions and related posts together), and by filter suggestion.
 * Filter-suggestion feedback names only the query and the position, so the suggestion is found
 * again by asking autocomplete the same query (`suggestionsFor`; its wanted queries come back in
 * `lookups`); until then it is labelled by query and position. Malformed entries are ignored.
 *
 * @param {unknown} log
 * @param {SummaryOptions} [options]
 * @returns {FeedbackSummary}
 */
export function summarizeFeedback(log, options = {}) {
  const entries = Array.isArray(log) ? log : [];
  /** @type {number[]} */ const acPositions = [];
  /** @type {number[]} */ const recPositions = [];
  /** @type {Map<string, PostClicks>} */ const posts = new Map();
  /** @type {Map<string, FilterClicks>} */ const filters = new Map();
  /** @type {Map<string, Lookup>} */ const lookups = new Map();
  /** @type {LatestClick[]} */ const latest = [];
  const summary = { total: 0, autocomplete: 0, recommendation: 0, navigational: 0, filter: 0 };
  /** @type {string | null} */ let lastTime = null;

  /** @param {string} id @param {string} title @param {string} url @param {"autocomplete" | "recommendation"} via @param {number} seen */
  function countPost(id, title, url, via, seen) {
    const post = posts.get(id) ?? { id, title: '', url: '', autocomplete: 0, recommendation: 0, total: 0, last: 0 };
    post.title ||= title || options.titles?.[id] || titleFromUrl(url) || `Post ${id}`;
    post.url ||= url;
    post[via]++;
    post.total++;
    post.last = seen;
    posts.set(id, post);
    return post.title;
  }

  entries.forEach((raw, index) => {
    if (raw === null || typeof raw !== 'object') return;
    /** @type {FeedbackEntry} */ const entry = raw;
    const kind = entry.kind;
    if (kind !== 'autocomplete' && kind !== 'recommendation') return;
    if (entry.params === null || typeof entry.params !== 'object') return;
    if (options.project && entry.project !== undefined && entry.project !== options.project) return;
    if (options.collection && entry.collection !== undefined && entry.collection !== options.collection) return;
    const p = entry.params;
    const orderText = text(p.item_order);
    const position = /^[1-9]\d{0,3}$/.test(orderText) ? Number(orderText) : null;
    const time = text(entry.time);
    if (time) lastTime = time;
    summary.total++;
    let description = '';

    if (kind === 'recommendation') {
      summary.recommendation++;
      if (position !== null) recPositions[position - 1] = (recPositions[position - 1] ?? 0) + 1;
      const id = text(p.target_id);
      const target = id ? countPost(id, text(p.target_title), safeLink(p.target_url), 'recommendation', index) : 'a post';
      const source =
        text(p.source_title) || options.titles?.[text(p.source_id)] || (text(p.source_id) ? `Post ${text(p.source_id)}` : 'a post');
      description = `${source} → ${target}`;
    } else {
      summary.autocomplete++;
      if (position !== null) acPositions[position - 1] = (acPositions[position - 1] ?? 0) + 1;
      const query = text(p.query);
      const id = text(p.item_id);
      if (id) {
        summary.navigational++;
        description = `“${query}” → ${countPost(id, '', safeLink(p.url), 'autocomplete', index)}`;
      } else {
        summary.filter++;
        const project = text(entry.project) || options.project || '';
        const collection = text(entry.collection) || options.collection || '';
        const handler = typeof entry.handler === 'string' && entry.handler ? entry.handler : null;
        const lookup = { key: JSON.stringify([project, collection, handler, query.toLowerCase()]), project, collection, handler, query };
        const records = query && position !== null ? options.suggestionsFor?.(lookup) : undefined;
        if (query && position !== null && records === undefined && !lookups.has(lookup.key)) lookups.set(lookup.key, lookup);
        const record = records?.[position - 1];
        /** @type {FilterClicks} */
        let clicked;
        if (record && record.suggestion_type === 'filter' && Array.isArray(record.filters) && record.filters.length > 0) {
          const key = `f:${record.filters.join('\n')}`;
          const label = text(record.phrase) || filterValue(record.filters[0]);
          clicked = filters.get(key) ?? {
            key,
            label,
            detail: record.filters.map((f) => `${filterField(f)}: ${filterValue(f)}`).join(' · '),
            count: 0,
            resolved: true,
            last: 0,
          };
        } else {
          const key = `q:${query.toLowerCase()}#${position ?? '?'}`;
          const label = query ? `“${query}”, suggestion ${position ?? '?'}` : `Suggestion ${position ?? '?'}`;
          clicked = filters.get(key) ?? {
            key,
            label,
            detail: records ? 'no longer suggested for this text' : 'looking up…',
            count: 0,
            resolved: false,
            last: 0,
          };
        }
        clicked.count++;
        clicked.last = index;
        filters.set(clicked.key, clicked);
        description = `“${query}” → ${clicked.resolved ? clicked.label : `suggestion ${position ?? '?'}`}`;
      }
    }
    latest.push({ time, kind, position, text: description });
  });

  const top = options.top ?? 8;
  const byCount = (
    /** @type {{ total?: number, count?: number, last: number }} */ a,
    /** @type {{ total?: number, count?: number, last: number }} */ b,
  ) => (b.total ?? b.count ?? 0) - (a.total ?? a.count ?? 0) || b.last - a.last;
  return {
    ...summary,
    autocompleteByPosition: padPositions(acPositions, options.minAutocompletePositions ?? 8),
    recommendationByPosition: padPositions(recPositions, options.minRecommendationPositions ?? 4),
    posts: [...posts.values()].sort(byCount).slice(0, top),
    filters: [...filters.values()].sort(byCount).slice(0, top),
    latest: latest.slice(-(options.latest ?? 6)).reverse(),
    lookups: [...lookups.values()],
    lastTime,
  };
}
