import type { Skipped, Warning } from './collectDocuments.ts';
import type { Failure } from './indexDocuments.ts';
import { formatLanguages, type LanguagesSeen } from './languagesSeen.ts';

export interface Summary {
  /** e.g. `RSS 2.0 feed feed.xml` */
  input: string;
  items: number;
  /** `demo/blog (v2) at http://…`; absent for a dry run. */
  target?: string;
  dryRun: boolean;
  /** Documents indexed, or (dry run) that would be. */
  indexed: number;
  skipped: Skipped[];
  failed: Failure[];
  failedCount: number;
  warnings: Warning[];
  /** The documents by the language their feed declares. */
  languages?: LanguagesSeen;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const MAX_LINES = 20;

function section(title: string, lines: string[]): string {
  const shown = lines.slice(0, MAX_LINES).map((line) => `  ${line}`);
  if (lines.length > MAX_LINES) shown.push(`  … and ${lines.length - MAX_LINES} more`);
  return `${title}\n${shown.join('\n')}\n`;
}

/** Identical warnings grouped: `date "x" is not a date; left out — item 3 "A", item 9 "B"`. */
function groupWarnings(warnings: Warning[]): string[] {
  const byMessage = new Map<string, string[]>();
  for (const { label, message } of warnings) byMessage.set(message, [...(byMessage.get(message) ?? []), label]);
  return [...byMessage].map(([message, labels]) =>
    labels.length === 1
      ? `${labels[0]}: ${message}`
      : `${message}: ${labels.slice(0, 3).join(', ')}${labels.length > 3 ? ` and ${labels.length - 3} more` : ''}`,
  );
}

/** The closing report: what was indexed, then every skip, failure and warning with its reason. */
export function formatSummary(s: Summary): string {
  let out = s.dryRun
    ? `Dry run: ${plural(s.indexed, 'document')} would be indexed from ${s.input} (${plural(s.items, 'item')}); nothing was sent.\n`
    : `Indexed ${s.indexed} of ${plural(s.indexed + s.failedCount, 'document')} from ${s.input} into ${s.target}.\n`;
  if (s.skipped.length > 0) {
    out += section(
      `Skipped ${plural(s.skipped.length, 'item')}:`,
      s.skipped.map((x) => `${x.label}: ${x.reason}`),
    );
  }
  if (s.failed.length > 0) {
    out += section(
      `Failed ${plural(s.failedCount, 'document')}:`,
      s.failed.map((f) => `${f.batch}: ${f.reason}`),
    );
  }
  if (s.warnings.length > 0) out += section(`Warnings (${s.warnings.length}):`, groupWarnings(s.warnings));
  return out + formatLanguages(s.languages ?? {});
}
