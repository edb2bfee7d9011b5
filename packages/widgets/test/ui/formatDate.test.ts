import { describe, expect, it } from 'vitest';
import { formatDate } from '../../src/ui/formatDate.ts';

describe('formatDate', () => {
  it('formats the API date format in the given locale', () => {
    expect(formatDate('2021-03-04T10:20:30.000+0000', 'en-US')).toBe('Mar 4, 2021');
    expect(formatDate('2021-03-04T10:20:30.000+0000', 'de-DE')).toBe('04.03.2021');
  });

  it('keeps the calendar day in UTC', () => {
    expect(formatDate('2021-03-04T23:59:59.000+0000', 'en-US')).toBe('Mar 4, 2021');
  });

  it('returns an empty string for missing or unparsable dates', () => {
    expect(formatDate('yesterday', 'en-US')).toBe('');
    expect(formatDate(undefined, 'en-US')).toBe('');
    expect(formatDate(42, 'en-US')).toBe('');
  });

  it('falls back to the default locale for an invalid locale tag', () => {
    expect(formatDate('2021-03-04T10:20:30.000+0000', 'not a locale!')).not.toBe('');
  });
});
