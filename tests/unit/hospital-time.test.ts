import { afterEach, describe, expect, it, vi } from 'vitest';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import {
  addDays,
  dateToWallMs,
  isIsoDate,
  isoWeekday,
  minutesToTime,
  normalizeEndTime,
  normalizeTime,
  offsetInTable,
  keepZoneOffsets,
  rememberZoneOffsets,
  zoneOffsets,
  offsetMinutesAt,
  timeToMinutes,
  todayInZone,
  wallMsAt,
  wallMsToDate,
  zonedInstant,
  zonedNow,
} from '../../src/lib/hospital-time';

dayjs.extend(utc);
dayjs.extend(timezone);

const at = (iso: string) => Date.parse(iso);
const originalTz = process.env.TZ;
afterEach(() => {
  if (originalTz === undefined) delete process.env.TZ;
  else process.env.TZ = originalTz;
});

describe('calendar helpers', () => {
  it('validates real calendar dates only', () => {
    expect(isIsoDate('2026-11-22')).toBe(true);
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2026-02-30')).toBe(false);
    expect(isIsoDate('2026-13-01')).toBe(false);
    expect(isIsoDate('2026-1-01')).toBe(false);
    expect(isIsoDate('22-11-2026')).toBe(false);
    expect(isIsoDate('')).toBe(false);
    expect(isIsoDate('2100-02-29')).toBe(false);
    expect(isIsoDate('2000-02-29')).toBe(true);
    expect(isIsoDate('2026-04-31')).toBe(false);
    expect(isIsoDate('2026-00-10')).toBe(false);
    expect(isIsoDate('2026-12-00')).toBe(false);
  });

  it('agrees with the calendar on every day of 1999-2101 and on every day-of-month 29..31', () => {
    for (let y = 1999; y <= 2101; y++) {
      for (let m = 1; m <= 12; m++) {
        for (let d = 28; d <= 32; d++) {
          const text = `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
          const real = new Date(Date.UTC(y, m - 1, d)).toISOString().slice(0, 10) === text;
          expect(isIsoDate(text), text).toBe(real);
        }
      }
    }
  });

  it('reads times with or without seconds and refuses others', () => {
    expect(timeToMinutes('00:00')).toBe(0);
    expect(timeToMinutes('23:59')).toBe(1439);
    expect(timeToMinutes('08:30:00')).toBe(510);
    expect(timeToMinutes('24:00')).toBeNaN();
    expect(timeToMinutes('8:30')).toBeNaN();
    expect(timeToMinutes('08:60')).toBeNaN();
    expect(normalizeTime('17:45:59')).toBe('17:45');
    expect(() => normalizeTime('noon')).toThrow(RangeError);
    expect(() => normalizeTime('24:00')).toThrow(RangeError);
    expect(normalizeEndTime('24:00:00')).toBe('24:00');
    expect(normalizeEndTime('18:30:00')).toBe('18:30');
    expect(() => normalizeEndTime('24:30')).toThrow(RangeError);
    expect(minutesToTime(0)).toBe('00:00');
    expect(minutesToTime(605)).toBe('10:05');
  });

  it('adds days across month, year and leap-day boundaries', () => {
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30'); // a DST date is still just a date
    expect(wallMsToDate(dateToWallMs('2026-11-22'))).toBe('2026-11-22');
  });

  it('adds days and gives weekdays as dayjs does, for every day of 1999-2101', () => {
    for (let ms = Date.UTC(1999, 0, 1); ms <= Date.UTC(2101, 11, 31); ms += 86_400_000) {
      const iso = new Date(ms).toISOString().slice(0, 10);
      const day = dayjs.utc(iso);
      expect(isoWeekday(iso)).toBe(((day.day() + 6) % 7) + 1);
      for (const n of [1, -1, 45, -400]) expect(addDays(iso, n)).toBe(day.add(n, 'day').format('YYYY-MM-DD'));
    }
  });

  it('converts dates to and from wall-clock ms for every day of 1999-2101', () => {
    for (let ms = Date.UTC(1999, 0, 1); ms <= Date.UTC(2101, 11, 31); ms += 86_400_000) {
      const iso = new Date(ms).toISOString().slice(0, 10);
      expect(wallMsToDate(ms)).toBe(iso);
      expect(wallMsToDate(ms + 86_399_999)).toBe(iso);
      expect(dateToWallMs(iso)).toBe(ms);
    }
  });

  it('gives ISO weekdays, Monday 1 to Sunday 7', () => {
    expect(isoWeekday('2026-11-23')).toBe(1);
    expect(isoWeekday('2026-11-25')).toBe(3);
    expect(isoWeekday('2026-11-29')).toBe(7);
  });
});

describe('wall clock of a zone', () => {
  it("puts one instant on three different days and clocks in Indonesia's three zones", () => {
    const now = at('2026-11-22T16:30:00Z');
    expect(zonedNow(now, 'Asia/Jakarta')).toMatchObject({ date: '2026-11-22', time: '23:30' });
    expect(zonedNow(now, 'Asia/Makassar')).toMatchObject({ date: '2026-11-23', time: '00:30' });
    expect(zonedNow(now, 'Asia/Jayapura')).toMatchObject({ date: '2026-11-23', time: '01:30' });
    expect(offsetMinutesAt(now, 'Asia/Jakarta')).toBe(420);
    expect(offsetMinutesAt(now, 'Asia/Makassar')).toBe(480);
    expect(offsetMinutesAt(now, 'Asia/Jayapura')).toBe(540);
  });

  it('floors seconds and keeps midnight on the right day', () => {
    expect(zonedNow(at('2026-11-21T16:59:59.999Z'), 'Asia/Jakarta')).toMatchObject({ date: '2026-11-21', time: '23:59' });
    expect(zonedNow(at('2026-11-21T17:00:00Z'), 'Asia/Jakarta')).toMatchObject({ date: '2026-11-22', time: '00:00' });
    expect(wallMsAt(at('2026-11-21T17:00:00.250Z'), 'Asia/Jakarta')).toBe(at('2026-11-22T00:00:00.250Z'));
  });

  it('follows daylight saving offsets', () => {
    expect(offsetMinutesAt(at('2026-03-08T06:59:00Z'), 'America/New_York')).toBe(-300);
    expect(offsetMinutesAt(at('2026-03-08T07:00:00Z'), 'America/New_York')).toBe(-240);
    expect(offsetMinutesAt(at('2026-11-01T05:59:00Z'), 'America/New_York')).toBe(-240);
    expect(offsetMinutesAt(at('2026-11-01T06:00:00Z'), 'America/New_York')).toBe(-300);
    expect(offsetMinutesAt(at('2026-03-29T00:59:00Z'), 'Europe/Berlin')).toBe(60);
    expect(offsetMinutesAt(at('2026-03-29T01:00:00Z'), 'Europe/Berlin')).toBe(120);
    expect(offsetMinutesAt(at('2026-10-25T01:00:00Z'), 'Europe/Berlin')).toBe(60);
  });

  it('refuses an unknown zone', () => {
    expect(() => todayInZone(0, 'Mars/Olympus_Mons')).toThrow(RangeError);
  });
});

describe('hospital date and time to instant', () => {
  it('moves a time inside a spring-forward gap forward by the gap', () => {
    expect(zonedInstant('2026-03-08', '02:30', 'America/New_York')).toBe(at('2026-03-08T07:30:00Z')); // 03:30 EDT
    expect(zonedInstant('2026-03-29', '02:30', 'Europe/Berlin')).toBe(at('2026-03-29T01:30:00Z')); // 03:30 CEST
  });

  it('takes the earlier occurrence of a time repeated by a fall-back overlap', () => {
    expect(zonedInstant('2026-11-01', '01:30', 'America/New_York')).toBe(at('2026-11-01T05:30:00Z')); // EDT
    expect(zonedInstant('2026-10-25', '02:30', 'Europe/Berlin')).toBe(at('2026-10-25T00:30:00Z')); // CEST
  });

  it('agrees with dayjs.tz at every quarter hour of DST days, except the earlier pick in overlaps', () => {
    const cases: [string, string][] = [
      ['America/New_York', '2026-03-08'],
      ['America/New_York', '2026-11-01'],
      ['Europe/Berlin', '2026-03-29'],
      ['Europe/Berlin', '2026-10-25'],
      ['Asia/Jayapura', '2026-03-08'],
    ];
    const mismatches: string[] = [];
    for (const [zone, date] of cases) {
      for (let m = 0; m < 1440; m += 15) {
        const time = minutesToTime(m);
        const ours = zonedInstant(date, time, zone);
        const theirs = dayjs.tz(`${date} ${time}`, zone).valueOf();
        // dayjs resolves an ambiguous time to the later occurrence; ours is exactly one hour earlier there.
        if (ours !== theirs) mismatches.push(`${zone} ${date} ${time}`);
        if (ours !== theirs) {
          expect(theirs - ours).toBe(3_600_000);
          expect(wallMsAt(ours, zone)).toBe(wallMsAt(theirs, zone)); // the same wall clock: a repeated time
        }
      }
    }
    expect(mismatches).toEqual([
      'America/New_York 2026-11-01 01:00',
      'America/New_York 2026-11-01 01:15',
      'America/New_York 2026-11-01 01:30',
      'America/New_York 2026-11-01 01:45',
      'Europe/Berlin 2026-10-25 02:00',
      'Europe/Berlin 2026-10-25 02:15',
      'Europe/Berlin 2026-10-25 02:30',
      'Europe/Berlin 2026-10-25 02:45',
    ]);
  });

  it('does not depend on the runtime zone (process.env.TZ)', () => {
    const now = new Date('2026-03-08T06:45:00Z');
    const results: unknown[] = [];
    for (const tz of ['UTC', 'America/Los_Angeles', 'Pacific/Kiritimati', 'Asia/Kolkata']) {
      process.env.TZ = tz;
      results.push([
        todayInZone(now, 'America/New_York'),
        todayInZone(now.getTime(), 'Asia/Jayapura'),
        zonedInstant('2026-03-08', '03:30', 'America/New_York'),
        zonedNow(now, 'Europe/Berlin'),
        new Date(0).getTimezoneOffset(), // proves the runtime zone really changed
      ]);
    }
    const withoutOffsets = results.map((r) => (r as unknown[]).slice(0, 4));
    expect(new Set(withoutOffsets.map((r) => JSON.stringify(r))).size).toBe(1);
    expect(new Set(results.map((r) => (r as unknown[])[4])).size).toBe(4);
    expect(withoutOffsets[0]).toEqual(['2026-03-08', '2026-03-08', at('2026-03-08T07:30:00Z'), { date: '2026-03-08', time: '07:45', wallMs: at('2026-03-08T07:45:00Z') }]);
  });
});

describe('zone offset tables (the booking islands convert without Intl)', () => {
  const zones = ['Asia/Ho_Chi_Minh', 'Asia/Jakarta', 'Asia/Makassar', 'Asia/Jayapura', 'Asia/Taipei', 'Europe/Berlin', 'America/New_York', 'Australia/Lord_Howe', 'Pacific/Chatham', 'America/Sao_Paulo'];
  const from = at('2026-01-01T00:00:00Z');
  const to = at('2027-06-01T00:00:00Z');

  it.each(zones)('%s: the table gives Intl’s offset at every hour and on both sides of each change', (zone) => {
    const table = zoneOffsets(zone, from, to);
    const intl = (ms: number) => wallMsAt(ms, zone) - ms; // nothing remembered in this file: Intl
    for (let ms = from; ms < to; ms += 3_600_000) expect(offsetInTable(table, ms), new Date(ms).toISOString()).toBe(intl(ms));
    for (const [change] of table.changes) {
      expect(offsetInTable(table, change)).toBe(intl(change));
      expect(offsetInTable(table, change - 1000)).toBe(intl(change - 1000));
    }
    expect(offsetInTable(table, from - 1)).toBeNull();
    expect(offsetInTable(table, to)).toBeNull();
  });

  it('finds daylight-saving changes to the second (Berlin 2026: 29 March and 25 October, 01:00 UTC)', () => {
    const t = zoneOffsets('Europe/Berlin', from, to);
    expect(t.offset).toBe(60 * 60_000);
    expect(t.changes.slice(0, 2)).toEqual([
      [at('2026-03-29T01:00:00Z'), 120 * 60_000],
      [at('2026-10-25T01:00:00Z'), 60 * 60_000],
    ]);
    expect(zoneOffsets('Asia/Jayapura', from, to).changes).toEqual([]);
  });

  it('once remembered, answers in the zone without formatting through Intl, and falls back outside its span', () => {
    const zone = 'America/Bogota';
    const table = JSON.parse(JSON.stringify(zoneOffsets(zone, from, to)));
    rememberZoneOffsets(table);
    const formatted = vi.spyOn(Intl.DateTimeFormat.prototype as unknown as { readonly format: unknown }, 'format', 'get') // a getter (the bound formatter);
    try {
      expect(todayInZone(at('2026-11-25T03:00:00Z'), zone)).toBe('2026-11-24');
      expect(zonedInstant('2026-11-24', '22:00', zone)).toBe(at('2026-11-25T03:00:00Z'));
      expect(formatted).not.toHaveBeenCalled();
      expect(todayInZone(at('2028-01-01T12:00:00Z'), zone)).toBe('2028-01-01');
      expect(formatted).toHaveBeenCalled();
    } finally {
      formatted.mockRestore();
    }
  });

  it('a server keeps a table around now: conversions agree with Intl across a change, and a month on it works out the next', () => {
    const zone = 'America/Santiago'; // clocks go back on 2027-04-04 (03:00 UTC)
    const now = at('2027-04-03T12:00:00Z');
    const probes = [now, at('2027-04-04T02:59:59Z'), at('2027-04-04T03:00:00Z'), at('2027-04-05T09:00:00Z')];
    const viaIntl = probes.map((ms) => wallMsAt(ms, zone));
    keepZoneOffsets(zone, now);
    const formatted = vi.spyOn(Intl.DateTimeFormat.prototype as unknown as { readonly format: unknown }, 'format', 'get');
    try {
      expect(probes.map((ms) => wallMsAt(ms, zone))).toEqual(viaIntl);
      keepZoneOffsets(zone, now + 20 * 86_400_000); // still covered: nothing worked out
      expect(formatted).not.toHaveBeenCalled();
      const later = at('2027-05-20T00:00:00Z');
      keepZoneOffsets(zone, later);
      expect(formatted).toHaveBeenCalled();
      formatted.mockClear();
      expect(wallMsAt(later, zone)).toBe(later - 4 * 3_600_000);
      expect(formatted).not.toHaveBeenCalled();
    } finally {
      formatted.mockRestore();
    }
  });
});
