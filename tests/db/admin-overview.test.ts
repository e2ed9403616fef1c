/**
 * The admin overview call on both engines (issue #27 item 6): bookings per day by status and revenue per day in the
 * hospital's time zone, scoped by row-level security and the top bar's filters; another organization's bookings
 * never reach an organization manager; an empty range answers the empty answer; the range is bounded.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import handler from '../../functions/admin-overview';
import { useDatabase } from '../../src/server/runtime';
import { createPatient, createStaff, firstOrganization } from '../support/accounts';
import { signAccessToken } from '../support/tokens';
import { describeEachEngine } from './support/engines';

const BASE = 'http://local.test';
/** Days far from the seed's bookings (which sit around today), so the expected figures are exact. */
const D1 = '2031-03-02';
const D2 = '2031-03-03';
const D3 = '2031-03-04';

describeEachEngine('admin overview', { seed: true }, (ctx) => {
  const tokens: Record<string, string> = {};
  let org: Awaited<ReturnType<typeof firstOrganization>>;
  let other: Awaited<ReturnType<typeof firstOrganization>>;
  let countryId: number;
  let currency: string;

  const call = (query: string, role: string, headers: Record<string, string> = {}) =>
    handler(new Request(`${BASE}/api/admin/overview?${query}`, { headers: { authorization: `Bearer ${tokens[role]}`, ...headers } }));
  const data = async (query: string, role: string) => {
    const res = await call(query, role);
    const body = await res.json();
    expect(res.status, JSON.stringify(body._messages)).toBe(200);
    return body._data;
  };

  /** A slot of a doctor of `hospitalId` on `day`, with room for every booking of the test (one a hospital and day). */
  const slots = new Map<string, { slotId: number; doctorId: number }>();
  const slotOn = async (hospitalId: number, day: string) => {
    const known = slots.get(`${hospitalId}/${day}`);
    if (known) return known;
    const { rows } = await ctx.db.pool.query(
      `with d as (select id from public.doctors where hospital_id = $1 order by id limit 1),
            s as (insert into public.schedules (kind, doctor_id, working_day) select 'outpatient', d.id, $2::date from d returning id, doctor_id)
       insert into public.time_slots (schedule_id, started, ended, capacity) select s.id, time '09:00', time '09:30', 50 from s
       returning id, (select doctor_id from s) as doctor_id`,
      [hospitalId, day],
    );
    const slot = { slotId: Number(rows[0].id), doctorId: Number(rows[0].doctor_id) };
    slots.set(`${hospitalId}/${day}`, slot);
    return slot;
  };

  let seq = 0;
  /** A booking at `time` local to its hospital on `day`. */
  const book = async (patient: string, hospitalId: number, day: string, time: string, status: string, price: number) => {
    const { slotId, doctorId } = await slotOn(hospitalId, day);
    await ctx.db.pool.query(
      `insert into public.bookings (booking_type, appointment_type, patient_user_id, doctor_id, hospital_id, slot_id, starts_at, status, hold_expires_at, price, idempotency_key)
       select 'doctor', 'outpatient', $1, $2, h.id, $3, ($4::date + $5::time) at time zone h.time_zone, $6,
              case when $6 = 'hold' then now() + interval '10 minutes' end, $7, $8
         from public.hospitals h where h.id = $9`,
      [patient, doctorId, slotId, day, time, status, price, `overview-test-${++seq}`, hospitalId],
    );
  };

  beforeAll(async () => {
    useDatabase(ctx.db);
    org = await firstOrganization(ctx.db, 0);
    other = await firstOrganization(ctx.db, 1);
    ({ country_id: countryId, currency } = (
      await ctx.db.pool.query('select o.country_id, c.currency from public.organizations o join public.countries c on c.id = o.country_id where o.id = $1', [org.organizationId])
    ).rows[0]);
    tokens.admin = await signAccessToken(await createStaff(ctx.db, { email: 'o-admin@overview.test', role: 'admin' }));
    tokens.facility = await signAccessToken(await createStaff(ctx.db, { email: 'o-facility@overview.test', role: 'facility', organizationId: org.organizationId }));
    tokens.otherFacility = await signAccessToken(await createStaff(ctx.db, { email: 'o-facility2@overview.test', role: 'facility', organizationId: other.organizationId }));
    const p = await createPatient(ctx.db, { email: 'o-patient@overview.test', onboarded: true });
    const [h0, h1] = org.hospitalIds;
    await book(p, h0!, D1, '09:00', 'pending', 50);
    await book(p, h0!, D1, '10:00', 'confirmed', 100);
    await book(p, h0!, D1, '11:00', 'completed', 200);
    await book(p, h0!, D1, '12:00', 'cancelled', 300);
    await book(p, h0!, D1, '13:00', 'hold', 400);
    // Late evening local time is still that day; just after midnight is the next day, whatever the UTC date.
    await book(p, h0!, D2, '23:30', 'confirmed', 1000);
    await book(p, h1!, D2, '08:00', 'completed', 500);
    await book(p, h0!, D3, '00:30', 'confirmed', 9);
    await book(p, other.hospitalIds[0]!, D1, '09:00', 'confirmed', 7000);
  });
  afterAll(() => useDatabase(undefined));

  const zero = { pending: 0, confirmed: 0, completed: 0, cancelled: 0, expired: 0 };

  it('counts bookings per local day by status and adds up the revenue of confirmed and completed ones', async () => {
    const d = await data(`from=2031-03-01&to=${D2}`, 'facility');
    expect(d).toEqual({
      from: '2031-03-01',
      to: D2,
      currency,
      days: [
        { day: D1, bookings: { ...zero, pending: 1, confirmed: 1, completed: 1, cancelled: 1 }, revenue: 300 },
        { day: D2, bookings: { ...zero, confirmed: 1, completed: 1 }, revenue: 1500 },
      ],
      totals: { bookings: 6, byStatus: { ...zero, pending: 1, confirmed: 2, completed: 2, cancelled: 1 }, revenue: 1800 },
    });
    const withNextDay = await data(`from=2031-03-01&to=${D3}`, 'facility');
    expect(withNextDay.days.at(-1)).toEqual({ day: D3, bookings: { ...zero, confirmed: 1 }, revenue: 9 });
    expect(withNextDay.totals).toMatchObject({ bookings: 7, revenue: 1809 });
  });

  it('narrows to the top bar organization and branch', async () => {
    const branch = await data(`from=${D1}&to=${D2}&hospitalId=${org.organizationId}&branchId=${org.hospitalIds[1]}`, 'facility');
    expect(branch.totals).toEqual({ bookings: 1, byStatus: { ...zero, completed: 1 }, revenue: 500 });
    const adminOrg = await data(`from=${D1}&to=${D2}&countryId=${countryId}&hospitalId=${org.organizationId}`, 'admin');
    expect(adminOrg.totals).toMatchObject({ bookings: 6, revenue: 1800 });
  });

  it("never counts another organization's bookings for an organization manager", async () => {
    expect((await data(`from=${D1}&to=${D1}&hospitalId=${other.organizationId}`, 'facility')).totals.bookings).toBe(0);
    expect((await data(`from=${D1}&to=${D1}&branchId=${other.hospitalIds[0]}`, 'facility')).totals.bookings).toBe(0);
    expect((await data(`from=${D1}&to=${D1}`, 'otherFacility')).totals).toEqual({ bookings: 1, byStatus: { ...zero, confirmed: 1 }, revenue: 7000 });
    // The platform admin of the market sees both organizations when they share it.
    const sameMarket = (await ctx.db.pool.query('select country_id from public.organizations where id = $1', [other.organizationId])).rows[0].country_id === countryId;
    expect((await data(`from=${D1}&to=${D1}&countryId=${countryId}`, 'admin')).totals.bookings).toBe(sameMarket ? 5 : 4);
  });

  it('answers the empty answer for a range without bookings', async () => {
    expect(await data('from=2031-05-01&to=2031-05-31', 'facility')).toEqual({
      from: '2031-05-01',
      to: '2031-05-31',
      currency: null,
      days: [],
      totals: { bookings: 0, byStatus: zero, revenue: 0 },
    });
  });

  it("matches the seed's bookings of the market around today", async () => {
    const { rows } = await ctx.db.pool.query(
      `select (current_date - 30)::text as "from", (current_date + 30)::text as "to",
              count(*) filter (where b.status <> 'hold')::int as n,
              coalesce(sum(coalesce(b.final_price, b.price, 0)) filter (where b.status in ('confirmed', 'completed')), 0)::float8 as revenue
         from public.bookings b join public.hospitals h on h.id = b.hospital_id
        where h.country_id = $1 and (b.starts_at at time zone h.time_zone)::date between current_date - 30 and current_date + 30`,
      [countryId],
    );
    const d = await data(`from=${rows[0].from}&to=${rows[0].to}&countryId=${countryId}`, 'admin');
    expect(rows[0].n).toBeGreaterThan(0);
    expect(d.totals.bookings).toBe(rows[0].n);
    expect(d.totals.revenue).toBeCloseTo(rows[0].revenue, 2);
  });

  it('refuses a range longer than 366 days or reversed, in the caller language, and a platform admin without a market', async () => {
    const long = await call('from=2030-01-01&to=2031-01-02', 'facility');
    expect(long.status).toBe(422);
    expect((await long.json())._messages).toEqual(['to: The date range can be at most 366 days.']);
    expect((await call('from=2030-01-01&to=2031-01-01', 'facility')).status).toBe(200);
    const vi = await call('from=2030-01-01&to=2031-01-02', 'facility', { 'accept-language': 'vi-VN' });
    expect((await vi.json())._messages).toEqual(['to: Khoảng thời gian tối đa là 366 ngày.']);
    const reversed = await call('from=2031-03-05&to=2031-03-01', 'facility');
    expect(reversed.status).toBe(422);
    expect((await reversed.json())._messages).toEqual(['to: The end date cannot be before the start date.']);
    expect((await call('from=2031-02-30&to=2031-03-01', 'facility')).status).toBe(422);
    expect((await call(`from=${D1}&to=${D2}`, 'admin')).status).toBe(422);
  });
});
