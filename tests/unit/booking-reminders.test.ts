/**
 * The reminder planner (issue 28 item 6): which bookings are due at `now` for which lead time, one message per
 * recipient, hospital day and lead time; cancelled, held and expired bookings left out; day and times in the
 * hospital's zone (Asia/Jayapura, UTC+9, beside Asia/Ho_Chi_Minh, UTC+7); the recipient's language.
 */
import { describe, expect, it } from 'vitest';
import { zonedInstant } from '../../src/lib/hospital-time';
import { dueLead, manageBookingsUrl, parseLeadHours, planReminders, reminderDay, reminderMail, type ReminderBooking } from '../../src/lib/booking-reminders';

const H = 3_600_000;
const HCM = 'Asia/Ho_Chi_Minh';
const JAYAPURA = 'Asia/Jayapura';
let nextId = 1;

function booking(date: string, start: string, zone: string, over: Partial<ReminderBooking> = {}): ReminderBooking {
  const startsAt = zonedInstant(date, start, zone);
  return {
    bookingId: nextId++,
    status: 'confirmed',
    startsAt,
    createdAt: startsAt - 10 * 24 * H,
    date,
    start,
    end: start.replace(/:\d\d$/, ':30'),
    timeZone: zone,
    who: 'BS. Nguyễn Văn An',
    hospitalName: 'Bệnh viện Demo',
    address: '1 Lê Lợi',
    forName: null,
    recipients: [{ email: 'an@example.com', locale: 'vi-VN' }],
    ...over,
  };
}

describe('lead hours', () => {
  it('defaults to 24 and 2 hours and reads REMINDER_LEAD_HOURS largest first', () => {
    expect(parseLeadHours(undefined)).toEqual([24, 2]);
    expect(parseLeadHours('')).toEqual([24, 2]);
    expect(parseLeadHours('2, 48,2')).toEqual([48, 2]);
    expect(parseLeadHours('1.5')).toEqual([1.5]);
    expect(() => parseLeadHours('24,soon')).toThrow(/REMINDER_LEAD_HOURS/);
    expect(() => parseLeadHours('0')).toThrow(RangeError);
  });

  it('is due from start − lead until the next smaller lead, only when the booking existed by then', () => {
    const b = booking('2026-12-10', '09:00', HCM);
    expect(dueLead(b, [24, 2], b.startsAt - 24 * H - 1)).toBeNull();
    expect(dueLead(b, [24, 2], b.startsAt - 24 * H)).toBe(24);
    expect(dueLead(b, [24, 2], b.startsAt - 3 * H)).toBe(24);
    expect(dueLead(b, [24, 2], b.startsAt - 2 * H)).toBe(2);
    expect(dueLead(b, [24, 2], b.startsAt - 1)).toBe(2);
    expect(dueLead(b, [24, 2], b.startsAt)).toBeNull();
    const late = { ...b, createdAt: b.startsAt - 20 * H };
    expect(dueLead(late, [24, 2], b.startsAt - 19 * H)).toBeNull();
    expect(dueLead(late, [24, 2], b.startsAt - 2 * H)).toBe(2);
  });

  it('never reminds a cancelled, held, expired or completed booking', () => {
    for (const status of ['cancelled', 'hold', 'expired', 'completed']) {
      const b = booking('2026-12-10', '09:00', HCM, { status });
      expect(dueLead(b, [24, 2], b.startsAt - 24 * H)).toBeNull();
      expect(planReminders([b], [24, 2], b.startsAt - 24 * H)).toEqual([]);
    }
    expect(planReminders([booking('2026-12-10', '09:00', HCM, { status: 'pending' })], [24, 2], zonedInstant('2026-12-09', '09:00', HCM))).toHaveLength(1);
  });
});

describe('planReminders', () => {
  it('sends one message per recipient and day covering every appointment of that day still ahead', () => {
    const morning = booking('2026-12-10', '09:00', HCM);
    const afternoon = booking('2026-12-10', '15:00', HCM);
    const cancelled = booking('2026-12-10', '11:00', HCM, { status: 'cancelled' });
    const nextDay = booking('2026-12-11', '08:00', HCM);
    const now = morning.startsAt - 24 * H;
    const plan = planReminders([afternoon, cancelled, nextDay, morning], [24, 2], now);
    expect(plan).toHaveLength(1);
    expect(plan[0]).toMatchObject({ to: 'an@example.com', date: '2026-12-10', leadHours: 24, dedupeKey: 'booking-reminder:an@example.com:2026-12-10:24h' });
    expect(plan[0].bookings.map((b) => b.bookingId)).toEqual([morning.bookingId, afternoon.bookingId]);
    // The afternoon's own 24-hour moment: the same key again, so the outbox keeps the first message only.
    expect(planReminders([morning, afternoon], [24, 2], afternoon.startsAt - 24 * H)[0].dedupeKey).toBe(plan[0].dedupeKey);
    // Two hours before the morning one: the 2-hour message, a different key.
    const two = planReminders([morning, afternoon], [24, 2], morning.startsAt - 2 * H);
    expect(two.map((p) => [p.leadHours, p.bookings.length])).toEqual([[2, 2]]);
  });

  it('sends each recipient of a booking their own message (the notify choice), and groups per recipient', () => {
    const forChild = booking('2026-12-10', '10:00', HCM, {
      forName: 'Phạm Gia Bảo',
      recipients: [
        { email: 'an@example.com', locale: 'vi-VN' },
        { email: 'Bao@Example.com', locale: 'vi-VN' },
      ],
    });
    const own = booking('2026-12-10', '16:00', HCM);
    const plan = planReminders([forChild, own], [24, 2], forChild.startsAt - 24 * H);
    expect(plan.map((p) => [p.to, p.bookings.length])).toEqual([
      ['an@example.com', 2],
      ['Bao@Example.com', 1],
    ]);
    expect(plan[1].dedupeKey).toBe('booking-reminder:bao@example.com:2026-12-10:24h');
  });

  it('takes the day in the hospital zone: 08:00 in Jayapura is the day before in UTC and due an hour before Ho Chi Minh 08:00', () => {
    const papua = booking('2026-12-10', '08:00', JAYAPURA);
    const saigon = booking('2026-12-10', '08:00', HCM);
    expect(new Date(papua.startsAt).toISOString()).toBe('2026-12-09T23:00:00.000Z');
    expect(saigon.startsAt - papua.startsAt).toBe(2 * H);
    const atPapua = planReminders([papua, saigon], [24, 2], papua.startsAt - 24 * H);
    expect(atPapua).toHaveLength(1);
    expect(atPapua[0].date).toBe('2026-12-10');
    expect(atPapua[0].bookings.map((b) => b.timeZone)).toEqual([JAYAPURA, HCM]);
  });
});

describe('reminderMail', () => {
  it('writes the day and hospital times in the recipient language with the sign-in link and no personal data in it', () => {
    const b = booking('2026-12-10', '08:00', JAYAPURA, { recipients: [{ email: 'siti@example.com', locale: 'id-ID' }], forName: 'Budi' });
    const [plan] = planReminders([b], [24, 2], b.startsAt - 2 * H);
    expect(plan.locale).toBe('id-ID');
    const mail = reminderMail(plan, 'https://example.test/');
    expect(reminderDay('id-ID', '2026-12-10')).toBe('Kamis, 10 Desember 2026');
    expect(mail.subject).toBe('Pengingat: 1 janji temu pada Kamis, 10 Desember 2026');
    expect(mail.text).toContain('08:00–08:30 (Asia/Jayapura)');
    expect(mail.text).toContain('Untuk: Budi');
    expect(mail.text).toContain('https://example.test/id-ID/account/bookings/');
    expect(mail.html).toContain('<a href="https://example.test/id-ID/account/bookings/">');
    expect(manageBookingsUrl('https://example.test', 'id-ID')).not.toMatch(/siti|Budi|\d{4}-/);
  });

  it('counts with the locale plural rules', () => {
    const a = booking('2026-12-10', '09:00', HCM, { recipients: [{ email: 'x@example.com', locale: 'en-PH' }] });
    const b = booking('2026-12-10', '11:00', HCM, { recipients: [{ email: 'x@example.com', locale: 'en-PH' }] });
    const one = reminderMail(planReminders([a], [24], a.startsAt - 24 * H)[0], 'https://example.test');
    const two = reminderMail(planReminders([a, b], [24], a.startsAt - 24 * H)[0], 'https://example.test');
    expect(one.subject).toBe('Reminder: your appointment on Thursday, December 10, 2026');
    expect(two.subject).toBe('Reminder: your 2 appointments on Thursday, December 10, 2026');
    const zh = reminderMail({ ...planReminders([a, b], [24], a.startsAt - 24 * H)[0], locale: 'zh-TW' }, 'https://example.test');
    expect(zh.subject).toBe('提醒：您於 2026年12月10日 星期四 有 2 個預約');
  });
});
