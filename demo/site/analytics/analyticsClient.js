// @ts-check
/* global summarizeFeedback, safeLink */
/**
 * The analytics page in the browser: polls the local service's feedback log every 2 seconds
 * (paused while the tab is hidden), summarises it with `summarizeFeedback` (inlined before this
 * file) and draws the charts with DOM methods only (`textContent`, never `innerHTML`, so a
 * hostile post title stays text). Filter-suggestion clicks are resolved to their suggestion by
 * asking the service's autocomplete the same query once.
 */

/**
 * @typedef {{
 *   feedbackUrl: string, apiBase: string, token: string, project: string, collection: string,
 *   titles: Record<string, string>, intervalMs?: number
 * }} AnalyticsConfig
 */

const numberFormat = new Intl.NumberFormat('en');
const ordinal = (/** @type {number} */ n) => {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
};
const plural = (/** @type {number} */ n, /** @type {string} */ word) => `${numberFormat.format(n)} ${word}${n === 1 ? '' : 's'}`;

/**
 * @param {string} tag
 * @param {Record<string, string>} [attrs]
 * @param {(Node | string | null | undefined | false)[]} [children]
 */
function el(tag, attrs = {}, children = []) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  for (const child of children) if (child) node.append(child);
  return node;
}

/** @param {string} iso */
function timeAgo(iso) {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return '';
  const seconds = Math.max(0, Math.round((Date.now() - then) / 1000));
  if (seconds < 5) return 'just now';
  if (seconds < 60) return `${seconds} s ago`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  if (seconds < 86400) return `${Math.floor(seconds / 3600)} h ago`;
  return new Date(then).toLocaleDateString('en', { day: 'numeric', month: 'short' });
}

/**
 * Columns for clicks by position: one per place in the list, the count above, the place below.
 * @param {number[]} counts
 * @param {string} what e.g. `suggestion`
 */
function columnChart(counts, what) {
  const max = Math.max(1, ...counts);
  return el(
    'ol',
    { class: 'an-columns', style: `--columns: ${counts.length}` },
    counts.map((count, i) => {
      const bar = el('span', { class: 'an-col-bar', 'aria-hidden': 'true' });
      bar.style.height = `${count === 0 ? 0 : Math.max(3, (count / max) * 100)}%`;
      return el('li', { class: count === 0 ? 'an-col is-zero' : 'an-col', 'data-position': String(i + 1), 'data-count': String(count) }, [
        el('span', { class: 'an-col-value', 'aria-hidden': 'true' }, [numberFormat.format(count)]),
        el('span', { class: 'an-col-track', 'aria-hidden': 'true' }, [bar]),
        el('span', { class: 'an-col-label', 'aria-hidden': 'true' }, [String(i + 1)]),
        el('span', { class: 'visually-hidden' }, [`${ordinal(i + 1)} ${what}: ${plural(count, 'click')}`]),
      ]);
    }),
  );
}

/**
 * Horizontal bars, one row per item, longest first.
 * @param {{ key: string, label: string, href?: string, detail?: string, segments: { value: number, className: string, name: string }[] }[]} rows
 */
function barChart(rows) {
  const max = Math.max(1, ...rows.map((r) => r.segments.reduce((sum, s) => sum + s.value, 0)));
  return el(
    'ol',
    { class: 'an-bars' },
    rows.map((row) => {
      const total = row.segments.reduce((sum, s) => sum + s.value, 0);
      const track = el('span', { class: 'an-bar-track', 'aria-hidden': 'true' });
      for (const segment of row.segments) {
        if (segment.value === 0) continue;
        const part = el('span', { class: `an-bar ${segment.className}`, title: `${segment.name}: ${segment.value}` });
        part.style.width = `${(segment.value / max) * 100}%`;
        track.append(part);
      }
      const href = row.href ? safeLink(row.href) : '';
      const label = href ? el('a', { href, class: 'an-bar-label' }, [row.label]) : el('span', { class: 'an-bar-label' }, [row.label]);
      const breakdown = row.segments.length > 1 ? ` (${row.segments.map((s) => `${s.name.toLowerCase()} ${s.value}`).join(', ')})` : '';
      return el('li', { class: 'an-bar-row', 'data-key': row.key, 'data-count': String(total) }, [
        el('span', { class: 'an-bar-head' }, [
          label,
          el('span', { class: 'an-bar-value' }, [
            numberFormat.format(total),
            el('span', { class: 'visually-hidden' }, [` ${total === 1 ? 'click' : 'clicks'}${breakdown}`]),
          ]),
        ]),
        row.detail ? el('span', { class: 'an-bar-detail' }, [row.detail]) : null,
        track,
      ]);
    }),
  );
}

/** @param {string} message */
function empty(message) {
  return el('p', { class: 'an-empty' }, [message]);
}

/**
 * Starts the page: first load at once, then every `intervalMs` (2 s) while the tab is visible.
 * Returns a function that stops it.
 * @param {HTMLElement} root
 * @param {AnalyticsConfig} config
 */
export function startAnalytics(root, config) {
  const interval = config.intervalMs ?? 2000;
  /** @type {Map<string, { state: 'pending' | 'done', records?: any[] }>} */
  const suggestions = new Map();
  /** @type {Record<string, string>} */
  const signatures = {};
  /** @type {unknown} */
  let lastLog = [];
  let lastTotal = -1;
  let busy = false;
  let stopped = false;
  /** @type {string | null} */
  let lastTime = null;

  const part = (/** @type {string} */ name) => /** @type {HTMLElement} */ (root.querySelector(`[data-part="${name}"]`));
  const status = part('status');
  const announce = part('announce');

  /** Replaces a chart only when its data changed (keeps focus and scroll steady between polls). @param {string} name @param {unknown} data @param {() => Node} draw */
  function update(name, data, draw) {
    const signature = JSON.stringify(data);
    if (signatures[name] === signature) return;
    signatures[name] = signature;
    part(name).replaceChildren(draw());
  }

  /** @param {any} summary */
  function render(summary) {
    root.dataset.state = summary.total === 0 ? 'empty' : 'ready';
    part('total').textContent = numberFormat.format(summary.total);
    part('autocomplete').textContent = numberFormat.format(summary.autocomplete);
    part('recommendation').textContent = numberFormat.format(summary.recommendation);
    part('autocomplete-split').textContent = summary.autocomplete
      ? `${plural(summary.navigational, 'post')} · ${plural(summary.filter, 'filter')}`
      : 'none yet';
    lastTime = summary.lastTime;
    part('last').textContent = lastTime ? timeAgo(lastTime) : '—';

    update('autocomplete-positions', summary.autocomplete ? summary.autocompleteByPosition : 0, () =>
      summary.autocomplete
        ? columnChart(summary.autocompleteByPosition, 'suggestion')
        : empty('No suggestion clicks yet. Type in the search box above and choose a suggestion.'),
    );
    update('recommendation-positions', summary.recommendation ? summary.recommendationByPosition : 0, () =>
      summary.recommendation
        ? columnChart(summary.recommendationByPosition, 'related post')
        : empty('No related-post clicks yet. Open a post and follow one of the related posts at its end.'),
    );
    update('posts', summary.posts, () =>
      summary.posts.length
        ? barChart(
            summary.posts.map((/** @type {any} */ p) => ({
              key: p.id,
              label: p.title,
              href: p.url || `/posts/${encodeURIComponent(p.id)}`,
              segments: [
                { value: p.autocomplete, className: 'is-autocomplete', name: 'From suggestions' },
                { value: p.recommendation, className: 'is-recommendation', name: 'From related posts' },
              ],
            })),
          )
        : empty('No post clicked yet.'),
    );
    update('filters', summary.filters, () =>
      summary.filters.length
        ? barChart(
            summary.filters.map((/** @type {any} */ f) => ({
              key: f.key,
              label: f.label,
              detail: f.detail,
              segments: [{ value: f.count, className: 'is-filter', name: 'Chosen' }],
            })),
          )
        : empty('No filter suggestion chosen yet. Type the start of a topic, tag or author and pick the chip.'),
    );
    update('latest', summary.latest, () =>
      summary.latest.length
        ? el(
            'ol',
            { class: 'an-latest' },
            summary.latest.map((/** @type {any} */ c) =>
              el('li', { class: `an-latest-item is-${c.kind}` }, [
                el('span', { class: 'an-latest-kind' }, [c.kind === 'autocomplete' ? 'Suggestion' : 'Related post']),
                c.position ? el('span', { class: 'an-latest-pos' }, [`#${c.position}`]) : null,
                el('span', { class: 'an-latest-text' }, [c.text]),
                c.time ? el('time', { datetime: c.time, class: 'an-latest-time' }, [timeAgo(c.time)]) : null,
              ]),
            ),
          )
        : empty('Clicks will appear here as they happen.'),
    );

    if (lastTotal >= 0 && summary.total > lastTotal) {
      const added = summary.total - lastTotal;
      announce.textContent = `${plural(added, 'new click')}, ${plural(summary.total, 'click')} in all`;
      root.classList.remove('is-fresh');
      void root.offsetWidth; // restart the highlight animation
      root.classList.add('is-fresh');
    }
    lastTotal = summary.total;
  }

  /** @param {any} lookup */
  async function lookUp(lookup) {
    suggestions.set(lookup.key, { state: 'pending' });
    const path = `/api/v2/projects/${encodeURIComponent(lookup.project)}/collections/${encodeURIComponent(lookup.collection)}/autocomplete/${lookup.handler ? encodeURIComponent(lookup.handler) : ''}`;
    const url = new URL(path, config.apiBase);
    url.searchParams.set('q', lookup.query);
    url.searchParams.set('token', config.token);
    try {
      const response = await fetch(url, { headers: { accept: 'application/json' } });
      const body = await response.json();
      const records = body?.response?.results;
      if (!response.ok || !Array.isArray(records)) throw new Error(`autocomplete answered ${response.status}`);
      suggestions.set(lookup.key, { state: 'done', records });
    } catch {
      suggestions.delete(lookup.key); // asked again on the next poll
    }
  }

  function summarize() {
    return summarizeFeedback(lastLog, {
      project: config.project,
      collection: config.collection,
      titles: config.titles,
      suggestionsFor: (lookup) => {
        const known = suggestions.get(lookup.key);
        return known?.state === 'done' ? known.records : undefined;
      },
    });
  }

  async function refresh() {
    if (busy || stopped) return;
    busy = true;
    root.setAttribute('aria-busy', 'true');
    try {
      const response = await fetch(config.feedbackUrl, { cache: 'no-store', headers: { accept: 'application/json' } });
      if (!response.ok) throw new Error(`the service answered ${response.status}`);
      const log = await response.json();
      if (!Array.isArray(log)) throw new Error('the feedback log is not a list');
      lastLog = log;
      let summary = summarize();
      render(summary);
      const wanted = summary.lookups.filter((l) => !suggestions.has(l.key)).slice(0, 6);
      if (wanted.length > 0) {
        await Promise.all(wanted.map(lookUp));
        summary = summarize();
        render(summary);
      }
      root.dataset.status = 'live';
      status.textContent = `Live · updated ${new Date().toLocaleTimeString('en', { hour: '2-digit', minute: '2-digit', second: '2-digit' })}`;
    } catch (error) {
      root.dataset.status = 'error';
      status.textContent = `Can't read the feedback log (${error instanceof Error ? error.message : String(error)}); trying again…`;
    } finally {
      busy = false;
      root.removeAttribute('aria-busy');
    }
  }

  const timer = setInterval(() => {
    if (!document.hidden) void refresh();
    else if (lastTime) part('last').textContent = timeAgo(lastTime);
  }, interval);
  const onVisible = () => {
    if (!document.hidden) void refresh();
  };
  document.addEventListener('visibilitychange', onVisible);
  void refresh();

  return () => {
    stopped = true;
    clearInterval(timer);
    document.removeEventListener('visibilitychange', onVisible);
  };
}
