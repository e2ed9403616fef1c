/**
 * CSV imports of the admin doctors module (SPEC §4, §5, §7, §8; issue #29 item 5). The rules of a file (header,
 * 50 records, read errors) are src/lib/csv-import.ts, re-checked here; this module stores the file, records the
 * import, and processes it record by record, each record in its own transaction **as the staff member who started
 * the import** (their JWT subject is kept on the imports row as created_by): the row-level security policies that
 * decide what the doctor form may write decide what an import may write, and the data history names that person.
 *
 * A record is written with its import_rows line in one transaction, so a crash leaves every finished line done and
 * a re-run skips them; a failing record rolls back whole (no doctor without its specialties), then its line is
 * written as failed. Each record has a natural key (doctor: branch + name; doctor service: doctor + service name;
 * service: branch + name), so importing the same file twice creates nothing twice.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type pg from 'pg';
import { z } from 'zod';
import { asCaller, type Caller, type Database, type Queryable } from '../data/db';
import { createDoctor, MANAGED_DOCTOR } from '../data/admin-doctors';
import { doctorFormBody, doctorServiceBody, doctorSlug } from '../lib/admin-doctors';
import { PRICE_TYPES } from '../lib/prices';
import {
  finalImportStatus,
  IMPORT_HEADERS,
  importErrorCsv,
  listCell,
  readImportCsv,
  rowIssueMessages,
  rowMessage,
  type FailedRow,
  type ImportRecord,
  type ImportType,
  type OutcomeCounts,
  type RecordOutcome,
  type UploadProcess,
} from '../lib/csv-import';
import { translate } from '../../i18n/strings';
import { jwtSecret } from './env';
import { localizeMessage } from './caller-locale';
import type { Locale } from '../../i18n/locales';
import { objectStorage, PRIVATE_BUCKETS, type ObjectStorage } from './storage';

/** Private bucket of the import files and their error files (supabase/config.toml). */
export const IMPORT_BUCKET = PRIVATE_BUCKETS[0];
export const BACKGROUND_PATH = '/.netlify/functions/import-rows-background';

export const IMPORT_SERVER_MESSAGES = {
  branchNotInScope: 'This branch does not exist or is not in your scope.',
  doctorNotInScope: 'This doctor does not exist or is not in your scope.',
  unknownSpecialty: 'Unknown specialty: {name}',
  notFound: 'This import does not exist.',
  typeDisabled: 'This import is not available.',
  rowFailed: 'This record could not be saved.',
} as const;

/** Where an import's file lives: by organization (or 'platform') and hash. */
export function importObjectPath(imp: { organization_id: number | string | null; hash: string }): string {
  const folder = imp.organization_id == null ? 'platform' : `org-${imp.organization_id}`;
  return `${folder}/${imp.hash}.csv`;
}

/**
 * The error file's address: an authenticated admin call, never a public link (the rows hold personal data). The
 * file is built from the import's failed lines when asked for, in the language of whoever downloads it.
 */
export function errorFileUrl(hash: string): string {
  return `/api/admin/imports/${hash}/errors.csv`;
}

// ---- the background call's signature --------------------------------------------------------------------------

function signingSecret(): string {
  return process.env.IMPORT_SIGNING_SECRET || jwtSecret();
}

/** HMAC of the import id: the background function processes only imports the upload function started. */
export function signImport(importId: number): string {
  return createHmac('sha256', signingSecret()).update(`import:${importId}`).digest('hex');
}

export function verifyImportSignature(importId: number, signature: string): boolean {
  const want = Buffer.from(signImport(importId), 'hex');
  const got = Buffer.from(/^[0-9a-f]{64}$/.test(signature) ? signature : '', 'hex');
  return got.length === want.length && timingSafeEqual(got, want);
}

type Trigger = (origin: string, importId: number) => Promise<boolean>;
let trigger: Trigger | undefined;

/** Tests (and the benchmark's in-process runs) hand the processing to a function of their own; undefined goes back to HTTP. */
export function useImportTrigger(fn: Trigger | undefined): void {
  trigger = fn;
}

/** Hands an import to the background function (or the installed trigger). */
export function triggerImport(origin: string, importId: number): Promise<boolean> {
  return trigger ? trigger(origin, importId) : triggerBackground(origin, importId);
}

/** Asks the background function to process an import: it answers 202 at once and runs up to 15 minutes. */
async function triggerBackground(origin: string, importId: number): Promise<boolean> {
  try {
    const res = await fetch(new URL(BACKGROUND_PATH, origin), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: importId, signature: signImport(importId) }),
      signal: AbortSignal.timeout(10_000),
    });
    return res.status === 202 || res.ok;
  } catch (e) {
    console.error(JSON.stringify({ fn: 'imports', event: 'trigger-failed', importId, error: e instanceof Error ? e.message : String(e) }));
    return false;
  }
}

// ---- one record -------------------------------------------------------------------------------------------------

export type ImportOutcome = { ok: true; id: number; outcome: RecordOutcome } | { ok: false; messages: string[] };
/** A saved record: its entity and what the record did to it. */
type Saved = { id: number; outcome: RecordOutcome };
/** What an importer knows of its import: the market (country) the file was uploaded in. */
type ImportContext = { countryId: number };

/** A failed line's messages as stored: joined with '; ' (one text column). */
const MESSAGE_SEPARATOR = '; ';

/** A record refused before anything is written. */
class RecordError extends Error {
  constructor(readonly messages: string[]) {
    super(messages.join('; '));
  }
}

const present = (v: string | undefined) => (v == null || v.trim() === '' ? undefined : v.trim());
const refuse = (kind: Parameters<typeof rowMessage>[0], params: Record<string, string | number>) => new RecordError([rowMessage(kind, params)]);
/** The doctor form's fields under the doctor file's column names. */
const doctorColumn = (f: string) => f;

/** The branch of a record, when the caller manages it (the same scope the doctor form's branch picker has). */
async function managedBranch(db: Queryable, raw: string | undefined): Promise<{ id: number; countryId: number; organizationId: number }> {
  const id = Number(raw);
  const outOfScope = refuse('branch', { column: 'hospital_branch_id' });
  if (!raw || !/^\d+$/.test(raw.trim()) || !Number.isSafeInteger(id) || id <= 0) throw outOfScope;
  const { rows } = await db.query(
    `select h.id::int as id, h.country_id::int as "countryId", h.organization_id::int as "organizationId" from public.hospitals h
      where h.id = $1 and public.can_manage_hospital(h.id)`,
    [id],
  );
  if (!rows[0]) throw outOfScope;
  return rows[0];
}

async function specialtyIds(db: Queryable, countryId: number, entries: string[]): Promise<number[]> {
  if (entries.length === 0) return [];
  const wanted = entries.map((e) => e.toLowerCase());
  const { rows } = await db.query<{ id: number; slug: string; name: string }>(
    `select id::int as id, slug, lower(name) as name from public.specialties where country_id = $1 and (slug = any ($2::text[]) or lower(name) = any ($2::text[]))`,
    [countryId, wanted],
  );
  const unknown = entries.filter((e) => !rows.some((r) => r.slug === e.toLowerCase() || r.name === e.toLowerCase()));
  if (unknown.length) throw new RecordError(unknown.map((name) => rowMessage('specialty', { column: 'specialties', name })));
  return [...new Set(rows.map((r) => r.id))];
}

/**
 * The managed doctors with an e-mail (case-insensitive) in a market, read through public.admin_doctor_private (the
 * e-mail is closed to direct reads), optionally of one branch.
 */
async function doctorsByEmail(db: Queryable, email: string, countryId: number, branchId: number | null): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `select d.id::int as id from public.doctors d cross join lateral public.admin_doctor_private(d.id) p
      where d.country_id = $2 and ($3::bigint is null or d.hospital_id = $3) and ${MANAGED_DOCTOR} and lower(p.email) = lower($1)
      order by d.id limit 2`,
    [email, countryId, branchId],
  );
  return rows.map((r) => r.id);
}

/**
 * The doctor a row updates, or null for a new one. Only an unambiguous name counts (issue #38 item 2): the id
 * column, or an e-mail one doctor of the branch has. A row with neither, whose name a doctor of the branch already
 * has, is refused: two doctors of a branch may share a name, and guessing would overwrite the wrong one.
 */
async function doctorToUpdate(db: Queryable, branchId: number, countryId: number, idCell: string | undefined, email: string | undefined, name: string): Promise<number | null> {
  const idText = present(idCell);
  if (idText) {
    const id = Number(idText);
    if (!/^\d+$/.test(idText) || !Number.isSafeInteger(id)) throw refuse('doctor', { column: 'id' });
    const { rows } = await db.query(`select d.id::int as id from public.doctors d where d.id = $1 and d.hospital_id = $2 and ${MANAGED_DOCTOR}`, [id, branchId]);
    if (!rows[0]) throw refuse('doctor', { column: 'id' });
    return rows[0].id;
  }
  if (email) {
    const found = await doctorsByEmail(db, email, countryId, branchId);
    if (found.length > 1) throw refuse('sameEmail', { email });
    return found[0] ?? null;
  }
  const same = await db.query(`select 1 from public.doctors d where d.hospital_id = $1 and lower(d.name) = lower($2) and ${MANAGED_DOCTOR} limit 1`, [branchId, name]);
  if (same.rows[0]) throw refuse('sameName', { name });
  return null;
}

/**
 * A doctor row: the doctor form's rules (doctorFormBody) and its writer (createDoctor). A new doctor starts
 * inactive (SPEC §4: an inactive doctor without slots is sent to its availability before going live).
 */
async function importDoctor(db: Queryable, rec: ImportRecord, ctx: ImportContext): Promise<Saved> {
  const branch = await managedBranch(db, rec.hospital_branch_id);
  const parsed = doctorFormBody.safeParse({
    name: rec.name ?? '',
    description: present(rec.description),
    gender: present(rec.gender)?.toLowerCase(),
    hospital_branch_id: String(branch.id),
    provide_care: present(rec.provide_care)?.toLowerCase(),
    glance: present(rec.glance),
    phone: present(rec.phone),
    email: present(rec.email),
    languages: listCell(rec.languages),
    expertise: listCell(rec.expertise),
  });
  if (!parsed.success) throw new RecordError(rowIssueMessages(parsed.error.issues, doctorColumn));
  const specialties = await specialtyIds(db, branch.countryId, listCell(rec.specialties));
  // One import at a time looks up and writes the doctors of a branch (two uploads of one file at once).
  await lockNaturalKey(db, `doctor:${branch.id}`);
  const existing = await doctorToUpdate(db, branch.id, branch.countryId, rec.id, parsed.data.email, parsed.data.name);
  if (existing) {
    const changed = await updateImportedDoctor(db, existing, parsed.data, present(rec.provide_care) != null, specialties, branch.countryId);
    return { id: existing, outcome: changed ? 'updated' : 'unchanged' };
  }
  const id = await createDoctor(db, { ...parsed.data, specialties, hospital_branch_id: branch.id }, { selfEdit: false, status: 0 });
  if (!id) throw refuse('branch', { column: 'hospital_branch_id' });
  return { id, outcome: 'created' };
}

/** A transaction-scoped lock on a record's natural key, so that two imports of one file cannot both insert it. */
async function lockNaturalKey(db: Queryable, key: string): Promise<void> {
  await db.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [`import:${key}`]);
}

/** Columns staff write but read only through public.admin_doctor_private (closed to the role patients share). */
const PRIVATE_DOCTOR_COLUMNS = new Set(['email', 'phone']);

/**
 * A doctor the row names: the columns the file gives are updated (an empty cell keeps what is there), its
 * specialties and expertise are added to; nothing else of the profile is touched. Only what differs is written,
 * so the same file again writes nothing (no history, no directory change for a rebuild). True when something changed.
 */
async function updateImportedDoctor(db: Queryable, doctorId: number, body: z.output<typeof doctorFormBody>, providedCare: boolean, specialties: number[], countryId: number): Promise<boolean> {
  let changed = 0;
  const cols: Record<string, unknown> = {};
  if (body.name) cols.name = body.name;
  for (const k of ['gender', 'email', 'phone', 'glance', 'description'] as const) if (body[k] != null) cols[k] = body[k];
  // provide_care defaults to 'both' in the form's schema: only a value the file gives is written.
  if (providedCare) cols.provide_care = body.provide_care;
  if (body.languages.length) cols.languages = body.languages;
  const names = Object.keys(cols);
  if (names.length)
    changed += (
      await db.query(
        `update public.doctors set ${names.map((n, i) => `${n} = $${i + 2}`).join(', ')}
          where id = $1 and (${names.map((n, i) => `${PRIVATE_DOCTOR_COLUMNS.has(n) ? `(select p.${n} from public.admin_doctor_private($1) p)` : n} is distinct from $${i + 2}`).join(' or ')})`,
        [doctorId, ...Object.values(cols)],
      )
    ).rowCount ?? 0;
  if (specialties.length)
    changed += (await db.query(`insert into public.doctor_specialties (doctor_id, specialty_id) select $1, unnest($2::bigint[]) on conflict do nothing`, [doctorId, specialties])).rowCount ?? 0;
  const labels = body.expertise;
  if (labels.length) {
    await db.query(`insert into public.expertise (country_id, name) select $1, unnest($2::text[]) on conflict (country_id, name) do nothing`, [countryId, labels]);
    changed += (
      await db.query(
        `insert into public.doctor_expertise (doctor_id, expertise_id) select $1, e.id from public.expertise e where e.country_id = $2 and e.name = any ($3::text[]) on conflict do nothing`,
        [doctorId, countryId, labels],
      )
    ).rowCount ?? 0;
  }
  return changed > 0;
}

/** The doctor of a doctor-service row: its id, or the e-mail of exactly one doctor in the caller's scope in the market. */
async function serviceDoctor(db: Queryable, cell: string | undefined, ctx: ImportContext): Promise<number> {
  const v = present(cell);
  const notFound = refuse('doctor', { column: 'doctor' });
  if (!v) throw refuse('required', { column: 'doctor' });
  if (/^\d+$/.test(v)) {
    const id = Number(v);
    if (!Number.isSafeInteger(id) || id <= 0) throw notFound;
    const managed = await db.query(`select d.id::int as id from public.doctors d where d.id = $1 and public.can_manage_hospital(d.hospital_id)`, [id]);
    if (!managed.rows[0]) throw notFound;
    return id;
  }
  if (!v.includes('@')) throw notFound;
  const found = await doctorsByEmail(db, v, ctx.countryId, null);
  if (found.length > 1) throw refuse('sameEmail', { email: v });
  if (!found[0]) throw notFound;
  // The e-mail lookup reads the wider MANAGED_DOCTOR scope; writing a doctor's services needs the branch's manager.
  const managed = await db.query(`select 1 from public.doctors d where d.id = $1 and public.can_manage_hospital(d.hospital_id)`, [found[0]]);
  if (!managed.rows[0]) throw notFound;
  return found[0];
}

/** A doctor-service row: the form's service rules; the doctor's service of the same name is updated instead of doubled. */
async function importDoctorService(db: Queryable, rec: ImportRecord, ctx: ImportContext): Promise<Saved> {
  const parsed = doctorServiceBody.safeParse({
    name: rec.service_name ?? '',
    description: present(rec.description),
    price_type: (present(rec.price_type) ?? 'fixed').toLowerCase(),
    price: present(rec.price) ?? '',
    price_to: present(rec.price_to),
  });
  if (!parsed.success) throw new RecordError(rowIssueMessages(parsed.error.issues, (f) => (f === 'name' ? 'service_name' : f)));
  const doctorId = await serviceDoctor(db, rec.doctor, ctx);
  const s = parsed.data;
  await lockNaturalKey(db, `doctor_service:${doctorId}:${s.name.toLowerCase()}`);
  const values = [doctorId, s.name, s.description ?? null, s.price_type, s.price, s.price_to ?? null];
  const found = await db.query(`select id::int as id from public.doctor_services where doctor_id = $1 and lower(name) = lower($2) order by id limit 1`, [doctorId, s.name]);
  if (found.rows[0]) {
    const id = found.rows[0].id as number;
    const updated = await db.query(
      `update public.doctor_services set description = $2, price_type = $3, price = $4, price_to = $5
        where id = $1 and (description is distinct from $2 or price_type is distinct from $3 or price is distinct from $4 or price_to is distinct from $5)`,
      [id, ...values.slice(2)],
    );
    return { id, outcome: updated.rowCount ? 'updated' : 'unchanged' };
  }
  const { rows } = await db.query(
    `insert into public.doctor_services (doctor_id, name, description, price_type, price, price_to) values ($1, $2, $3, $4, $5, $6) returning id::int as id`,
    values,
  );
  return { id: rows[0].id, outcome: 'created' };
}

const money = z.coerce.number().min(0).max(1e12);
const optionalNumber = <T extends z.ZodType>(s: T) => z.preprocess((v) => (v === '' || v == null ? undefined : v), s.optional());
/** A service row (SPEC §3 hospital service): the price rules of the service form. */
export const serviceImportRecord = z
  .object({
    name: z.string().trim().min(1, 'This field is required').max(255, '*255 characters limit'),
    description: z.string().trim().max(20_000, '*20000 characters limit'),
    price_type: z.preprocess((v) => (v === '' || v == null ? 'fixed' : String(v).toLowerCase()), z.enum(PRICE_TYPES)),
    price: money,
    price_to: optionalNumber(money),
    original_price: optionalNumber(money),
    promotion_percent: optionalNumber(z.coerce.number().int().min(0).max(100)),
    buffer_time: optionalNumber(z.coerce.number().int().min(0).max(10080)),
    is_package: z.preprocess((v) => ['1', 'true', 'yes'].includes(String(v ?? '').trim().toLowerCase()), z.boolean()),
  })
  .superRefine((s, ctx) => {
    if (s.price_type === 'range' && s.price_to == null) ctx.addIssue({ code: 'custom', path: ['price_to'], message: 'This field is required' });
    if (s.price_type === 'range' && s.price_to != null && s.price_to < s.price) ctx.addIssue({ code: 'custom', path: ['price_to'], message: rowMessage('lowerThan', { column: 'price_to', other: 'price' }) });
  });

/** A service row; the branch's service of the same name is updated instead of doubled. */
async function importService(db: Queryable, rec: ImportRecord): Promise<Saved> {
  const parsed = serviceImportRecord.safeParse({ ...rec, price: present(rec.price) ?? '' });
  if (!parsed.success) throw new RecordError(rowIssueMessages(parsed.error.issues));
  const branch = await managedBranch(db, rec.hospital_branch_id);
  const s = parsed.data;
  const priceTo = s.price_type === 'range' ? (s.price_to ?? null) : null;
  await lockNaturalKey(db, `service:${branch.id}:${s.name.toLowerCase()}`);
  const values = [branch.id, s.name, s.description || null, s.price_type, s.price, priceTo, s.original_price ?? null, s.promotion_percent ?? null, s.buffer_time ?? 0, s.is_package];
  const found = await db.query(`select id::int as id from public.hospital_services where hospital_id = $1 and lower(name) = lower($2) order by id limit 1`, [branch.id, s.name]);
  if (found.rows[0]) {
    const id = found.rows[0].id as number;
    const updated = await db.query(
      `update public.hospital_services set description = $2, price_type = $3, price = $4, price_to = $5, original_price = $6, promotion_percent = $7, buffer_time = $8, is_package = $9
        where id = $1 and (description is distinct from $2 or price_type is distinct from $3 or price is distinct from $4 or price_to is distinct from $5 or original_price is distinct from $6
                            or promotion_percent is distinct from $7 or buffer_time is distinct from $8 or is_package is distinct from $9)`,
      [id, ...values.slice(2)],
    );
    return { id, outcome: updated.rowCount ? 'updated' : 'unchanged' };
  }
  const insert = (slug: string) =>
    db.query(
      `insert into public.hospital_services (hospital_id, name, description, price_type, price, price_to, original_price, promotion_percent, buffer_time, is_package,
                                             slug, country_id, organization_id, price_unit)
       select $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, h.country_id, h.organization_id, c.currency
         from public.hospitals h join public.countries c on c.id = h.country_id where h.id = $1
       returning id::int as id`,
      [...values, slug],
    );
  await db.query('savepoint service_slug');
  try {
    const { rows } = await insert(doctorSlug(s.name));
    await db.query('release savepoint service_slug');
    return { id: rows[0].id, outcome: 'created' };
  } catch (e) {
    if ((e as { code?: string }).code !== '23505') throw e;
    await db.query('rollback to savepoint service_slug');
    const { rows } = await insert(doctorSlug(s.name, crypto.randomUUID().slice(0, 6)));
    return { id: rows[0].id, outcome: 'created' };
  }
}

const IMPORTERS: Record<ImportType, (db: Queryable, rec: ImportRecord, ctx: ImportContext) => Promise<Saved>> = {
  doctor: importDoctor,
  doctor_service: importDoctorService,
  service: importService,
};

/** What a failed record says: its own messages, the database's refusal in words, or a generic line. */
function failureMessages(e: unknown): string[] {
  if (e instanceof RecordError) return e.messages;
  const code = (e as { code?: string }).code;
  if (code === '42501') return [rowMessage('branch', { column: 'hospital_branch_id' })];
  if (code && /^2[23]/.test(code)) return [rowMessage('rowFailed')];
  console.error(JSON.stringify({ fn: 'imports', event: 'row-error', code, error: e instanceof Error ? e.message : String(e) }));
  return [rowMessage('rowFailed')];
}

export interface ImportRow {
  id: number;
  hash: string;
  import_type: ImportType | 'manual';
  organization_id: number | null;
  /** The market the file was uploaded in (its legacy code page, the e-mail lookups). */
  country_id: number;
  created_by: string;
  status: string;
}

/** The caller an import's records are written as: its starter, under row-level security. */
export function starterCaller(createdBy: string): Caller {
  return { role: 'authenticated', claims: { sub: createdBy, role: 'authenticated' } };
}

/**
 * One record in its own transaction as the import's starter: the entity and its success line commit together;
 * on failure everything rolls back and the failed line is written on its own.
 */
export async function importRecord(db: Database, imp: ImportRow, type: ImportType, line: number, rec: ImportRecord): Promise<ImportOutcome> {
  const caller = starterCaller(imp.created_by);
  try {
    const saved = await asCaller(db, caller, async (client) => {
      const done = await IMPORTERS[type](client, rec, { countryId: imp.country_id });
      // What the record did is kept with its line (the counts of created, updated and unchanged records).
      await client.query(`insert into public.import_rows (import_id, line, data, status) values ($1, $2, $3, 'success')`, [
        imp.id,
        line,
        JSON.stringify({ ...rec, _id: done.id, _outcome: done.outcome }),
      ]);
      return done;
    });
    return { ok: true, ...saved };
  } catch (e) {
    if ((e as { code?: string }).code === '23505' && String((e as { constraint?: string }).constraint ?? '').startsWith('import_rows')) {
      // The line was already done (a re-run racing another): it is not done twice.
      return { ok: true, id: 0, outcome: 'unchanged' };
    }
    const messages = failureMessages(e);
    await asCaller(db, caller, (client) =>
      client.query(`insert into public.import_rows (import_id, line, data, status, message) values ($1, $2, $3, 'failed', $4) on conflict (import_id, line) do nothing`, [
        imp.id,
        line,
        JSON.stringify(rec),
        messages.join(MESSAGE_SEPARATOR),
      ]),
    );
    return { ok: false, messages };
  }
}

type Counts = OutcomeCounts & { success: number; failed: number; lines: Set<number> };

/** An import's lines so far: saved (by what they did) and failed. */
export async function counts(client: Queryable, importId: number): Promise<Counts> {
  const { rows } = await client.query<{ line: number; status: string; outcome: string | null }>(
    `select line, status, data->>'_outcome' as outcome from public.import_rows where import_id = $1`,
    [importId],
  );
  const saved = rows.filter((r) => r.status === 'success');
  // Lines saved before outcomes were recorded count as updated: something was written.
  const of = (o: RecordOutcome) => saved.filter((r) => (r.outcome ?? 'updated') === o).length;
  return { success: saved.length, failed: rows.length - saved.length, created: of('created'), updated: of('updated'), unchanged: of('unchanged'), lines: new Set(rows.map((r) => r.line)) };
}

/**
 * The error file of an import from its failed lines (Line, the header's columns, Message Error, Status import),
 * each line's messages in `locale`.
 */
export async function buildErrorFile(client: Queryable, importId: number, type: ImportType, locale: Locale): Promise<string> {
  const { rows } = await client.query<{ line: number; data: ImportRecord; message: string | null }>(
    `select line, data, message from public.import_rows where import_id = $1 and status = 'failed' order by line`,
    [importId],
  );
  const failures: FailedRow[] = rows.map((r) => ({ line: r.line, record: r.data, messages: (r.message ?? '').split(MESSAGE_SEPARATOR).map((m) => localizeMessage(m, locale)) }));
  return importErrorCsv(type, failures, IMPORT_HEADERS[type]);
}

/** Writes the final counts and status (which rings the bell: notify_import_finished), and the error file's address. */
export async function finishImport(db: Database, imp: ImportRow): Promise<UploadProcess> {
  return asCaller(db, starterCaller(imp.created_by), async (client) => {
    const c = await counts(client, imp.id);
    const result = c.failed > 0 ? errorFileUrl(imp.hash) : null;
    const status = finalImportStatus(c.success, c.failed);
    await client.query(`update public.imports set status = $2, percent = 100, success = $3, failed = $4, result_url = $5, updated_at = now() where id = $1`, [
      imp.id,
      status,
      c.success,
      c.failed,
      result,
    ]);
    return { status, percent: 100, success: c.success, failed: c.failed, created: c.created, updated: c.updated, unchanged: c.unchanged, result, hash: imp.hash };
  });
}

/** Reads an import as the server (the background function holds only its signed id). */
export async function loadImport(db: Database, importId: number): Promise<ImportRow | null> {
  const { rows } = await db.pool.query<ImportRow>(
    `select id::int as id, hash, import_type, organization_id::int as organization_id, country_id::int as country_id, created_by::text as created_by, status from public.imports where id = $1`,
    [importId],
  );
  return rows[0] ?? null;
}

/**
 * Processes a file import (the background function's work): reads the stored file, re-checks it, imports each
 * line not yet done, updating percent and counts after each, then finishes. Safe to run again.
 */
export async function processImport(db: Database, importId: number, storage: ObjectStorage = objectStorage()): Promise<UploadProcess | null> {
  const imp = await loadImport(db, importId);
  if (!imp || (imp.import_type !== 'doctor' && imp.import_type !== 'doctor_service') || !imp.created_by) return null;
  const type: ImportType = imp.import_type;
  const caller = starterCaller(imp.created_by);
  const file = await storage.get(IMPORT_BUCKET, importObjectPath(imp));
  // The upload decoded the file once (decodeImportBytes) and stored its text as UTF-8.
  const read = readImportCsv(file ? new TextDecoder().decode(file.data) : null, type);
  if (!read.ok) {
    await asCaller(db, caller, (c) => c.query(`update public.imports set status = 'danger', percent = 100, updated_at = now() where id = $1`, [imp.id]));
    return { status: 'danger', percent: 100, success: 0, failed: 0, created: 0, updated: 0, unchanged: 0, result: null, hash: imp.hash };
  }
  const done = await asCaller(db, caller, (c) => counts(c, imp.id));
  let { success, failed } = done;
  const total = read.records.length;
  for (const [i, rec] of read.records.entries()) {
    const line = i + 2;
    if (done.lines.has(line)) continue;
    const outcome = await importRecord(db, imp, type, line, rec);
    if (outcome.ok) success++;
    else failed++;
    const percent = Math.min(99, Math.floor(((success + failed) / total) * 100));
    await asCaller(db, caller, (c) => c.query(`update public.imports set percent = $2, success = $3, failed = $4, updated_at = now() where id = $1`, [imp.id, percent, success, failed]));
  }
  return finishImport(db, imp);
}

export type StartedImport = { id: number; hash: string; organization_id: number | null; country_id: number };

/** Inserts an import as the caller (RLS: staff other than doctors, in their own organization). */
export async function insertImport(
  client: pg.PoolClient,
  input: { type: ImportType | 'manual'; countryId: number; organizationId: number | null; userId: string; fileName: string; sizeKb: number },
): Promise<StartedImport> {
  const { rows } = await client.query<StartedImport>(
    `insert into public.imports (country_id, import_type, organization_id, created_by, file_name, size_kb, status, percent)
     values (coalesce((select o.country_id from public.organizations o where o.id = $3), $1), $2, $3, $4, $5, $6, 'processing', 0) returning id::int as id, hash, organization_id::int as organization_id, country_id::int as country_id`,
    [input.countryId, input.type, input.organizationId, input.userId, input.fileName.slice(0, 255), input.sizeKb],
  );
  return rows[0];
}

/** The translated English of a server message template (tests and the error file use the API's language). */
export function importMessage(key: 'import.wrongFileFormat' | 'import.fileNotValid' | 'import.noData' | 'import.cannotRead'): string {
  return translate('en-PH', key);
}
