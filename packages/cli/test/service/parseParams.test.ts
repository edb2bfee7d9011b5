import { describe, expect, it } from 'vitest';
import { parseIntParam } from '../../src/service/endpoints/parseIntParam.ts';
import { parseSort } from '../../src/service/engine/parseSort.ts';
import { formatRecordDate } from '../../src/service/endpoints/formatRecordDate.ts';
import { parseIsoDate } from '../../src/service/endpoints/parseIsoDate.ts';

describe('parseSort', () => {
  it('accepts date and title in both directions', () => {
    expect(parseSort('date desc')).toBe('date desc');
    expect(parseSort('date asc')).toBe('date asc');
    expect(parseSort('title asc')).toBe('title asc');
    expect(parseSort(' title  DESC ')).toBe('title desc');
  });

  it('treats absent or blank as relevance/default', () => {
    expect(parseSort(null)).toBeUndefined();
    expect(parseSort('  ')).toBeUndefined();
  });

  it('rejects an unknown field with 400 naming the sortable fields', () => {
    expect(() => parseSort('price desc')).toThrow(/Unknown sort field "price": sortable fields are date, title/);
  });

  it('rejects a missing or unknown direction', () => {
    expect(() => parseSort('date')).toThrow(/Malformed sort "date"/);
    expect(() => parseSort('date down')).toThrow(/Unknown sort direction "down"/);
    expect(() => parseSort('date asc extra')).toThrow(/Malformed sort/);
  });
});

describe('parseIntParam', () => {
  it('falls back when absent', () => {
    expect(parseIntParam('limit', null, 10)).toBe(10);
  });

  it('reads non-negative integers and clamps to the maximum', () => {
    expect(parseIntParam('limit', '0', 10, 100)).toBe(0);
    expect(parseIntParam('limit', '25', 10, 100)).toBe(25);
    expect(parseIntParam('limit', '1000', 10, 100)).toBe(100);
  });

  it.each(['-1', '1.5', 'ten', '', '1e3', '0x10', ' '])('rejects %j with 400', (raw) => {
    expect(() => parseIntParam('skip', raw, 0)).toThrow(/Invalid skip .*: must be a non-negative integer/);
  });

  it('rejects numbers beyond safe integers', () => {
    expect(() => parseIntParam('skip', '99999999999999999999', 0)).toThrow(/too large/);
  });
});

describe('parseIsoDate and formatRecordDate', () => {
  it('parses dates, date-times, offsets and the +0000 form', () => {
    expect(parseIsoDate('2024-05-01')).toBe(Date.UTC(2024, 4, 1));
    expect(parseIsoDate('2024-05-01T10:20')).toBe(Date.UTC(2024, 4, 1, 10, 20));
    expect(parseIsoDate('2024-05-01T10:20:30.123Z')).toBe(Date.UTC(2024, 4, 1, 10, 20, 30, 123));
    expect(parseIsoDate('2024-05-01T12:20:30+02:00')).toBe(Date.UTC(2024, 4, 1, 10, 20, 30));
    expect(parseIsoDate('2024-05-01T10:20:30.000+0000')).toBe(Date.UTC(2024, 4, 1, 10, 20, 30));
    expect(parseIsoDate('2024-05-01T05:20:30-0500')).toBe(Date.UTC(2024, 4, 1, 10, 20, 30));
  });

  it('refuses what is not an ISO 8601 date', () => {
    for (const bad of ['yesterday', '2024-13-01', '2023-02-30', '01/05/2024', '2024-05-01T25:00', '']) {
      expect(parseIsoDate(bad), bad).toBeUndefined();
    }
  });

  it('formats as YYYY-MM-DDTHH:MM:SS.mmm+0000', () => {
    expect(formatRecordDate(Date.UTC(2021, 0, 2, 3, 4, 5, 6))).toBe('2021-01-02T03:04:05.006+0000');
  });
});
