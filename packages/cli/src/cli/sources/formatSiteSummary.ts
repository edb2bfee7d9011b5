import { formatLanguages } from '../languagesSeen.ts';
import { type SiteReading, type SkipReason, skipReasons } from './SiteReading.ts';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 102.4) / 10} kB`;
  return `${Math.round(bytes / 1024 / 102.4) / 10} MB`;
}

export interface SiteSummary {
  /** The site or folder. */
  site: string;
  reading: SiteReading;
  requests?: number;
  bytes?: number;
  limits: string[];
  /** Posts sent this run, and posts unchanged since the last run (not sent). */
  sent: number;
  unchanged: number;
  /** Stale posts removed from the index, or listed because the service cannot remove them. */
  removed: string[];
  stale: string[];
  /** Why the stale posts stay: the service has no delete (its answer), or removing failed. */
  staleReason?: string;
  statePath?: string;
}

/** Examples shown per reason. */
const EXAMPLES = 3;

/**
 * The part of the closing report that is about the site: the source used, what was found and
 * read, every kind of page skipped with its count and a few examples (errors all listed, up to
 * 20), the bounds reached, what was removed or is stale, and where the state is kept.
 */
export function formatSiteSummary(s: SiteSummary): string {
  const { reading } = s;
  const source =
    reading.source === undefined
      ? 'nothing'
      : reading.source.name === 'folder'
        ? 'disk, a built site'
        : `its ${reading.source.name} (${reading.source.start})`;
  let out = `Read ${s.site} from ${source}: ${plural(reading.posts.length, 'post')}`;
  out += s.unchanged > 0 ? ` (${s.unchanged} unchanged since the last run, ${s.sent} to send)` : '';
  out += s.requests === undefined ? '.\n' : `; ${plural(s.requests, 'request')}, ${size(s.bytes ?? 0)} received.\n`;
  const byReason = new Map<SkipReason, string[]>();
  for (const skipped of reading.skipped) {
    const shown = skipped.detail === undefined ? skipped.address : `${skipped.address}: ${skipped.detail}`;
    byReason.set(skipped.reason, [...(byReason.get(skipped.reason) ?? []), shown]);
  }
  if (byReason.size > 0) {
    out += `Pages skipped: ${skipReasons
      .filter((reason) => byReason.has(reason))
      .map((reason) => `${byReason.get(reason)!.length} ${reason}`)
      .join(', ')}.\n`;
    for (const reason of skipReasons) {
      const pages = byReason.get(reason);
      if (pages === undefined) continue;
      const limit = reason === 'error' ? 20 : EXAMPLES;
      const more = pages.length > limit ? ` … and ${pages.length - limit} more` : '';
      out += `  ${reason}: ${pages.slice(0, limit).join(', ')}${more}\n`;
    }
  }
  if (reading.posts.length === 0 && reading.skipped.length > 0 && reading.skipped.every((page) => page.reason === 'robots')) {
    out += 'robots.txt does not let trove-index read this site (User-agent: trove-index, or *).\n';
  }
  if (reading.gone.length > 0) out += `Gone (404 or 410): ${reading.gone.slice(0, 20).join(', ')}${reading.gone.length > 20 ? ' …' : ''}\n`;
  for (const limit of s.limits) out += `Bound reached: ${limit}.\n`;
  if (reading.incomplete.length > 0 && s.stale.length === 0 && s.removed.length === 0) {
    out += 'The site was not read to its end, so no post was removed from the index.\n';
  }
  if (s.removed.length > 0)
    out += `Removed ${plural(s.removed.length, 'post')} gone from the site: ${s.removed.slice(0, 10).join(', ')}${s.removed.length > 10 ? ' …' : ''}\n`;
  if (s.stale.length > 0) {
    out += `${plural(s.stale.length, 'post')} gone from the site ${s.stale.length === 1 ? 'stays' : 'stay'} in the index: ${s.staleReason ?? 'they could not be removed'}. Remove them by hand:\n`;
    out += s.stale.map((line) => `  ${line}\n`).join('');
  }
  out += formatLanguages(reading.languages);
  if (s.statePath !== undefined) out += `State kept in ${s.statePath} (--full ignores it).\n`;
  return out;
}
