/** A date read from a feed: ISO 8601 in UTC, or what is wrong with it (`is not a date`, …). */
export type DateReading = { date: string; problem?: undefined } | { date?: undefined; problem: string };

const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** Zone abbreviations feeds use, in minutes east of UTC. Ambiguous ones (IST, BST outside the UK…) follow common use. */
const namedZones: Record<string, number> = {
  Z: 0,
  UT: 0,
  UTC: 0,
  GMT: 0,
  WET: 0,
  WEST: 60,
  BST: 60,
  CET: 60,
  MET: 60,
  CEST: 120,
  MEST: 120,
  EET: 120,
  EEST: 180,
  SAST: 120,
  MSK: 180,
  HKT: 480,
  SGT: 480,
  AWST: 480,
  JST: 540,
  KST: 540,
  ACST: 570,
  ACDT: 630,
  AEST: 600,
  AEDT: 660,
  NZST: 720,
  NZDT: 780,
  NST: -210,
  NDT: -150,
  AST: -240,
  ADT: -180,
  EST: -300,
  EDT: -240,
  CST: -360,
  CDT: -300,
  MST: -420,
  MDT: -360,
  PST: -480,
  PDT: -420,
  AKST: -540,
  AKDT: -480,
  HST: -600,
};

const time = String.raw`(\d{1,2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?`;
const zone = String.raw`(Z|[A-Z]{1,5}|(?:GMT|UTC|UT)?\s?[+-]\d{1,2}(?::?\d{2})?)`;
/** 2024-03-05, 2024-03-05T14:00:00Z, 2024-03-05 14:00:00.123+01:00, 2024-03-05T14:00 (zone-less: UTC). */
const isoForm = new RegExp(String.raw`^(\d{4})-(\d{2})-(\d{2})(?:(?:T|\s+)${time}\s*${zone}?)?$`, 'i');
/** RFC 822 / 1123 / 2822: [Tue,] 5 Mar 2024 [14:00[:00]] [GMT | EST | +0100]. */
const rfc822Form = new RegExp(
  String.raw`^(?:[A-Z]+\.?,?\s+)?(\d{1,2})[\s-]+([A-Z]+)\.?[\s-]+(\d{4}|\d{2})(?:(?:\s+|T)${time}\s*${zone}?)?$`,
  'i',
);
/** Month first, as JavaScript's Date#toString and US sites write it: [Tue] Mar 5[,] 2024 [14:00:00] [GMT+0100]. */
const monthFirstForm = new RegExp(String.raw`^(?:[A-Z]+\.?,?\s+)?([A-Z]+)\.?\s+(\d{1,2}),?\s+(\d{4})(?:,?\s+${time}\s*${zone}?)?$`, 'i');

function monthNumber(name: string): number | undefined {
  const lower = name.toLowerCase();
  // "Mar", "March", "Sept": three letters or more of the month's English name.
  const index = lower.length < 3 ? -1 : monthNames.findIndex((month) => month.toLowerCase().startsWith(lower));
  return index === -1 ? undefined : index + 1;
}

/** Minutes east of UTC of a zone token, `undefined` when there is none, `NaN` when it is unknown or out of range. */
function offsetOf(token: string | undefined): number | undefined {
  if (token === undefined) return undefined;
  const numeric = /^(?:GMT|UTC|UT)?\s?([+-])(\d{1,2}):?(\d{2})?$/i.exec(token);
  if (numeric) {
    const hours = Number(numeric[2]);
    const minutes = Number(numeric[3] ?? '0');
    if (hours > 14 || minutes > 59) return Number.NaN;
    return (numeric[1] === '-' ? -1 : 1) * (hours * 60 + minutes);
  }
  return namedZones[token.toUpperCase()] ?? Number.NaN;
}

function daysIn(year: number, month: number): number {
  return month === 2 ? (year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
}

interface Parts {
  year: number;
  month: number;
  day: number;
  hour?: string;
  minute?: string;
  second?: string;
  fraction?: string;
  zone?: string;
}

function toReading(parts: Parts): DateReading {
  const { year, month, day } = parts;
  if (month < 1 || month > 12) return { problem: `is an impossible date (there is no month ${month})` };
  const days = daysIn(year, month);
  if (day < 1 || day > days) return { problem: `is an impossible date (${monthNames[month - 1]} ${year} has ${days} days)` };
  const hour = Number(parts.hour ?? '0');
  const minute = Number(parts.minute ?? '0');
  const second = Number(parts.second ?? '0');
  if (hour > 23 || minute > 59 || second > 60) {
    return { problem: `is an impossible time (${parts.hour}:${parts.minute}${parts.second === undefined ? '' : `:${parts.second}`})` };
  }
  const offset = offsetOf(parts.zone);
  if (Number.isNaN(offset)) return { problem: `has a time zone "${parts.zone}" that is not known` };
  const milliseconds = Number((parts.fraction ?? '').padEnd(3, '0').slice(0, 3));
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, Math.min(second, 59), milliseconds);
  return { date: new Date(date.getTime() - (offset ?? 0) * 60_000).toISOString() };
}

/**
 * Reads a feed date without consulting the machine's time zone, so every machine gives the same
 * result: ISO 8601 / RFC 3339 (Atom, JSON Feed, `dc:date`), RFC 822 / 1123 / 2822 (RSS `pubDate`)
 * with a numeric offset or a named zone (`GMT`, `EST`, `CEST`, …), and the month-first form of
 * JavaScript's `Date#toString`. A date or time without a zone is UTC. An impossible date
 * (31 February, month 13, hour 25) or an unknown zone is a problem, never silently moved to
 * another day. The day of the week, when given, is not checked (feeds get it wrong often).
 */
export function readDate(value: string): DateReading {
  const text = value
    .trim()
    .replace(/\s*\([^()]*\)$/, '') // an RFC 822 comment or Date#toString's "(Central European Standard Time)"
    .replace(/\s+/g, ' ');
  const iso = isoForm.exec(text);
  if (iso) {
    const [, year, month, day, hour, minute, second, fraction, zone_] = iso;
    return toReading({ year: Number(year), month: Number(month), day: Number(day), hour, minute, second, fraction, zone: zone_ });
  }
  const rfc = rfc822Form.exec(text);
  if (rfc) {
    const [, day, monthName, yearText, hour, minute, second, fraction, zone_] = rfc;
    const month = monthNumber(monthName!);
    if (month === undefined) return { problem: 'is not a date' };
    const shortYear = Number(yearText);
    const year = yearText!.length === 2 ? (shortYear < 50 ? 2000 + shortYear : 1900 + shortYear) : shortYear;
    return toReading({ year, month, day: Number(day), hour, minute, second, fraction, zone: zone_ });
  }
  const monthFirst = monthFirstForm.exec(text);
  if (monthFirst) {
    const [, monthName, day, year, hour, minute, second, fraction, zone_] = monthFirst;
    const month = monthNumber(monthName!);
    if (month === undefined) return { problem: 'is not a date' };
    return toReading({ year: Number(year), month, day: Number(day), hour, minute, second, fraction, zone: zone_ });
  }
  return { problem: 'is not a date' };
}
