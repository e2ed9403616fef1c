/**
 * Hospital time (DESIGN §5): wall-clock dates and times in a hospital's IANA zone, whatever the runtime zone.
 *
 * Calendar-date arithmetic is days-from-civil arithmetic on zone-free 'yyyy-MM-dd' labels. Instant <-> wall-clock
 * conversion uses one cached Intl.DateTimeFormat per zone, the same primitive dayjs' timezone plugin is built on,
 * without its per-call cost: dayjs.tz() measured 65–200 µs per call here, so a few calls per slot would blow the
 * 1 ms budget for 60 days (and dayjs.utc().add() was 3% of a loaded schedule server's time). The unit tests check
 * both against dayjs on every day of a century and on daylight-saving dates.
 */

/** An instant: a Date or epoch milliseconds. Never a wall-clock string, so the runtime zone cannot leak in. */
export type Instant = Date | number;

export const MINUTE_MS = 60_000;

/**
 * The name patients read for a hospital's time zone: the hospital's city when known, else the zone id's city part
 * ('Asia/Ho_Chi_Minh' -> 'Ho Chi Minh'), never the raw id (issue #38 item 24).
 */
export function zoneCityName(zone: string, city?: string | null): string {
  const named = city?.trim();
  if (named) return named;
  return (zone.split('/').pop() ?? zone).replace(/_/g, ' ');
}
export const DAY_MS = 86_400_000;

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

export const toEpochMs = (instant: Instant): number => (typeof instant === 'number' ? instant : instant.getTime());

/** A real calendar date written 'yyyy-MM-dd' (no 2026-02-30). Checked by arithmetic: it validates every schedule call. */
export function isIsoDate(value: string): boolean {
  if (!DATE_RE.test(value)) return false;
  const y = Number(value.slice(0, 4));
  const m = Number(value.slice(5, 7));
  const d = Number(value.slice(8, 10));
  if (m < 1 || m > 12 || d < 1) return false;
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  return d <= (m === 2 ? (leap ? 29 : 28) : m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31);
}

const digit = (s: string, i: number): number => {
  const c = s.charCodeAt(i) - 48;
  return c >= 0 && c <= 9 ? c : NaN;
};

/**
 * 'HH:mm' or 'HH:mm:ss' (Postgres time) -> minutes after midnight; NaN when malformed. Hand-parsed: it runs for
 * every slot row, and a regular expression per row alone cost more than the engine's whole budget.
 */
export function timeToMinutes(time: string): number {
  const n = time.length;
  if ((n !== 5 && n !== 8) || time.charCodeAt(2) !== 58) return NaN;
  const h = digit(time, 0) * 10 + digit(time, 1);
  const m = digit(time, 3) * 10 + digit(time, 4);
  if (!(h < 24 && m < 60)) return NaN; // also false for NaN
  if (n === 8 && !(time.charCodeAt(5) === 58 && digit(time, 6) * 10 + digit(time, 7) < 60)) return NaN;
  return h * 60 + m;
}

export function minutesToTime(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${h < 10 ? '0' : ''}${h}:${m < 10 ? '0' : ''}${m}`;
}

/** 'HH:mm:ss' -> 'HH:mm'; throws on anything that is not a time of day. */
export function normalizeTime(time: string): string {
  if (Number.isNaN(timeToMinutes(time))) throw new RangeError(`Not a time of day: ${time}`);
  return time.length === 5 ? time : time.slice(0, 5);
}

/** An end time: like normalizeTime, but '24:00' (Postgres' end of day) is kept for a slot ending at midnight. */
export function normalizeEndTime(time: string): string {
  return /^24:00(:00)?$/.test(time) ? '24:00' : normalizeTime(time);
}

/** Epoch ms of the date's midnight read as if UTC: a zone-free number to do wall-clock arithmetic with. */
export function dateToWallMs(date: string): number {
  const y = digit(date, 0) * 1000 + digit(date, 1) * 100 + digit(date, 2) * 10 + digit(date, 3);
  return Date.UTC(y, digit(date, 5) * 10 + digit(date, 6) - 1, digit(date, 8) * 10 + digit(date, 9));
}

/** Inverse of dateToWallMs (civil-from-days arithmetic; no Date object per call). */
export function wallMsToDate(wallMs: number): string {
  // Howard Hinnant's civil_from_days.
  const z = Math.floor(wallMs / DAY_MS) + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  return `${y}-${m < 10 ? '0' : ''}${m}-${d < 10 ? '0' : ''}${d}`;
}

/** Calendar arithmetic on 'yyyy-MM-dd' (no zone involved); on the hot path of every schedule answer. */
export function addDays(date: string, days: number): string {
  return wallMsToDate(dateToWallMs(date) + days * DAY_MS);
}

/** ISO weekday of a calendar date: 1 Monday … 7 Sunday (1970-01-01 was a Thursday). */
export function isoWeekday(date: string): number {
  return ((((Math.floor(dateToWallMs(date) / DAY_MS) + 3) % 7) + 7) % 7) + 1;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    // Throws RangeError for an unknown zone: a misconfigured hospital must fail loudly, not drift silently.
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, f);
  }
  return f;
}

const PARTS_RE = /^(\d{2})\/(\d{2})\/(-?\d+), (\d{2}):(\d{2}):(\d{2})$/;

/**
 * A zone's UTC offsets over a span of instants, worked out where ICU is already warm (the build) and handed to the
 * browser with the page: the first Intl formatter a page creates costs 150–500 ms of ICU start-up on a throttled
 * phone, and a booking card hydrating at load paid it just to know today's date in the hospital's zone. With a
 * table remembered (rememberZoneOffsets), wallMsAt answers inside [from, to) by lookup, and through Intl outside.
 */
export interface ZoneOffsets {
  zone: string;
  /** Epoch ms the table covers, from inclusive, to exclusive. */
  from: number;
  to: number;
  /** Offset (ms) in force at `from`. */
  offset: number;
  /** Each later change, ascending: [epoch ms it takes effect, new offset (ms)]. */
  changes: [number, number][];
}

/** The offset (ms) the table gives at an instant, or null outside the span it covers. */
export function offsetInTable(table: ZoneOffsets, instantMs: number): number | null {
  if (!(instantMs >= table.from && instantMs < table.to)) return null;
  let offset = table.offset;
  for (const [at, next] of table.changes) {
    if (instantMs < at) break;
    offset = next;
  }
  return offset;
}

/** Offsets change at most a few times a year, never twice within a few days: probing every 6 hours finds each change. */
const OFFSET_PROBE_MS = 6 * 3_600_000;

/** The table of `zone` over [from, to) (Intl; meant for the build, where a page's islands get it as a prop). */
export function zoneOffsets(zone: string, from: number, to: number): ZoneOffsets {
  const offsetAt = (ms: number) => intlWallMsAt(ms, zone) - ms;
  const table: ZoneOffsets = { zone, from, to, offset: offsetAt(from), changes: [] };
  let current = table.offset;
  for (let lo = from; lo < to; lo += OFFSET_PROBE_MS) {
    const hi = Math.min(lo + OFFSET_PROBE_MS, to - 1);
    if (offsetAt(hi) === current) continue;
    // Changes happen on a whole second: bisect seconds to the first one with the new offset.
    let a = Math.floor(lo / 1000);
    let b = Math.floor(hi / 1000);
    while (b - a > 1) {
      const mid = Math.floor((a + b) / 2);
      if (offsetAt(mid * 1000) === current) a = mid;
      else b = mid;
    }
    current = offsetAt(b * 1000);
    table.changes.push([b * 1000, current]);
  }
  return table;
}

const rememberedOffsets = new Map<string, ZoneOffsets>();

/** Lets wallMsAt answer for the table's zone and span without Intl (the booking islands call it before rendering). */
export function rememberZoneOffsets(table: ZoneOffsets): void {
  rememberedOffsets.set(table.zone, table);
}

/** How far before and after the instant asked for a table kept by keepZoneOffsets reaches. */
const KEPT_BEFORE_MS = 2 * DAY_MS;
const KEPT_AFTER_MS = 35 * DAY_MS;

/**
 * Makes sure a remembered table covers a few days around `instantMs` in `zone`, working one out (about 180 Intl
 * calls, once a month per zone) when none does. For long-lived servers: each schedule answer converts the buffer
 * threshold and today through the zone several times, and through Intl that was a third of the slot engine's time
 * in a schedule function (a formatted date is ~4 µs).
 */
export function keepZoneOffsets(zone: string, instantMs: number): void {
  const table = rememberedOffsets.get(zone);
  if (table && instantMs - DAY_MS >= table.from && instantMs + DAY_MS < table.to) return;
  rememberZoneOffsets(zoneOffsets(zone, instantMs - KEPT_BEFORE_MS, instantMs + KEPT_AFTER_MS));
}

/** The zone's wall clock at an instant, as epoch ms read as if UTC (milliseconds kept). */
export function wallMsAt(instantMs: number, zone: string): number {
  const table = rememberedOffsets.get(zone);
  const offset = table ? offsetInTable(table, instantMs) : null;
  return offset === null ? intlWallMsAt(instantMs, zone) : instantMs + offset;
}

function intlWallMsAt(instantMs: number, zone: string): number {
  const f = formatterFor(zone);
  const m = PARTS_RE.exec(f.format(instantMs));
  let y: number, mo: number, d: number, h: number, mi: number, sec: number;
  if (m) {
    [mo, d, y, h, mi, sec] = [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6])];
  } else {
    // Some engines lay the string out differently; the parts are the slower, layout-free path.
    const p: Record<string, number> = {};
    for (const part of f.formatToParts(instantMs)) if (part.type !== 'literal') p[part.type] = Number(part.value);
    [y, mo, d, h, mi, sec] = [p.year, p.month, p.day, p.hour, p.minute, p.second];
  }
  // Older engines write midnight as 24 even with hourCycle h23.
  if (h === 24) h = 0;
  const secondStart = Math.floor(instantMs / 1000) * 1000;
  return Date.UTC(y, mo - 1, d, h, mi, sec) + (instantMs - secondStart);
}

/** UTC offset of the zone at an instant, in minutes (e.g. +420 for Asia/Jakarta). */
export function offsetMinutesAt(instantMs: number, zone: string): number {
  return Math.round((wallMsAt(instantMs, zone) - instantMs) / MINUTE_MS);
}

/**
 * The instant a wall-clock time of the zone denotes. In a daylight-saving gap the time is moved forward by the
 * gap (02:30 on a spring-forward night is 03:30); in an overlap the earlier occurrence is taken. Both follow
 * RFC 5545 and Temporal's 'compatible' choice; for slot validity the earlier occurrence is also the cautious one.
 */
export function wallMsToInstant(wallMs: number, zone: string): number {
  const before = offsetMinutesAt(wallMs - DAY_MS, zone);
  const after = offsetMinutesAt(wallMs + DAY_MS, zone);
  const c1 = wallMs - before * MINUTE_MS;
  const c2 = wallMs - after * MINUTE_MS;
  const ok1 = offsetMinutesAt(c1, zone) === before;
  const ok2 = offsetMinutesAt(c2, zone) === after;
  if (ok1 && ok2) return Math.min(c1, c2);
  if (ok1) return c1;
  if (ok2) return c2;
  return c1; // gap: read with the offset in force before it, which lands after the transition
}

/** The instant of a hospital date and time ('yyyy-MM-dd', 'HH:mm'). */
export function zonedInstant(date: string, time: string, zone: string): number {
  return wallMsToInstant(dateToWallMs(date) + timeToMinutes(time) * MINUTE_MS, zone);
}

export interface ZonedNow {
  /** 'yyyy-MM-dd' in the zone. */
  date: string;
  /** 'HH:mm' in the zone, seconds dropped (floored). */
  time: string;
  /** Wall clock as epoch ms read as if UTC. */
  wallMs: number;
}

export function zonedNow(instant: Instant, zone: string): ZonedNow {
  const wallMs = wallMsAt(toEpochMs(instant), zone);
  const dayStart = Math.floor(wallMs / DAY_MS) * DAY_MS;
  return { date: wallMsToDate(dayStart), time: minutesToTime(Math.floor((wallMs - dayStart) / MINUTE_MS)), wallMs };
}

/** Today in the hospital's zone. */
export function todayInZone(now: Instant, zone: string): string {
  return zonedNow(now, zone).date;
}
