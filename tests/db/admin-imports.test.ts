/**
 * CSV imports end to end on both engines (issue #29 item 5): a doctor file as spreadsheets write it (BOM, CRLF,
 * quoted commas and line breaks) stored, processed record by record as its starter, finished with the bell and
 * the data history; bad rows counted, rolled back whole and listed in the error file; the same file twice creating
 * nothing twice; the server's re-check of every read rule; scopes (a branch manager, another organization's
 * status, the doctor role); the doctor-service file import and the service import in chunks.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it, onTestFinished } from 'vitest';
import handler from '../../functions/admin-imports';
import background from '../../functions/import-rows-background';
import { useDatabase } from '../../src/server/runtime';
import { LocalFileStorage, useStorage } from '../../src/server/storage';
import { IMPORT_HEADERS, MANUAL_CHUNK_SIZE, chunkRecords, readImportCsv } from '../../src/lib/csv-import';
import { processImport, signImport, useImportTrigger } from '../../src/server/imports';
import { createStaff, firstOrganization } from '../support/accounts';
import { signAccessToken } from '../support/tokens';
import { describeEachEngine } from './support/engines';
import { translate } from '../../i18n/strings';
import { doctorImportRow, readCsvRows, spreadsheetCsv } from '../support/import-files';

const BASE = 'http://local.test';

const csv = (header: readonly string[], rows: (string | number)[][], opts: { bom?: boolean } = {}) => spreadsheetCsv(header, rows, { bom: opts.bom ?? false });

describeEachEngine('admin imports', { seed: true }, (ctx) => {
  const tokens: Record<string, string> = {};
  const users: Record<string, string> = {};
  let org: Awaited<ReturnType<typeof firstOrganization>>;
  let otherOrg: Awaited<ReturnType<typeof firstOrganization>>;
  let countryId: number;
  let slugs: string[];
  let storageDir: string;
  /** Background runs started by the upload call: awaited by the test like the dialog's polling would. */
  let runs: Promise<unknown>[] = [];

  const call = (p: string, role: string, init: RequestInit = {}) =>
    handler(new Request(`${BASE}${p}`, { ...init, headers: { authorization: `Bearer ${tokens[role]}`, ...(init.headers ?? {}) } }));
  const json = async (res: Response) => ({ status: res.status, body: await res.json() });

  async function upload(role: string, type: string, text: string, name = 'doctors.csv') {
    const form = new FormData();
    form.set('file', new File([text], name, { type: 'text/csv' }));
    form.set('type', type);
    form.set('country_id', String(countryId));
    form.set('token', 'dialog-token');
    const res = await json(await call('/api/admin/imports', role, { method: 'POST', body: form }));
    await Promise.all(runs);
    runs = [];
    return res;
  }
  const status = async (role: string, hash: string) => json(await call(`/api/admin/imports/status?country_id=${countryId}&hash=${hash}`, role));
  const doctorsNamed = async (names: string[]) =>
    (await ctx.db.pool.query('select count(*)::int as n from public.doctors where name = any ($1)', [names])).rows[0].n as number;

  beforeAll(async () => {
    useDatabase(ctx.db);
    storageDir = mkdtempSync(path.join(tmpdir(), 'imports-'));
    useStorage(new LocalFileStorage(storageDir));
    useImportTrigger(async (_origin, id) => {
      runs.push(processImport(ctx.db, id));
      return true;
    });
    org = await firstOrganization(ctx.db);
    otherOrg = await firstOrganization(ctx.db, 1);
    countryId = (await ctx.db.pool.query('select country_id from public.organizations where id = $1', [org.organizationId])).rows[0].country_id;
    slugs = (await ctx.db.pool.query('select slug from public.specialties where country_id = $1 order by id limit 2', [countryId])).rows.map((r) => r.slug);
    const [b1] = org.hospitalIds;
    const staff = async (key: string, role: string, extra: object = {}) => {
      users[key] = await createStaff(ctx.db, { email: `i-${key}@imports.test`, role, ...extra } as Parameters<typeof createStaff>[1]);
      tokens[key] = await signAccessToken(users[key]);
    };
    await staff('admin', 'admin');
    await staff('facility', 'facility', { organizationId: org.organizationId });
    await staff('otherFacility', 'facility', { organizationId: otherOrg.organizationId });
    await staff('branch', 'branch', { organizationId: org.organizationId, branchIds: [b1] });
    await staff('doctor', 'doctor', { organizationId: org.organizationId });
  });
  afterAll(() => {
    useDatabase(undefined);
    useStorage(undefined);
    useImportTrigger(undefined);
    rmSync(storageDir, { recursive: true, force: true });
  });

  const doctorRow = (name: string, branch: number, extra: Partial<Record<string, string>> = {}) =>
    doctorImportRow(name, branch, { specialties: slugs.join('|'), expertise: 'Imported expertise A|Imported expertise B', ...extra });

  it('imports a spreadsheet-written doctor file record by record, with its lists, the history and the bell', async () => {
    const [b1, b2] = org.hospitalIds;
    const names = ['Imported Doctor One', 'Imported Doctor Two', 'Imported Doctor Three'];
    const text = csv(IMPORT_HEADERS.doctor, [doctorRow(names[0], b1), doctorRow(names[1], b2), doctorRow(names[2], b1)], { bom: true });
    expect(text.includes('\r\n') && text.startsWith('\uFEFF')).toBe(true);
    const started = await upload('facility', 'doctor', text);
    expect(started.status).toBe(200);
    expect(started.body._messages).toEqual(['File is uploaded successfully. Please hit button Import below to continue.']);
    expect(started.body._data).toMatchObject({ total: 3 });
    const { body } = await status('facility', started.body._data.hash);
    expect(body._data['upload-process']).toEqual({ status: 'import_success', percent: 100, success: 3, failed: 0, created: 3, updated: 0, unchanged: 0, result: null, hash: started.body._data.hash });
    const { rows } = await ctx.db.pool.query(
      `select d.id, d.name, d.hospital_id::int as hospital_id, d.languages, d.description, d.glance, d.status,
              (select count(*)::int from public.doctor_specialties s where s.doctor_id = d.id) as specialties,
              (select count(*)::int from public.doctor_expertise e where e.doctor_id = d.id) as expertise
         from public.doctors d where d.name = any ($1) order by d.name`,
      [names],
    );
    expect(rows).toHaveLength(3);
    const one = rows.find((r) => r.name === names[0])!;
    expect(one).toMatchObject({ hospital_id: b1, languages: ['Vietnamese', 'English'], description: 'First line\nsecond line, with a comma', glance: 'Cardiologist, 10 years', specialties: slugs.length, expertise: 2 });
    // Imported doctors start inactive (SPEC §4: sent to their availability before they go live).
    expect(rows.map((r) => r.status)).toEqual([0, 0, 0]);
    // The data history names the starter; the bell rings once for the finished import.
    const history = await ctx.db.pool.query(`select count(*)::int as n from public.data_history where table_name = 'doctors' and action = 'INSERT' and actor_id = $1 and row_id = any ($2)`, [
      users.facility,
      rows.map((r) => String(r.id)),
    ]);
    expect(history.rows[0].n).toBe(3);
    const imp = (await ctx.db.pool.query('select id from public.imports where hash = $1', [started.body._data.hash])).rows[0];
    const bell = await ctx.db.pool.query(`select kind, import_created_by::text as who from public.notifications where import_id = $1`, [imp.id]);
    expect(bell.rows).toEqual([{ kind: 'import_finished', who: users.facility }]);
    const lines = await ctx.db.pool.query(`select line, status from public.import_rows where import_id = $1 order by line`, [imp.id]);
    expect(lines.rows).toEqual([2, 3, 4].map((line) => ({ line, status: 'success' })));

    // The same file again creates nothing twice (each row names its doctor by e-mail) and says nothing changed.
    const again = await upload('facility', 'doctor', text);
    expect((await status('facility', again.body._data.hash)).body._data['upload-process']).toMatchObject({ status: 'import_success', success: 3, failed: 0, created: 0, updated: 0, unchanged: 3 });
    expect(await doctorsNamed(names)).toBe(3);
    const ids = rows.map((r) => String(r.id));
    const updates = async () =>
      (await ctx.db.pool.query(`select count(*)::int as n from public.data_history where table_name = 'doctors' and action = 'UPDATE' and row_id = any ($1)`, [ids])).rows[0].n as number;
    expect(await updates()).toBe(0);
    const rebuilds = async () =>
      (await ctx.db.pool.query(`select count(*)::int as n from public.directory_changes where entity = 'doctors' and action = 'UPDATE' and entity_id = any ($1::bigint[])`, [ids])).rows[0].n as number;
    expect(await rebuilds()).toBe(0);

    // A corrected file updates the doctor it names (empty cells keep what is there), still without a new one.
    const corrected = doctorRow(names[0], b1, { glance: 'Cardiologist, 12 years', phone: '', description: '' });
    const third = await upload('facility', 'doctor', csv(IMPORT_HEADERS.doctor, [corrected]));
    expect((await status('facility', third.body._data.hash)).body._data['upload-process']).toMatchObject({ status: 'import_success', success: 1, updated: 1 });
    const after = (await ctx.db.pool.query(`select glance, description from public.doctors where id = $1`, [one.id])).rows[0];
    expect(after).toEqual({ glance: 'Cardiologist, 12 years', description: 'First line\nsecond line, with a comma' });
    expect(await doctorsNamed(names)).toBe(3);
    expect(await updates()).toBe(1);
    expect(await rebuilds()).toBe(1);
  });

  it('counts bad rows, rolls each back whole and lists them in the error file', async () => {
    const [b1] = org.hospitalIds;
    const names = ['Good Import Row', 'Bad Email Row', 'Unknown Specialty Row', 'Other Org Row', 'Rolled Back Row'];
    // A failure after the doctor's insert (its expertise) must leave no doctor behind.
    await ctx.db.pool.query(`create or replace function public.test_refuse_expertise() returns trigger language plpgsql as $$
      begin if new.name = 'Explodes' then raise exception 'refused by the test' using errcode = '23514'; end if; return new; end $$`);
    await ctx.db.pool.query(`create trigger test_refuse_expertise before insert on public.expertise for each row execute function public.test_refuse_expertise()`);
    try {
      const text = csv(IMPORT_HEADERS.doctor, [
        doctorRow(names[0], b1),
        doctorRow(names[1], b1, { email: 'not-an-email' }),
        doctorRow(names[2], b1, { specialties: 'no-such-specialty' }),
        doctorRow(names[3], otherOrg.hospitalIds[0]),
        doctorRow(names[4], b1, { expertise: 'Explodes' }),
      ]);
      const started = await upload('facility', 'doctor', text);
      const { body } = await status('facility', started.body._data.hash);
      expect(body._data['upload-process']).toMatchObject({ status: 'warning', percent: 100, success: 1, failed: 4, result: `/api/admin/imports/${started.body._data.hash}/errors.csv` });
      expect(await doctorsNamed([names[0]])).toBe(1);
      expect(await doctorsNamed(names.slice(1))).toBe(0);

      const file = await call(body._data['upload-process'].result, 'facility');
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toMatch(/^text\/csv/);
      expect(file.headers.get('cache-control')).toMatch(/no-store/);
      const parsed = readCsvRows(await file.text());
      expect(parsed[0]).toEqual(['Line', ...IMPORT_HEADERS.doctor, 'Message Error', 'Status import']);
      const nameAt = IMPORT_HEADERS.doctor.indexOf('name') + 1;
      expect(parsed.slice(1).map((r) => [r[0], r[nameAt], r.at(-1)])).toEqual([
        ['3', names[1], 'Failed'],
        ['4', names[2], 'Failed'],
        ['5', names[3], 'Failed'],
        ['6', names[4], 'Failed'],
      ]);
      // Each message is a sentence naming the column (issue #38 item 6).
      expect(parsed[1].at(-2)).toBe('Column "email" must be an e-mail address.');
      expect(parsed[2].at(-2)).toBe('Column "specialties": there is no specialty "no-such-specialty" in this market.');
      expect(parsed[3].at(-2)).toBe('Column "hospital_branch_id": this branch does not exist or is not in your scope.');
      expect(parsed[4].at(-2)).toBe('This record could not be saved.');
      // Description keeps its line break through the error file.
      expect(parsed[1][IMPORT_HEADERS.doctor.indexOf('description') + 1]).toBe('First line\nsecond line, with a comma');
      // Downloaded by a Vietnamese admin, the same file speaks Vietnamese (the column names are the spec's).
      const vi = readCsvRows(await (await call(body._data['upload-process'].result, 'facility', { headers: { 'accept-language': 'vi-VN' } })).text());
      expect(vi[0]).toEqual(parsed[0]);
      expect(vi.slice(1).map((r) => r.at(-2))).toEqual([
        translate('vi-VN', 'server.admin.import.row.email', { column: 'email' }),
        translate('vi-VN', 'server.admin.import.row.specialty', { column: 'specialties', name: 'no-such-specialty' }),
        translate('vi-VN', 'server.admin.import.row.branch', { column: 'hospital_branch_id' }),
        translate('vi-VN', 'server.admin.import.rowFailed'),
      ]);

      // Another organization's manager sees neither the status nor the file; the doctor role is refused.
      expect((await status('otherFacility', started.body._data.hash)).status).toBe(404);
      expect((await call(body._data['upload-process'].result, 'otherFacility')).status).toBe(404);
      expect((await status('doctor', started.body._data.hash)).status).toBe(403);
    } finally {
      await ctx.db.pool.query('drop trigger test_refuse_expertise on public.expertise');
      await ctx.db.pool.query('drop function public.test_refuse_expertise()');
    }
  });

  it("answers the seed's finished import and builds its error file from its failed lines", async () => {
    const hash = '5eed0000000000000000000000000001';
    const seed = (await ctx.db.pool.query(`select created_by::text as who from public.imports where hash = $1`, [hash])).rows[0];
    const manager = await signAccessToken(seed.who);
    const res = await handler(new Request(`${BASE}/api/admin/imports/status?hash=${hash}`, { headers: { authorization: `Bearer ${manager}` } }));
    expect((await res.json())._data['upload-process']).toEqual({ status: 'warning', percent: 100, success: 2, failed: 1, created: 2, updated: 0, unchanged: 0, result: `/api/admin/imports/${hash}/errors.csv`, hash });
    const file = await handler(new Request(`${BASE}/api/admin/imports/${hash}/errors.csv`, { headers: { authorization: `Bearer ${manager}` } }));
    const rows = readCsvRows(await file.text());
    expect(rows.map((r) => [r[0], r[2], r.at(-2), r.at(-1)])).toEqual([
      ['Line', 'name', 'Message Error', 'Status import'],
      ['4', '', 'Column "name" is empty: fill it in.', 'Failed'],
    ]);
    // The seed's bell rings for it.
    expect((await ctx.db.pool.query(`select count(*)::int as n from public.notifications n join public.imports i on i.id = n.import_id where i.hash = $1`, [hash])).rows[0].n).toBe(1);
  });

  it('keeps a branch manager to their branch', async () => {
    const [b1, b2] = org.hospitalIds;
    const text = csv(IMPORT_HEADERS.doctor, [doctorRow('Branch Own Row', b1), doctorRow('Branch Other Row', b2)]);
    const started = await upload('branch', 'doctor', text);
    expect((await status('branch', started.body._data.hash)).body._data['upload-process']).toMatchObject({ status: 'warning', success: 1, failed: 1 });
    expect(await doctorsNamed(['Branch Own Row'])).toBe(1);
    expect(await doctorsNamed(['Branch Other Row'])).toBe(0);
    // The organization's facility manager sees the branch manager's import (the imports policy).
    expect((await status('facility', started.body._data.hash)).status).toBe(200);
  });

  it('the background function processes only a signed import, and a stalled import is handed over again by the status call', async () => {
    const inline = async (_origin: string, importId: number) => {
      runs.push(processImport(ctx.db, importId));
      return true;
    };
    onTestFinished(() => useImportTrigger(inline));
    const text = csv(IMPORT_HEADERS.doctor, [doctorRow('Stalled Import Row', org.hospitalIds[0])]);
    // The upload's hand-over is lost (the trigger answers nothing): the import stays processing.
    useImportTrigger(async () => false);
    const started = await upload('facility', 'doctor', text);
    const { hash } = started.body._data;
    const id = (await ctx.db.pool.query('select id from public.imports where hash = $1', [hash])).rows[0].id as number;
    expect((await status('facility', hash)).body._data['upload-process']).toMatchObject({ status: 'processing', percent: 0 });
    // A call without the upload function's signature is refused and changes nothing.
    const post = (body: unknown) => background(new Request('http://local.test/.netlify/functions/import-rows-background', { method: 'POST', body: JSON.stringify(body) }));
    expect((await post({ id, signature: 'f'.repeat(64) })).status).toBe(403);
    expect((await post({ id })).status).toBe(403);
    expect(await doctorsNamed(['Stalled Import Row'])).toBe(0);
    // Thirty seconds without progress: the status call hands it over again.
    // (set_updated_at would stamp the update itself: the clock is turned back with triggers off.)
    const client = await ctx.db.pool.connect();
    try {
      await client.query('begin');
      await client.query(`set local session_replication_role = replica`);
      await client.query(`update public.imports set updated_at = now() - interval '1 minute' where id = $1`, [id]);
      await client.query('commit');
    } finally {
      client.release();
    }
    const handed: number[] = [];
    useImportTrigger(async (_o, importId) => {
      handed.push(importId);
      return true;
    });
    await status('facility', hash);
    expect(handed).toEqual([id]);
    // The signed call processes it.
    expect((await post({ id, signature: signImport(id) })).status).toBe(202);
    expect((await status('facility', hash)).body._data['upload-process']).toMatchObject({ status: 'import_success', success: 1 });
    expect(await doctorsNamed(['Stalled Import Row'])).toBe(1);
  });

  it('two uploads of one file processed at the same time create each doctor once', async () => {
    const inline = async (_origin: string, importId: number) => {
      runs.push(processImport(ctx.db, importId));
      return true;
    };
    onTestFinished(() => useImportTrigger(inline));
    const ids: number[] = [];
    useImportTrigger(async (_o, id) => (ids.push(id), true));
    const names = Array.from({ length: 6 }, (_, i) => `Concurrent Import ${i}`);
    const text = csv(IMPORT_HEADERS.doctor, names.map((n) => doctorRow(n, org.hospitalIds[0])));
    const a = await upload('facility', 'doctor', text);
    const b = await upload('facility', 'doctor', text);
    const results = await Promise.all(ids.map((id) => processImport(ctx.db, id)));
    expect(results.map((r) => [r?.status, r?.success])).toEqual([
      ['import_success', 6],
      ['import_success', 6],
    ]);
    expect(await doctorsNamed(names)).toBe(6);
    expect(a.body._data.hash).not.toBe(b.body._data.hash);
  });

  it('waits on a record another import is writing, then finds it instead of doubling it (PostgreSQL: concurrent sessions)', async () => {
    if (ctx.engine !== 'postgres') return; // PGlite has one session: nothing runs beside an open transaction
    const inline = async (_origin: string, importId: number) => {
      runs.push(processImport(ctx.db, importId));
      return true;
    };
    onTestFinished(() => useImportTrigger(inline));
    const ids: number[] = [];
    useImportTrigger(async (_o, id) => (ids.push(id), true));
    const [b1] = org.hospitalIds;
    const name = 'Raced Import Doctor';
    await upload('facility', 'doctor', csv(IMPORT_HEADERS.doctor, [doctorRow(name, b1)]));
    // Another import's transaction holds the record's key and has inserted the doctor, not yet committed.
    const other = await ctx.db.pool.connect();
    try {
      await other.query('begin');
      await other.query(`select pg_advisory_xact_lock(hashtextextended($1, 0))`, [`import:doctor:${b1}`]);
      await other.query(
        `insert into public.doctors (name, slug, hospital_id, organization_id, country_id, email) select $1, 'raced-import-doctor', h.id, h.organization_id, h.country_id, $3 from public.hospitals h where h.id = $2`,
        [name, b1, doctorRow(name, b1)[IMPORT_HEADERS.doctor.indexOf('email')]],
      );
      const run = processImport(ctx.db, ids[0]);
      await new Promise((r) => setTimeout(r, 300));
      await other.query('commit');
      expect(await run).toMatchObject({ status: 'import_success', success: 1 });
    } finally {
      other.release();
    }
    expect(await doctorsNamed([name])).toBe(1);
  });

  it('re-checks every read rule of the file on the server', async () => {
    const header = IMPORT_HEADERS.doctor.join(',');
    const row = doctorRow('X', org.hospitalIds[0]).map((c) => JSON.stringify(c)).join(',');
    const cases: [string, string, string][] = [
      ['doctors.xlsx', `${header}\r\n${row}`, 'Wrong file format'],
      ['empty.csv', '   \r\n', 'File is not valid!'],
      ['header.csv', `${header}\r\n`, 'No data to import'],
      ['many.csv', [header, ...Array.from({ length: 51 }, () => row)].join('\r\n'), 'Wrong file format'],
      ['wrong.csv', `name,email\r\nA,a@b.c`, 'Wrong file format'],
      ['quotes.csv', `${header}\r\n"unterminated,${row}`, 'Cannot read this file'],
    ];
    const before = (await ctx.db.pool.query('select count(*)::int as n from public.imports')).rows[0].n;
    for (const [name, text, message] of cases) {
      const res = await upload('facility', 'doctor', text, name);
      expect([name, res.status, res.body._messages]).toEqual([name, 422, [message]]);
    }
    // A UTF-8 mark followed by bytes that are not UTF-8 cannot be read (without the mark, the market's code page is).
    const form = new FormData();
    form.set('file', new File([new Uint8Array([0xef, 0xbb, 0xbf, 0x6e, 0x61, 0xff, 0xfe, 0x0a])], 'bad.csv'));
    form.set('type', 'doctor');
    form.set('country_id', String(countryId));
    const bad = await json(await call('/api/admin/imports', 'facility', { method: 'POST', body: form }));
    expect([bad.status, bad.body._messages]).toEqual([422, ['Cannot read this file']]);
    expect((await ctx.db.pool.query('select count(*)::int as n from public.imports')).rows[0].n).toBe(before);
    // The doctor role has no imports (SPEC §6).
    expect((await upload('doctor', 'doctor', `${header}\r\n${row}`)).status).toBe(403);
  });

  it('imports doctor services, updating a service of the same name instead of doubling it', async () => {
    const doctorId = (await ctx.db.pool.query('select id::int as id from public.doctors where hospital_id = $1 order by id limit 1', [org.hospitalIds[0]])).rows[0].id;
    const otherDoctor = (await ctx.db.pool.query('select id::int as id from public.doctors where organization_id = $1 order by id limit 1', [otherOrg.organizationId])).rows[0].id;
    const rows = [
      [doctorId, 'Imported consultation', 'First visit, 30 minutes', 'range', 200000, 500000],
      [doctorId, 'Imported follow-up', '', 'fixed', 150000, ''],
      [doctorId, 'Bad range', '', 'range', 500000, 100],
      [otherDoctor, 'Not mine', '', 'fixed', 1, ''],
    ];
    const started = await upload('facility', 'doctor_service', csv(IMPORT_HEADERS.doctor_service, rows), 'services.csv');
    expect((await status('facility', started.body._data.hash)).body._data['upload-process']).toMatchObject({ status: 'warning', success: 2, failed: 2, created: 2 });
    rows[1][4] = 175000;
    const again = await upload('facility', 'doctor_service', csv(IMPORT_HEADERS.doctor_service, rows.slice(0, 2)), 'services.csv');
    expect((await status('facility', again.body._data.hash)).body._data['upload-process']).toMatchObject({ status: 'import_success', success: 2, failed: 0, updated: 1, unchanged: 1 });
    const { rows: saved } = await ctx.db.pool.query(`select name, price::float8 as price, price_to::float8 as price_to from public.doctor_services where doctor_id = $1 and name like 'Imported %' order by name`, [doctorId]);
    expect(saved).toEqual([
      { name: 'Imported consultation', price: 200000, price_to: 500000 },
      { name: 'Imported follow-up', price: 175000, price_to: null },
    ]);
    // The update of the second run is in the data history with its before and after, by the starter.
    const { rows: history } = await ctx.db.pool.query(
      `select h.before ->> 'price' as before, h.after ->> 'price' as after, h.actor_id::text as actor from public.data_history h
        where h.table_name = 'doctor_services' and h.action = 'UPDATE' and h.after ->> 'name' = 'Imported follow-up' and (h.after ->> 'doctor_id')::bigint = $1`,
      [doctorId],
    );
    expect(history).toEqual([{ before: '150000.00', after: '175000.00', actor: users.facility }]);
  });

  it('imports services in chunks (the manual type), collecting failed records', async () => {
    const [b1] = org.hospitalIds;
    const records = Array.from({ length: 12 }, (_, i) => {
      const r: Record<string, string> = { name: `Imported service ${i + 1}`, description: 'Blood test, consultation', hospital_branch_id: String(b1), price_type: 'fixed', price: '100000', price_to: '', original_price: '', promotion_percent: '', buffer_time: '15', is_package: '0' };
      if (i === 4) r.price = 'free';
      if (i === 10) r.hospital_branch_id = String(otherOrg.hospitalIds[0]);
      return r;
    });
    const text = csv(IMPORT_HEADERS.service, records.map((r) => IMPORT_HEADERS.service.map((h) => r[h])));
    const read = readImportCsv(text, 'service');
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    const chunks = chunkRecords(read.records.map((data, i) => ({ line: i + 2, data })), MANUAL_CHUNK_SIZE);
    let hash: string | undefined;
    const failed: number[] = [];
    const messages: Record<number, string[]> = {};
    for (const [i, records] of chunks.entries()) {
      const res = await json(
        await call('/api/admin/imports/manual', 'facility', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'accept-language': 'th-TH' },
          body: JSON.stringify({ type: 'service', country_id: countryId, hash, file_name: 'services.csv', records, last: i === chunks.length - 1, total: read.records.length }),
        }),
      );
      expect(res.status).toBe(200);
      hash = res.body._data.hash;
      for (const r of res.body._data.results as { line: number; status: string; messages: string[] }[]) {
        if (r.status !== 'failed') continue;
        failed.push(r.line);
        messages[r.line] = r.messages;
      }
    }
    expect(failed).toEqual([6, 12]);
    // The failed records' messages, which the dialog shows and writes into its error file, in the caller's language.
    expect(messages[12]).toEqual([translate('th-TH', 'server.admin.import.row.branch', { column: 'hospital_branch_id' })]);
    expect(messages[6]).toEqual([translate('th-TH', 'server.admin.import.row.notNumber', { column: 'price' })]);
    expect((await status('facility', hash!)).body._data['upload-process']).toMatchObject({ status: 'warning', success: 10, failed: 2, percent: 100 });
    const n = (await ctx.db.pool.query(`select count(*)::int as n from public.hospital_services where name like 'Imported service %'`)).rows[0].n;
    expect(n).toBe(10);
    // A finished import takes no more chunks.
    const late = await call('/api/admin/imports/manual', 'facility', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'service', country_id: countryId, hash, file_name: 'services.csv', records: chunks[0], last: true, total: 12 }),
    });
    expect(late.status).toBe(404);
  });

  // ---- issue #38: files as spreadsheets save them, unambiguous updates, counts ------------------------------------

  /** A corpus file (tests/fixtures/csv/corpus) with its '{branch}' cells set, in the file's own encoding. */
  const corpusFile = (name: string, branch: number) => {
    const bytes = readFileSync(new URL(`../fixtures/csv/corpus/${name}`, import.meta.url));
    const utf16 = bytes[0] === 0xff && bytes[1] === 0xfe;
    const enc = (t: string) => Buffer.from(t, utf16 ? 'utf16le' : 'latin1');
    const [from, to] = [enc('{branch}'), enc(String(branch))];
    const parts: Buffer[] = [];
    let at = 0;
    for (let i = bytes.indexOf(from); i >= 0; i = bytes.indexOf(from, at)) {
      parts.push(bytes.subarray(at, i), to);
      at = i + from.length;
    }
    parts.push(bytes.subarray(at));
    return Buffer.concat(parts);
  };
  async function uploadBytes(role: string, type: string, bytes: Buffer, name: string) {
    const form = new FormData();
    form.set('file', new File([new Uint8Array(bytes)], name, { type: 'text/csv' }));
    form.set('type', type);
    form.set('country_id', String(countryId));
    const res = await json(await call('/api/admin/imports', role, { method: 'POST', body: form }));
    await Promise.all(runs);
    runs = [];
    return res;
  }

  it('imports the Windows-1258 and UTF-16 files of the corpus, then says nothing changed; the services file names doctors by e-mail', async () => {
    const [b1] = org.hospitalIds;
    const names = ['Nguyễn Thị Hồng Nhung', 'Trần Quốc Bảo'];
    const first = await uploadBytes('facility', 'doctor', corpusFile('doctor-vi-excel-windows-1258.csv', b1), 'bac-si.csv');
    expect([first.status, first.body._messages]).toEqual([200, ['File is uploaded successfully. Please hit button Import below to continue.']]);
    expect((await status('facility', first.body._data.hash)).body._data['upload-process']).toMatchObject({ status: 'import_success', success: 2, created: 2, updated: 0, unchanged: 0 });
    const saved = await ctx.db.pool.query(`select name, glance, status, languages from public.doctors where name = any ($1) order by name`, [names]);
    expect(saved.rows).toEqual([
      { name: names[0], glance: 'Bác sĩ tim mạch, 12 năm kinh nghiệm', status: 0, languages: ['Tiếng Việt', 'Tiếng Anh'] },
      { name: names[1], glance: 'Bác sĩ nội tổng quát', status: 0, languages: ['Tiếng Việt'] },
    ]);
    // The same doctors saved by another program as UTF-16: found by their e-mail, nothing written.
    const again = await uploadBytes('facility', 'doctor', corpusFile('doctor-vi-utf16le-bom.csv', b1), 'bac-si.csv');
    expect((await status('facility', again.body._data.hash)).body._data['upload-process']).toMatchObject({ status: 'import_success', success: 2, created: 0, updated: 0, unchanged: 2 });
    expect(await doctorsNamed(names)).toBe(2);
    const services = await uploadBytes('facility', 'doctor_service', corpusFile('doctor-service-vi-by-email.csv', b1), 'dich-vu.csv');
    expect((await status('facility', services.body._data.hash)).body._data['upload-process']).toMatchObject({ status: 'import_success', success: 2, created: 2 });
    const svc = await ctx.db.pool.query(
      `select d.name as doctor, s.name, s.price::float8 as price from public.doctor_services s join public.doctors d on d.id = s.doctor_id where d.name = any ($1) order by d.name`,
      [names],
    );
    expect(svc.rows).toEqual([
      { doctor: names[0], name: 'Khám tim mạch', price: 300000 },
      { doctor: names[1], name: 'Tư vấn, theo dõi', price: 200000 },
    ]);
    // A tab-separated UTF-16 file (Excel's "Unicode Text") is refused at the read step: nothing is recorded.
    const tabs = await uploadBytes('facility', 'doctor', corpusFile('doctor-vi-excel-unicode-text-tabs.csv', b1), 'bac-si.csv');
    expect([tabs.status, tabs.body._messages]).toEqual([422, ['Wrong file format']]);
  });

  it('updates a doctor only when the row names it by id or e-mail; a same-name row without either is refused', async () => {
    const [b1] = org.hospitalIds;
    const name = 'Common Name Doctor';
    const first = await upload('facility', 'doctor', csv(IMPORT_HEADERS.doctor, [doctorRow(name, b1, { email: 'common.one@imports.test', phone: '0901000001' })]));
    expect((await status('facility', first.body._data.hash)).body._data['upload-process']).toMatchObject({ created: 1 });
    const id = (await ctx.db.pool.query('select id::int as id from public.doctors where name = $1', [name])).rows[0].id as number;
    const rows = [
      // No id, no e-mail, an existing name: refused, the doctor untouched.
      doctorRow(name, b1, { email: '', phone: '0999999999', description: 'Overwritten?' }),
      // Another e-mail under the same name: a second doctor of that name.
      doctorRow(name, b1, { email: 'common.two@imports.test' }),
      // The id column names the first doctor: it is updated.
      doctorRow(name, b1, { id: String(id), email: '', phone: '0901000002' }),
    ];
    const second = await upload('facility', 'doctor', csv(IMPORT_HEADERS.doctor, rows));
    const p = (await status('facility', second.body._data.hash)).body._data['upload-process'];
    expect(p).toMatchObject({ status: 'warning', success: 2, failed: 1, created: 1, updated: 1, unchanged: 0 });
    const file = readCsvRows(await (await call(p.result, 'facility')).text());
    expect(file[1].at(-2)).toBe(`A doctor named "${name}" already works at this branch: write that doctor's id or e-mail to update it, or another e-mail to add a new doctor.`);
    expect(await doctorsNamed([name])).toBe(2);
    const one = await ctx.db.pool.query('select phone, description from public.doctors where id = $1', [id]);
    expect(one.rows[0]).toEqual({ phone: '0901000002', description: 'First line\nsecond line, with a comma' });
    // An id of a doctor outside the branch (or scope) is refused, not created.
    const stray = await upload('facility', 'doctor', csv(IMPORT_HEADERS.doctor, [doctorRow('Stray Id Doctor', b1, { id: '999999999' })]));
    expect((await status('facility', stray.body._data.hash)).body._data['upload-process']).toMatchObject({ failed: 1, success: 0 });
    expect(await doctorsNamed(['Stray Id Doctor'])).toBe(0);
  });
});
