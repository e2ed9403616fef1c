/**
 * Reminder e-mails on both engines (issue 28 item 6): bookings made with book_slot and confirm_booking, the
 * reminder step run at injected times, the outbox rows checked (recipients per the family member's notify choice,
 * the patient's preferred language, the hospital-time day and times, no cancelled booking, nothing twice), and
 * the queued mail delivered by sendDueMail to a local mailbox.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ACCOUNTS } from '../../supabase/seed/accounts';
import { bookingCode } from '../../src/lib/booking';
import { reminderDay } from '../../src/lib/booking-reminders';
import { queueBookingReminders } from '../../src/server/booking-reminders';
import { mailboxProvider } from '../../src/server/mail-provider';
import { sendDueMail } from '../../src/server/outbox';
import { describeEachEngine } from './support/engines';

const H = 3_600_000;
const SITE = 'https://reminders.example.test';
const FATHER_EMAIL = 'thanh.nguyen@demo.test';

describeEachEngine('booking reminders', { seed: true }, (ctx) => {
  const q = async (sql: string, params: unknown[] = []) => (await ctx.db.pool.query(sql, params)).rows;
  let n = 0;
  let day: string;
  let first: { id: number; startsAt: number; start: string; end: string };
  let forFather: number;
  let fatherStartsAt: number;
  let cancelled: number;

  async function book(slotId: number, familyMemberId: number | null = null): Promise<number> {
    const client = await ctx.db.pool.connect();
    try {
      await client.query('begin');
      await client.query(`select set_config('request.jwt.claims', $1, true), set_config('request.jwt.claim.sub', $2, true), set_config('role', 'authenticated', true)`, [
        JSON.stringify({ sub: ACCOUNTS.patient.id, role: 'authenticated' }),
        ACCOUNTS.patient.id,
      ]);
      const { rows } = await client.query(`select (public.book_slot($1, $2, $3)).id as id`, [slotId, `remind-test-${Date.now()}-${n++}`, familyMemberId]);
      // Confirmed as the server (confirm_booking is closed to API roles since issue 34; the API confirms through private.confirm_hold).
      await client.query(`select set_config('role', 'none', true)`);
      await client.query(`select public.confirm_booking($1)`, [rows[0].id]);
      await client.query('commit');
      return Number(rows[0].id);
    } catch (e) {
      await client.query('rollback');
      throw e;
    } finally {
      client.release();
    }
  }

  /** The reminders of the test's day to the demo patient and their father (the seed's other patients get theirs too). */
  const reminders = (date: string) =>
    q(
      `select to_email, locale, subject, body_text, body_html, dedupe_key, send_after from public.outbox
        where kind = 'booking-reminder' and dedupe_key like $1 and to_email in ($2, $3) order by to_email, id`,
      [`%:${date}:%`, ACCOUNTS.patient.email, FATHER_EMAIL],
    );

  beforeAll(async () => {
    // The first day, more than 30 hours ahead, on which the demo doctor has three free outpatient slots and the demo
    // patient no other booking (whose reminder would come first and cover ours).
    const slots = await q(
      `with free as (
         select ts.id, s.working_day::text as day, ts.started, count(*) over (partition by s.working_day) as n
           from public.time_slots ts join public.schedules s on s.id = ts.schedule_id join public.hospitals h on h.id = s.hospital_id
          where s.doctor_id = (select doctor_id from public.bookings where idempotency_key = 'seed-demo-upcoming') and s.kind = 'outpatient'
            and ts.booked < ts.capacity and (s.working_day + ts.started) at time zone h.time_zone > now() + interval '30 hours'
            and s.working_day not in (select bs.working_day from public.bookings b join public.time_slots bt on bt.id = b.slot_id
                                        join public.schedules bs on bs.id = bt.schedule_id where b.patient_user_id = $1))
       select id, day from free where n >= 3 and day = (select min(day) from free where n >= 3) order by started limit 3`,
      [ACCOUNTS.patient.id],
    );
    expect(slots).toHaveLength(3);
    day = slots[0].day;
    await q(`update public.patients set preferred_locale = 'en-PH' where user_id = $1`, [ACCOUNTS.patient.id]);
    const father = (await q(`select id from public.family_members where email = $1`, [FATHER_EMAIL]))[0].id;
    const firstId = await book(slots[0].id);
    cancelled = await book(slots[1].id);
    forFather = await book(slots[2].id, father);
    await q(`update public.bookings set status = 'cancelled', cancelled_at = now() where id = $1`, [cancelled]);
    const [row] = await q(
      `select b.starts_at, to_char(ts.started, 'HH24:MI') as start, to_char(ts.ended, 'HH24:MI') as "end"
         from public.bookings b join public.time_slots ts on ts.id = b.slot_id where b.id = $1`,
      [firstId],
    );
    first = { id: firstId, startsAt: new Date(row.starts_at).getTime(), start: row.start, end: row.end };
    fatherStartsAt = new Date((await q(`select starts_at from public.bookings where id = $1`, [forFather]))[0].starts_at).getTime();
  });

  afterAll(async () => {
    await q(`update public.patients set preferred_locale = null where user_id = $1`, [ACCOUNTS.patient.id]);
  });

  it('queues nothing before the 24-hour moment', async () => {
    await queueBookingReminders(ctx.db, { now: new Date(first.startsAt - 24 * H - 60_000), leadHours: [24, 2], siteOrigin: SITE });
    expect(await reminders(day)).toEqual([]);
  });

  it('24 hours before the first of the day: one message covering the day, in the preferred language and hospital time, without the cancelled booking', async () => {
    const now = new Date(first.startsAt - 24 * H + 5 * 60_000);
    await queueBookingReminders(ctx.db, { now, leadHours: [24, 2], siteOrigin: SITE });
    const rows = await reminders(day);
    // The father's own reminder waits for his booking's 24-hour moment.
    expect(rows.map((r) => r.to_email)).toEqual([ACCOUNTS.patient.email]);
    const [mine] = rows;
    expect(mine.locale).toBe('en-PH');
    expect(mine.dedupe_key).toBe(`booking-reminder:${ACCOUNTS.patient.email}:${day}:24h`);
    expect(mine.subject).toBe(`Reminder: your 2 appointments on ${reminderDay('en-PH', day)}`);
    expect(mine.body_text).toContain(`${first.start}–${first.end} (`);
    expect(mine.body_text).toContain(bookingCode(first.id));
    expect(mine.body_text).toContain(bookingCode(forFather));
    expect(mine.body_text).toContain('For: Nguyễn Văn Thành');
    expect(mine.body_text).not.toContain(bookingCode(cancelled));
    expect(mine.body_text).toContain(`${SITE}/en-PH/account/bookings/`);
    expect(mine.body_html).toContain(`href="${SITE}/en-PH/account/bookings/"`);
    expect(new Date(mine.send_after).getTime()).toBe(now.getTime());
  });

  it('a second run queues nothing; at the next booking of the day only its other recipient (notify: both) is added', async () => {
    const before = await reminders(day);
    const again = await queueBookingReminders(ctx.db, { now: new Date(first.startsAt - 24 * H + 5 * 60_000), leadHours: [24, 2], siteOrigin: SITE });
    expect(again).toMatchObject({ queued: 0, failed: 0 });
    expect(again.planned).toBeGreaterThan(0);
    expect(await reminders(day)).toEqual(before);

    await queueBookingReminders(ctx.db, { now: new Date(fatherStartsAt - 24 * H + 60_000), leadHours: [24, 2], siteOrigin: SITE });
    const after = await reminders(day);
    expect(after.filter((r) => r.to_email === ACCOUNTS.patient.email)).toEqual(before);
    const father = after.filter((r) => r.to_email === FATHER_EMAIL);
    expect(father).toHaveLength(1);
    expect(father[0]).toMatchObject({ locale: 'en-PH', dedupe_key: `booking-reminder:${FATHER_EMAIL}:${day}:24h` });
    expect(father[0].body_text).toContain(bookingCode(forFather));
    expect(father[0].body_text).not.toContain(bookingCode(first.id));
  });

  it('2 hours before: the 2-hour message, and sendDueMail delivers the reminders to the mailbox', async () => {
    // Two hours before the father's (later) booking, when the demo patient's own is also inside its two hours.
    const now = new Date(fatherStartsAt - 2 * H + 60_000);
    await queueBookingReminders(ctx.db, { now, leadHours: [24, 2], siteOrigin: SITE });
    const keys = (await reminders(day)).map((r) => r.dedupe_key);
    expect(keys).toContain(`booking-reminder:${ACCOUNTS.patient.email}:${day}:2h`);
    expect(keys).toContain(`booking-reminder:${FATHER_EMAIL}:${day}:2h`);

    const got: { to: string; subject: string; text: string }[] = [];
    const server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        got.push(JSON.parse(body));
        res.writeHead(201).end('{}');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const provider = mailboxProvider(`http://127.0.0.1:${(server.address() as AddressInfo).port}/dev/mailbox`);
      for (let i = 0; i < 20 && (await q(`select 1 from public.outbox where sent_at is null and send_after <= $1 and attempts < 8`, [now.toISOString()])).length; i++) {
        await sendDueMail(ctx.db, provider, now);
      }
    } finally {
      server.close();
    }
    const delivered = got.filter((m) => m.text.includes(bookingCode(forFather)) && m.subject.startsWith('Reminder:'));
    expect(delivered.map((m) => m.to).sort()).toEqual([ACCOUNTS.patient.email, ACCOUNTS.patient.email, FATHER_EMAIL, FATHER_EMAIL].sort());
    expect((await q(`select count(*)::int as n from public.outbox where kind = 'booking-reminder' and dedupe_key like $1 and sent_at is null`, [`%:${day}:%`]))[0].n).toBe(0);
  });
});
