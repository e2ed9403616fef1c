/**
 * Family profiles through the HTTP API (issue 28): create (multipart), update (POST with _method=PUT), list and
 * delete as the signed-in patient; every answer no-store; another patient's ids are invisible (404) and their
 * profiles never listed, changed or deleted; the SPEC §5 rules re-checked by the server; photos checked by their bytes.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ACCOUNTS } from '../../supabase/seed/accounts';
import { useDatabase } from '../../src/server/runtime';
import { startTestServer, type TestServer } from '../support/test-server';
import { signAccessToken } from '../support/tokens';
import { describeEachEngine } from './support/engines';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg==', 'base64');

function yearsAgo(years: number): string {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  return d.toISOString().slice(0, 10);
}

function form(fields: Record<string, string>, photo: Blob | null = new Blob([PNG], { type: 'image/png' })): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  if (photo) fd.append('avatar', photo, 'photo.png');
  return fd;
}

describeEachEngine('family profiles over HTTP', { seed: true }, (ctx) => {
  let server: TestServer;
  let mine: string;
  let other: string;
  const call = (path: string, token: string, init: RequestInit = {}) => fetch(server.url + path, { ...init, headers: { authorization: `Bearer ${token}`, ...(init.headers ?? {}) } });
  const otherMemberId = async () => Number((await ctx.db.pool.query(`select id from public.family_members where patient_user_id = $1 order by id limit 1`, [ACCOUNTS.patientOther.id])).rows[0].id);

  beforeAll(async () => {
    useDatabase(ctx.db);
    server = await startTestServer();
    mine = await signAccessToken(ACCOUNTS.patient.id, { email: ACCOUNTS.patient.email });
    other = await signAccessToken(ACCOUNTS.patientOther.id, { email: ACCOUNTS.patientOther.email });
  });
  afterAll(async () => {
    await server?.close();
    useDatabase(undefined);
  });

  it('creates, updates, lists and deletes, each answer no-store', async () => {
    const created = await call('/api/family', mine, { method: 'POST', body: form({ name: ' Trần Bé Na ', birthday: yearsAgo(6), gender: 'female', relation: 'child', notify_to: 'MASTER' }) });
    expect(created.status).toBe(200);
    expect(created.headers.get('cache-control')).toBe('no-store');
    const body = await created.json();
    expect(body).toMatchObject({ _status: 1, _messages: ['Create successfully'] });
    const contact = body._data.contact;
    expect(contact).toMatchObject({ name: 'Trần Bé Na', gender: 'female', relation: 'child', notifyTo: 'MASTER', email: null, phone: null });
    expect(contact.avatar).toMatch(/^\/storage\/v1\/object\/public\/avatars\/00000000-0000-4000-a000-000000000007\/.+\.png$/);
    const stored = await fetch(server.url + contact.avatar);
    expect(stored.status).toBe(200);

    // Update: POST with _method=PUT and the id in the path; an adult now, notified both ways; no new photo.
    const updated = await call(`/api/family/${contact.id}`, mine, {
      method: 'POST',
      body: form({ _method: 'PUT', name: 'Trần Na', birthday: yearsAgo(30), gender: 'female', relation: 'sibling', notify_to: 'BOTH', email: 'Na@Example.test', phone: '0903 111 222' }, null),
    });
    expect(updated.status).toBe(200);
    expect(updated.headers.get('cache-control')).toBe('no-store');
    const u = await updated.json();
    expect(u._messages).toEqual(['Update successfully']);
    expect(u._data.contact).toMatchObject({ id: contact.id, name: 'Trần Na', notifyTo: 'BOTH', email: 'na@example.test', phone: '0903 111 222', avatar: contact.avatar });

    const list = await call('/api/family', mine);
    expect(list.headers.get('cache-control')).toBe('no-store');
    const names = (await list.json())._data.contacts.map((c: { name: string }) => c.name);
    expect(names).toContain('Trần Na');
    expect(names).not.toContain('Lê Thị Ngân');

    const deleted = await call(`/api/family/${contact.id}`, mine, { method: 'DELETE' });
    expect(deleted.status).toBe(200);
    expect(deleted.headers.get('cache-control')).toBe('no-store');
    expect((await deleted.json())._messages).toEqual(['Delete successfully']);
    expect((await call(`/api/family/${contact.id}`, mine, { method: 'DELETE' })).status).toBe(404);
  });

  it("never reads, changes or deletes another patient's family member", async () => {
    const id = await otherMemberId();
    const before = (await ctx.db.pool.query(`select name, birthday from public.family_members where id = $1`, [id])).rows[0];
    const put = await call(`/api/family/${id}`, mine, { method: 'POST', body: form({ _method: 'PUT', name: 'Taken over', birthday: yearsAgo(8), gender: 'male', relation: 'child', notify_to: 'MASTER' }) });
    expect(put.status).toBe(404);
    expect(put.headers.get('cache-control')).toBe('no-store');
    const del = await call(`/api/family/${id}`, mine, { method: 'DELETE' });
    expect(del.status).toBe(404);
    const after = (await ctx.db.pool.query(`select name, birthday from public.family_members where id = $1`, [id])).rows[0];
    expect(after).toEqual(before);
    // The owner still sees it.
    const theirs = (await (await call('/api/family', other)).json())._data.contacts.map((c: { id: number }) => c.id);
    expect(theirs).toContain(id);
    // No token: 401.
    expect((await fetch(`${server.url}/api/family`)).status).toBe(401);
  });

  it('re-checks the SPEC §5 rules and the photo', async () => {
    const refuse = async (fields: Record<string, string>, photo: Blob | null, field: string, message: string) => {
      const res = await call('/api/family', mine, { method: 'POST', body: form(fields, photo) });
      expect(res.status).toBe(422);
      const b = await res.json();
      expect(b._status).toBe(-1);
      expect(b._data.errors[field]).toEqual([message]);
    };
    const ok = { name: 'A', birthday: yearsAgo(30), gender: 'male', relation: 'parent', notify_to: 'MASTER' };
    await refuse({ ...ok, name: '  ' }, new Blob([PNG], { type: 'image/png' }), 'name', 'Name is required');
    await refuse({ ...ok, birthday: '' }, new Blob([PNG], { type: 'image/png' }), 'birthday', 'Birthday is required');
    await refuse({ ...ok, birthday: yearsAgo(-1) }, new Blob([PNG], { type: 'image/png' }), 'birthday', 'Birthday cannot be in the future');
    await refuse({ ...ok, relation: '' }, new Blob([PNG], { type: 'image/png' }), 'relation', 'This field is required');
    await refuse({ ...ok, notify_to: 'PATIENT' }, new Blob([PNG], { type: 'image/png' }), 'email', 'Please enter a valid email');
    await refuse(ok, null, 'avatar', 'Profile photo is required');
    await refuse(ok, new Blob(['not an image'], { type: 'image/png' }), 'avatar', 'Wrong file format: use JPEG, PNG, WEBP');
    await refuse(ok, new Blob([PNG, new Uint8Array(2 * 1024 * 1024)], { type: 'image/png' }), 'avatar', 'File size too large');
    // A child's notify choice and e-mail are not kept.
    const child = await call('/api/family', mine, { method: 'POST', body: form({ ...ok, birthday: yearsAgo(18), notify_to: 'BOTH', email: 'kid@example.test' }) });
    expect((await child.json())._data.contact).toMatchObject({ notifyTo: 'MASTER', email: null });
  });
});
