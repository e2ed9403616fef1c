/**
 * CSV imports of the admin doctors module (SPEC §4, §5, §7, §8; issue #29 item 5):
 * - POST /api/admin/imports: a doctor or doctor-service file (multipart: file, type, country_id, token), re-checked
 *   with the dialog's rules, stored privately, recorded, and handed to the background function; answers its hash.
 * - GET /api/admin/imports/status: `_data['upload-process']` of a hash (polled every 3 s by the dialog).
 * - GET /api/admin/imports/:hash/errors.csv: the error file of an import the caller can see.
 * - POST /api/admin/imports/manual: the service import's records in chunks, each record in its own transaction.
 * Every write runs as the caller (row-level security), records included (src/server/imports.ts).
 */
import { z } from 'zod';
import { defineEndpoint, serve, binaryAnswer } from '../src/server/endpoint';
import { asCaller, type Database } from '../src/data/db';
import { ApiError, forbidden, notFound } from '../src/lib/errors';
import {
  FILE_IMPORT_TYPES,
  fileSizeKb,
  importStartData,
  importStatusData,
  isCsvFileName,
  isImportTypeEnabled,
  manualImportBody,
  manualImportData,
  MAX_IMPORT_FILE_BYTES,
  readImportCsv,
  decodeImportBytes,
  importMarket,
  type ImportType,
  type ManualRecordResult,
} from '../src/lib/csv-import';
import { translate } from '../i18n/strings';
import {
  buildErrorFile,
  counts,
  finishImport,
  IMPORT_BUCKET,
  IMPORT_SERVER_MESSAGES,
  importObjectPath,
  importRecord,
  insertImport,
  starterCaller,
  triggerImport,
  type ImportRow,
} from '../src/server/imports';
import { objectStorage } from '../src/server/storage';
import { callerLocale, localizeMessage } from '../src/server/caller-locale';
import { serverDatabase } from '../src/server/runtime';
import type { StaffSession } from '../src/server/auth';

const MANAGERS = ['admin', 'super', 'facility', 'senior_branch', 'branch'] as const;
const hash = z.string().regex(/^[0-9a-f]{32}$/, 'Invalid format');
const en = (key: Parameters<typeof translate>[1]) => translate('en-PH', key);
/** A refused file: the read error of SPEC §5 as the failure's message (422). */
const refused = (key: Parameters<typeof translate>[1]) => new ApiError(422, en(key), { data: { errors: { file: [en(key)] } } });

/** An import the caller can see (row-level security: its starter, platform admins, the organization's facility manager). */
async function visibleImport(db: Database, auth: StaffSession, h: string) {
  return asCaller(db, { role: 'authenticated', claims: auth.claims }, async (client) => {
    const { rows } = await client.query(
      `select id::int as id, hash, import_type, organization_id::int as organization_id, country_id::int as country_id, created_by::text as created_by, status, percent, success, failed, result_url,
              (status = 'processing' and updated_at < now() - interval '30 seconds') as stalled
         from public.imports where hash = $1`,
      [h],
    );
    return rows[0] as (ImportRow & { percent: number; success: number; failed: number; result_url: string | null; stalled: boolean }) | undefined;
  });
}

export const adminImportStart = defineEndpoint({
  method: 'POST',
  path: '/api/admin/imports',
  summary: 'Start a doctor or doctor-service CSV import (multipart: file, type, country_id, token); answers the hash to poll',
  tags: ['admin', 'imports'],
  auth: 'staff',
  roles: MANAGERS,
  database: 'none',
  rateLimit: { bucket: 'import_start', key: 'user' },
  body: {
    multipart: z.object({
      file: z.file(),
      type: z.enum(FILE_IMPORT_TYPES),
      country_id: z.coerce.number().int().positive(),
      /** The dialog's token of this upload (SPEC §7); the caller is known from the access token. */
      token: z.string().max(200).optional(),
    }),
    maxBytes: MAX_IMPORT_FILE_BYTES + 64 * 1024,
  },
  response: importStartData,
  async handler({ body, auth, request, messages }) {
    const type: ImportType = body.type;
    if (!isImportTypeEnabled(type)) throw forbidden(IMPORT_SERVER_MESSAGES.typeDisabled);
    if (!isCsvFileName(body.file.name)) throw refused('import.wrongFileFormat');
    if (body.file.size === 0) throw refused('import.fileNotValid');
    if (body.file.size > MAX_IMPORT_FILE_BYTES) throw refused('import.wrongFileFormat');
    const bytes = new Uint8Array(await body.file.arrayBuffer());
    const db = await serverDatabase();
    // The file's market: the organization's for its staff, else the one the platform admin works in.
    const countryId = auth.staff.countryId ?? body.country_id;
    // UTF-16 by its mark, UTF-8, else the market's legacy code page: the dialog decoded it the same way.
    const decoded = decodeImportBytes(bytes, importMarket(countryId));
    if (!decoded.ok) throw refused(decoded.message.key as Parameters<typeof translate>[1]);
    // The server re-checks every rule the dialog checked (DESIGN §5).
    const read = readImportCsv(decoded.text, type);
    if (!read.ok) throw refused(read.message.key as Parameters<typeof translate>[1]);
    const storage = objectStorage();
    const started = await asCaller(db, { role: 'authenticated', claims: auth.claims }, async (client) => {
      const imp = await insertImport(client, {
        type,
        countryId,
        organizationId: auth.staff.hospital?.id ?? null,
        userId: auth.userId,
        fileName: body.file.name,
        sizeKb: fileSizeKb(bytes.byteLength),
      });
      // Stored before the row commits: the background function never finds a row without its file. The decoded text
      // is stored (UTF-8), so the background run reads what was checked here.
      await storage.put(IMPORT_BUCKET, importObjectPath(imp), new TextEncoder().encode(decoded.text), 'text/csv');
      return imp;
    });
    await triggerImport(new URL(request.url).origin, started.id);
    messages.push(en('import.uploaded'));
    return { hash: started.hash, total: read.records.length };
  },
});

export const adminImportStatus = defineEndpoint({
  method: 'GET',
  path: '/api/admin/imports/status',
  summary: "Import status (SPEC §7): _data['upload-process'] {status, percent, success, failed, result}",
  tags: ['admin', 'imports'],
  auth: 'staff',
  roles: MANAGERS,
  database: 'none',
  query: z.object({ country_id: z.coerce.number().int().positive().optional(), hash }),
  response: importStatusData,
  async handler({ query, auth, request }) {
    const db = await serverDatabase();
    const imp = await visibleImport(db, auth, query.hash);
    if (!imp) throw notFound(IMPORT_SERVER_MESSAGES.notFound);
    // A file import whose background run never started or died is handed over again (it skips finished lines).
    if (imp.stalled && (imp.import_type === 'doctor' || imp.import_type === 'doctor_service')) await triggerImport(new URL(request.url).origin, imp.id);
    // What the saved lines did (created, updated, unchanged), from the lines themselves.
    const c = await asCaller(db, { role: 'authenticated', claims: auth.claims }, (client) => counts(client, imp.id));
    return {
      'upload-process': {
        status: imp.status as z.output<typeof importStatusData>['upload-process']['status'],
        percent: imp.percent,
        success: imp.success,
        failed: imp.failed,
        created: c.created,
        updated: c.updated,
        unchanged: c.unchanged,
        result: imp.result_url,
        hash: imp.hash,
      },
    };
  },
});

export const adminImportErrors = defineEndpoint({
  method: 'GET',
  path: '/api/admin/imports/:hash/errors.csv',
  summary: 'The error file of an import (Line, the header, Message Error, Status import), for those who can see the import',
  tags: ['admin', 'imports'],
  auth: 'staff',
  roles: MANAGERS,
  database: 'none',
  params: z.object({ hash }),
  produces: 'text/csv; charset=utf-8',
  response: binaryAnswer,
  async handler({ params, auth, request }) {
    const db = await serverDatabase();
    const imp = await visibleImport(db, auth, params.hash);
    if (!imp || !imp.result_url || imp.import_type === 'manual') throw notFound(IMPORT_SERVER_MESSAGES.notFound);
    // Built from the failed lines (at most 50) when asked for, so its messages are in the downloader's language.
    const text = await asCaller(db, { role: 'authenticated', claims: auth.claims }, (client) => buildErrorFile(client, imp.id, imp.import_type as ImportType, callerLocale(request)));
    return { body: new TextEncoder().encode('\uFEFF' + text) };
  },
});

export const adminImportManual = defineEndpoint({
  method: 'POST',
  path: '/api/admin/imports/manual',
  summary: 'Service import (SPEC §4 manual type): a chunk of records, each saved in its own transaction; answers per-record results and the hash',
  tags: ['admin', 'imports'],
  auth: 'staff',
  roles: MANAGERS,
  database: 'none',
  body: { json: manualImportBody, maxBytes: 256 * 1024 },
  response: manualImportData,
  async handler({ body, auth, request }) {
    const db = await serverDatabase();
    const locale = callerLocale(request);
    let imp: ImportRow;
    if (body.hash) {
      const found = await visibleImport(db, auth, body.hash);
      if (!found || found.created_by !== auth.userId || found.import_type !== 'service' || found.status !== 'processing') throw notFound(IMPORT_SERVER_MESSAGES.notFound);
      imp = found;
    } else {
      const started = await asCaller(db, { role: 'authenticated', claims: auth.claims }, (client) =>
        insertImport(client, { type: 'service', countryId: body.country_id, organizationId: auth.staff.hospital?.id ?? null, userId: auth.userId, fileName: body.file_name, sizeKb: 0 }),
      );
      imp = { ...started, import_type: 'service', created_by: auth.userId, status: 'processing' };
    }
    const results: ManualRecordResult[] = [];
    for (const r of body.records) {
      const outcome = await importRecord(db, imp, 'service', r.line, r.data);
            // The dialog shows these and writes them into its error file: in the caller's language, like every message.
      results.push(
        outcome.ok
          ? { line: r.line, status: 'success', messages: [], id: outcome.id || null, outcome: outcome.outcome }
          : { line: r.line, status: 'failed', messages: outcome.messages.map((m) => localizeMessage(m, locale)), id: null, outcome: null },
      );
    }
    await asCaller(db, starterCaller(imp.created_by), (client) =>
      client.query(
        `update public.imports i set percent = least(99, (select count(*) from public.import_rows r where r.import_id = i.id) * 100 / $2),
                success = (select count(*) from public.import_rows r where r.import_id = i.id and r.status = 'success'),
                failed = (select count(*) from public.import_rows r where r.import_id = i.id and r.status = 'failed'), updated_at = now()
          where i.id = $1`,
        [imp.id, body.total],
      ),
    );
    if (body.last) await finishImport(db, imp);
    return { hash: imp.hash, results };
  },
});

export default serve(adminImportStart, adminImportStatus, adminImportErrors, adminImportManual);
export const config = { path: ['/api/admin/imports', '/api/admin/imports/status', '/api/admin/imports/manual', '/api/admin/imports/:hash/errors.csv'] };
