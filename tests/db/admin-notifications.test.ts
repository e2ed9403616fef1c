/**
 * The admin bell and settings through HTTP (issue #27 items 4 and 7), on PGlite and PostgreSQL 15: a booking
 * confirmed through the booking functions appears for the manager of its branch and not for another
 * organization's manager; a cancellation follows; marking one and all read; a patient is refused; the member's own
 * name and avatar (an upload of theirs, never another member's).
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { useDatabase } from '../../src/server/runtime';
import { setRateLimit } from '../../src/server/rate-limit';
import { LocalFileStorage, useStorage } from '../../src/server/storage';
import type { NotificationList } from '../../src/lib/admin-notifications';
import { ACCOUNTS } from '../../supabase/seed/accounts';
import { createStaff } from '../support/accounts';
import { freeDoctorSlot } from '../support/booking';
import { startTestServer, type TestServer } from '../support/test-server';
import { signAccessToken } from '../support/tokens';
import { describeEachEngine } from './support/engines';

const PNG = Uint8Array.from(Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex'));

describeEachEngine('admin notifications and settings', { seed: true }, (ctx) => {
  let server: TestServer;
  let patient: string;
  const staff: Record<'branch' | 'otherBranch' | 'doctorless', string> = { branch: '', otherBranch: '', doctorless: '' };
  const userIds: Record<string, string> = {};

  const call = (p: string, token: string, init: { method?: string; body?: unknown } = {}) =>
    fetch(server.url + p, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: { authorization: `Bearer ${token}`, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  const list = async (token: string, page = 1): Promise<NotificationList> => {
    const res = await call(`/api/admin/notifications?page=${page}`, token);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('no-store');
    return (await res.json())._data;
  };

  beforeAll(async () => {
    useDatabase(ctx.db);
    useStorage(new LocalFileStorage(await mkdtemp(path.join(tmpdir(), 'care-bell-'))));
    server = await startTestServer();
    setRateLimit('booking_create', { limit: 100_000, windowSeconds: 600 });
    patient = await signAccessToken(ACCOUNTS.patient.id);
  });
  afterAll(async () => {
    setRateLimit('booking_create', undefined);
    useStorage(undefined);
    await server?.close();
  });

  it("shows a booking confirmed through the booking API to its branch's manager, not to another organization's", async () => {
    const s = await freeDoctorSlot(ctx.db, { kind: 'outpatient', skip: 11 });
    const { rows } = await ctx.db.pool.query(
      `select h.id, h.organization_id, h.time_zone, h.name, (select min(o.id) from public.organizations o where o.id <> h.organization_id and exists (select 1 from public.hospitals x where x.organization_id = o.id)) as other_org
         from public.doctors d join public.hospitals h on h.id = d.hospital_id where d.id = $1`,
      [s.doctorId],
    );
    const h = rows[0];
    const otherBranch = (await ctx.db.pool.query('select min(id) as id from public.hospitals where organization_id = $1', [h.other_org])).rows[0].id;
    userIds.branch = await createStaff(ctx.db, { email: 'bell-branch@bell.test', role: 'branch', organizationId: Number(h.organization_id), branchIds: [Number(h.id)] });
    userIds.otherBranch = await createStaff(ctx.db, { email: 'bell-other@bell.test', role: 'branch', organizationId: Number(h.other_org), branchIds: [Number(otherBranch)] });
    staff.branch = await signAccessToken(userIds.branch);
    staff.otherBranch = await signAccessToken(userIds.otherBranch);
    const before = await list(staff.branch);
    const otherBefore = await list(staff.otherBranch);

    const key = crypto.randomUUID().replace(/-/g, '') + 'k';
    const held = (await (await call('/api/bookings/holds', patient, { body: { kind: 'doctor', doctorId: s.doctorId, date: s.date, scheduleId: s.slotId, telemedicine: false, idempotencyKey: key } })).json())._data;
    // A hold is not a booking yet: nobody is told.
    expect((await list(staff.branch)).items.map((n) => n.booking?.id)).not.toContain(held.id);
    const confirmed = await call(`/api/bookings/${held.id}/confirm`, patient, { body: { familyMemberId: null, contactPhone: '+84 901 234 567', note: '', paymentMethod: 'cash-on-delivery' } });
    expect(confirmed.status).toBe(200);

    const after = await list(staff.branch);
    expect(after.items[0]).toMatchObject({ kind: 'booking_new', read: false, booking: { id: held.id, timeZone: h.time_zone, hospitalName: h.name }, import: null });
    const startsAt = (await ctx.db.pool.query('select starts_at from public.bookings where id = $1', [held.id])).rows[0].starts_at as Date;
    expect(after.items[0].booking!.startsAt).toBe(startsAt.toISOString());
    expect(after.unread).toBe(Math.min(100, before.unread + 1));
    const other = await list(staff.otherBranch);
    expect(other.items.some((n) => n.booking?.id === held.id)).toBe(false);
    expect(other.unread).toBe(otherBefore.unread);

    // Cancelled: a second notification about the same booking.
    await ctx.db.pool.query(`update public.bookings set status = 'cancelled', cancelled_at = now() where id = $1`, [held.id]);
    const cancelled = await list(staff.branch);
    expect(cancelled.items.slice(0, 2).map((n) => n.kind)).toEqual(['booking_cancelled', 'booking_new']);
  });

  it('marks one read, then all; pages with hasMore; another manager is untouched', async () => {
    const first = await list(staff.branch);
    const one = first.items.find((n) => !n.read)!;
    const marked = await call(`/api/admin/notifications/${one.id}/read`, staff.branch, { method: 'POST' });
    expect(marked.status).toBe(200);
    const unread = (await marked.json())._data.unread as number;
    // Counted up to 100: below the cap it is exact.
    if (first.unread < 100) expect(unread).toBe(first.unread - 1);
    else expect(unread).toBeLessThanOrEqual(100);
    expect((await list(staff.branch)).items.find((n) => n.id === one.id)!.read).toBe(true);
    // Someone else's notification is not there to mark.
    expect((await call(`/api/admin/notifications/${one.id}/read`, staff.otherBranch, { method: 'POST' })).status).toBe(404);
    const otherUnread = (await list(staff.otherBranch)).unread;
    const all = await call('/api/admin/notifications/read-all', staff.branch, { method: 'POST' });
    expect((await all.json())._data).toEqual({ unread: 0 });
    const after = await list(staff.branch);
    expect(after.unread).toBe(0);
    expect(after.items.every((n) => n.read)).toBe(true);
    expect((await list(staff.otherBranch)).unread).toBe(otherUnread);
    // Marking again changes nothing; a new booking event is unread again.
    await call('/api/admin/notifications/read-all', staff.branch, { method: 'POST' });
    const b = (await ctx.db.pool.query(`select b.id from public.bookings b join public.admin_user_branches u on u.hospital_id = b.hospital_id where u.user_id = $1 and b.status = 'confirmed' order by b.id limit 1`, [userIds.branch])).rows[0];
    if (b) {
      await ctx.db.pool.query(`update public.bookings set status = 'cancelled', cancelled_at = now() where id = $1`, [b.id]);
      expect((await list(staff.branch)).unread).toBe(1);
    }
    // Pages: 20 a page, latest first, no overlap.
    const p1 = await list(staff.branch, 1);
    if (p1.hasMore) {
      const p2 = await list(staff.branch, 2);
      expect(Math.min(...p1.items.map((n) => n.id))).toBeGreaterThan(Math.max(...p2.items.map((n) => n.id)));
    }
    expect(p1.items.length).toBeLessThanOrEqual(20);
  });

  it('refuses patients and anon', async () => {
    expect((await call('/api/admin/notifications', patient)).status).toBe(403);
    expect((await fetch(server.url + '/api/admin/notifications')).status).toBe(401);
    expect((await call('/api/admin/notifications/read-all', patient, { method: 'POST' })).status).toBe(403);
  });

  it('saves the member’s own name and avatar (their own upload only)', async () => {
    const form = new FormData();
    form.append('kind', 'avatar');
    form.append('file', new File([PNG], 'me.png', { type: 'image/png' }));
    const up = await fetch(`${server.url}/api/admin/uploads`, { method: 'POST', headers: { authorization: `Bearer ${staff.branch}` }, body: form });
    expect(up.status).toBe(200);
    const stored = (await up.json())._data as { url: string; path: string };
    const save = (token: string, body: unknown) => call('/api/admin/me', token, { method: 'PUT', body });
    const res = await save(staff.branch, { name: '  Lan Nguyen  ', avatarPath: stored.path });
    expect(res.status).toBe(200);
    expect((await res.json())._data).toMatchObject({ name: 'Lan Nguyen', avatar: stored.url, role: 'branch' });
    const me = (await (await call('/api/admin/me', staff.branch)).json())._data;
    expect(me).toMatchObject({ name: 'Lan Nguyen', avatar: stored.url });
    // Another member cannot take that upload as theirs, nor point an avatar anywhere else.
    expect((await save(staff.otherBranch, { name: 'Other', avatarPath: stored.path })).status).toBe(403);
    expect((await save(staff.otherBranch, { name: 'Other', avatarPath: 'https://evil.example/x.png' })).status).toBe(422);
    expect((await save(staff.branch, { name: 'x' })).status).toBe(422);
    // Leaving the avatar out keeps it; null removes it.
    expect((await (await save(staff.branch, { name: 'Lan' })).json())._data.avatar).toBe(stored.url);
    expect((await (await save(staff.branch, { name: 'Lan', avatarPath: null })).json())._data.avatar).toBeNull();
    expect((await save(patient, { name: 'Patient' })).status).toBe(403);
  });
});
