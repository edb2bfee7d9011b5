import { afterEach, describe, expect, it } from 'vitest';
import { readDate } from '../../src/cli/readDate.ts';

const cases: [string, string][] = [
  ['2024-03-05 14:00:00', '2024-03-05T14:00:00.000Z'],
  ['2024-03-05T14:00:00', '2024-03-05T14:00:00.000Z'],
  ['2024-03-05', '2024-03-05T00:00:00.000Z'],
  ['2024-03-05T06:00:00-08:00', '2024-03-05T14:00:00.000Z'],
  ['2024-03-05T15:00:00.123456+0100', '2024-03-05T14:00:00.123Z'],
  ['2024-03-05t14:00:00z', '2024-03-05T14:00:00.000Z'],
  ['Tue, 05 Mar 2024 14:00:00 GMT', '2024-03-05T14:00:00.000Z'],
  ['Tue, 05 Mar 2024 14:00:00 UT', '2024-03-05T14:00:00.000Z'],
  ['Tue, 05 Mar 2024 09:00:00 EST', '2024-03-05T14:00:00.000Z'],
  ['Fri, 05 Jul 2024 10:00:00 EDT', '2024-07-05T14:00:00.000Z'],
  ['Fri, 5 Jul 2024 16:00 CEST', '2024-07-05T14:00:00.000Z'],
  ['Tue, 05 Mar 2024 06:00:00 PST', '2024-03-05T14:00:00.000Z'],
  ['Tue, 05 Mar 2024 19:30:00 +0530', '2024-03-05T14:00:00.000Z'],
  ['Tue, 05 Mar 2024 14:00:00', '2024-03-05T14:00:00.000Z'],
  ['05 Mar 24 14:00 +0000', '2024-03-05T14:00:00.000Z'],
  ['Tuesday, 05 March 2024 14:00:00 GMT', '2024-03-05T14:00:00.000Z'],
  ['Tue Mar 05 2024 15:00:00 GMT+0100 (Central European Standard Time)', '2024-03-05T14:00:00.000Z'],
  ['March 5, 2024', '2024-03-05T00:00:00.000Z'],
  ['Thu, 29 Feb 2024 12:00:00 GMT', '2024-02-29T12:00:00.000Z'],
];

const problems: [string, string][] = [
  ['Tue, 31 Feb 2024 10:00:00 GMT', 'is an impossible date (February 2024 has 29 days)'],
  ['Thu, 29 Feb 2023 10:00:00 GMT', 'is an impossible date (February 2023 has 28 days)'],
  ['2024-04-31', 'is an impossible date (April 2024 has 30 days)'],
  ['2024-13-01T00:00:00Z', 'is an impossible date (there is no month 13)'],
  ['2024-03-05T25:00:00Z', 'is an impossible time (25:00:00)'],
  ['Tue, 05 Mar 2024 14:00:00 XYZ', 'has a time zone "XYZ" that is not known'],
  ['Tue, 05 Foo 2024 14:00:00 GMT', 'is not a date'],
  ['someday', 'is not a date'],
  ['1709647200', 'is not a date'],
];

const originalZone = process.env.TZ;
afterEach(() => {
  if (originalZone === undefined) delete process.env.TZ;
  else process.env.TZ = originalZone;
});

describe.each(['UTC', 'Asia/Tokyo', 'America/Los_Angeles'])('readDate with TZ=%s', (zone) => {
  it('runs in that zone (the test would prove nothing otherwise)', () => {
    process.env.TZ = zone;
    const offset = new Date(Date.UTC(2024, 2, 5, 14)).getTimezoneOffset();
    expect(offset).toBe({ UTC: 0, 'Asia/Tokyo': -540, 'America/Los_Angeles': 480 }[zone]);
  });

  it.each(cases)('reads %j as %s', (text, iso) => {
    process.env.TZ = zone;
    expect(readDate(text)).toEqual({ date: iso });
  });

  it.each(problems)('refuses %j: %s', (text, problem) => {
    process.env.TZ = zone;
    expect(readDate(text)).toEqual({ problem });
  });
});
