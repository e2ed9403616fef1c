/** CSV import rules (SPEC §5, §7, §8, §9): file checks, header rules, templates, messages and the error file. */
import Papa from 'papaparse';
import { z } from 'zod';
import { message, type Message } from './message-key';

export const IMPORT_TYPES = ['doctor', 'doctor_service', 'service'] as const;
export type ImportType = (typeof IMPORT_TYPES)[number];

/** Max records per import (SPEC §9: 50; doctor imports explicitly). */
export const MAX_IMPORT_RECORDS = 50;
export const IMPORT_POLL_MS = 3000;

/**
 * Expected headers, in order, after normalisation. The spec leaves them open; these follow the doctor profile
 * and service fields of SPEC §3. List values (specialties, languages, expertise) are '|'-separated in a cell.
 */
export const IMPORT_HEADERS: Record<ImportType, readonly string[]> = {
  doctor: ['name', 'gender', 'email', 'phone', 'hospital_branch_id', 'provide_care', 'specialties', 'languages', 'expertise', 'glance', 'description'],
  doctor_service: ['doctor_id', 'service_name', 'description', 'price_type', 'price', 'price_to'],
  service: ['name', 'description', 'hospital_branch_id', 'price_type', 'price', 'price_to', 'original_price', 'promotion_percent', 'buffer_time', 'is_package'],
};

/** One example row per template, aligned with IMPORT_HEADERS. */
const TEMPLATE_EXAMPLES: Record<ImportType, readonly string[]> = {
  doctor: ['Nguyen Van A', 'male', 'doctor@example.com', '0901234567', '1', 'adults', 'cardiology|internal-medicine', 'Vietnamese|English', 'Hypertension|Heart failure', 'Cardiologist with 10 years of practice', 'Short biography'],
  doctor_service: ['1', 'Consultation', 'First visit', 'range', '200000', '500000'],
  service: ['General health check', 'Blood test and consultation', '1', 'fixed', '1500000', '', '1800000', '10', '30', '0'],
};

export const IMPORT_MESSAGES = {
  wrongFileFormat: message('import.wrongFileFormat'),
  fileNotValid: message('import.fileNotValid'),
  noData: message('import.noData'),
  cannotRead: message('import.cannotRead'),
  uploaded: message('import.uploaded'),
  imported: message('import.imported'),
  downloadList: message('import.downloadList'),
  failed: message('import.failed'),
} as const satisfies Record<string, Message>;

/** 'N the records are saved successfully.' */
export function recordsSavedMessage(count: number): Message {
  return message('import.recordsSaved', { count });
}

/** 'N/M records can not be loaded' (with a 'Download the list' action). */
export function recordsFailedMessage(failed: number, total: number): Message {
  return message('import.recordsFailed', { failed, total });
}

export function isCsvFileName(name: string): boolean {
  return /\.csv$/i.test(name.trim());
}

/** Lowercased, line breaks removed, trimmed, spaces turned to underscores. */
export function normalizeHeader(h: string): string {
  return h.toLowerCase().replace(/[\r\n]+/g, '').trim().replace(/ /g, '_');
}

export type ImportRecord = Record<string, string>;

export type ReadResult =
  | { ok: true; header: string[]; records: ImportRecord[]; message: Message }
  | { ok: false; message: Message };

export interface ReadOptions {
  maxRecords?: number;
  /** Expected header; defaults to the import type's. */
  header?: readonly string[];
}

function isBlankRow(row: readonly string[]): boolean {
  return row.every((c) => c.trim() === '');
}

/**
 * Reads a CSV import file (only the first and only sheet of a CSV). Order of checks: empty or unreadable ->
 * 'File is not valid!'; header only -> 'No data to import'; too many rows, header names/order/count, or a row
 * longer than the header -> 'Wrong file format'; a parser failure -> 'Cannot read this file'.
 * Shorter rows are padded with empty cells (spreadsheets drop trailing empty cells).
 */
export function readImportCsv(text: string | null | undefined, type: ImportType, options: ReadOptions = {}): ReadResult {
  if (typeof text !== 'string') return { ok: false, message: IMPORT_MESSAGES.fileNotValid };
  const content = text.replace(/^\uFEFF/, '');
  if (content.trim() === '' || content.includes('\u0000')) return { ok: false, message: IMPORT_MESSAGES.fileNotValid };
  let rows: string[][];
  try {
    const parsed = Papa.parse<string[]>(content, { skipEmptyLines: false });
    if (parsed.errors.some((e) => e.type === 'Quotes')) return { ok: false, message: IMPORT_MESSAGES.cannotRead };
    rows = parsed.data.filter((r) => Array.isArray(r) && !isBlankRow(r));
  } catch {
    return { ok: false, message: IMPORT_MESSAGES.cannotRead };
  }
  if (rows.length === 0) return { ok: false, message: IMPORT_MESSAGES.fileNotValid };
  const [rawHeader, ...data] = rows;
  if (data.length === 0) return { ok: false, message: IMPORT_MESSAGES.noData };
  const expected = options.header ?? IMPORT_HEADERS[type];
  const header = rawHeader.map(normalizeHeader);
  const max = options.maxRecords ?? MAX_IMPORT_RECORDS;
  const wrong = { ok: false as const, message: IMPORT_MESSAGES.wrongFileFormat };
  if (data.length > max) return wrong;
  if (header.length !== expected.length || header.some((h, i) => h !== expected[i])) return wrong;
  if (data.some((r) => r.length > header.length)) return wrong;
  const records = data.map((r) => Object.fromEntries(header.map((h, i) => [h, (r[i] ?? '').trim()])));
  return { ok: true, header, records, message: IMPORT_MESSAGES.uploaded };
}

/** Checks the file name, then the text. */
export function readImportFile(file: { name: string; text: string | null | undefined }, type: ImportType, options?: ReadOptions): ReadResult {
  if (!isCsvFileName(file.name)) return { ok: false, message: IMPORT_MESSAGES.wrongFileFormat };
  return readImportCsv(file.text, type, options);
}

/** Template file content: the header and one example row, CRLF as spreadsheets expect. */
export function importTemplateCsv(type: ImportType): string {
  return Papa.unparse({ fields: [...IMPORT_HEADERS[type]], data: [[...TEMPLATE_EXAMPLES[type]]] }, { newline: '\r\n' });
}

/**
 * A cell a spreadsheet would run as a formula (starting with = + - @, a tab or a return) is written as text ('=...),
 * so that opening an error file never runs what was typed into an upload. Plain numbers and phone numbers
 * (+84 90..., -5, (028) 38...) are arithmetic at most and stay as they are.
 */
export const FORMULA = /^[=+\-@\t\r](?![\d\s().+-]*$)/;

export const ERROR_FILE_COLUMNS = { line: 'Line', message: 'Message Error', status: 'Status import' } as const;
export const ERROR_STATUS_FAILED = 'Failed';

export interface FailedRow {
  /** Line in the uploaded file (header is line 1). */
  line: number;
  record: ImportRecord;
  messages: readonly string[];
}

/** Error export: Line, the header's columns, Message Error (row messages joined), Status import = Failed; formulas are neutralised. */
export function importErrorCsv(type: ImportType, failures: readonly FailedRow[], header: readonly string[] = IMPORT_HEADERS[type]): string {
  const fields = [ERROR_FILE_COLUMNS.line, ...header, ERROR_FILE_COLUMNS.message, ERROR_FILE_COLUMNS.status];
  const data = failures.map((f) => [String(f.line), ...header.map((h) => f.record[h] ?? ''), f.messages.filter(Boolean).join('; '), ERROR_STATUS_FAILED]);
  return Papa.unparse({ fields, data }, { newline: '\r\n', escapeFormulae: FORMULA });
}

/** File line of the n-th record (0-based): the header is line 1. */
export function recordLine(index: number): number {
  return index + 2;
}

export type ImportProgressStatus = 'warning' | 'success' | 'danger' | 'processing' | 'import_success';

/** The returned hash is polled every 3 s while processing; any other status stops polling. */
export function shouldKeepPolling(status: string | null | undefined): boolean {
  return status === 'processing';
}

/** Outcome of an import: all saved -> success; some failed -> warning with the count and the error list. */
export function importOutcome(success: number, failed: number): { status: 'success' | 'warning' | 'danger'; messages: Message[] } {
  const total = success + failed;
  if (total === 0) return { status: 'danger', messages: [IMPORT_MESSAGES.noData] };
  if (failed === 0) return { status: 'success', messages: [IMPORT_MESSAGES.imported, recordsSavedMessage(success)] };
  return { status: 'warning', messages: [recordsSavedMessage(success), recordsFailedMessage(failed, total)] };
}

/** Splits records for the manual import call (chunk size is the caller's). */
export function chunkRecords<T>(records: readonly T[], size: number): T[][] {
  const n = Math.max(1, Math.floor(size));
  const out: T[][] = [];
  for (let i = 0; i < records.length; i += n) out.push(records.slice(i, i + n));
  return out;
}

// ---- the import calls (SPEC §7) and the reading of one record (shared by the dialog and the functions) ---------

/**
 * Build constant (SPEC §6): the doctor-service import can be switched off for a build. false hides it from the
 * kebab menu and the server refuses the type (src/server/imports.ts).
 */
export const DOCTOR_SERVICE_IMPORT_ENABLED: boolean = true;

/** Types sent as a file and processed in the background; 'service' is the manual type (records sent in chunks). */
export const FILE_IMPORT_TYPES = ['doctor', 'doctor_service'] as const satisfies readonly ImportType[];
export type FileImportType = (typeof FILE_IMPORT_TYPES)[number];
export const MANUAL_IMPORT_TYPE = 'service' as const satisfies ImportType;
/** Records per manual call (SPEC §9 leaves the chunk size open). */
export const MANUAL_CHUNK_SIZE = 10;
/** The largest import file accepted (50 records of a doctor file stay far below it). */
export const MAX_IMPORT_FILE_BYTES = 512 * 1024;

export function isImportTypeEnabled(type: ImportType): boolean {
  return type !== 'doctor_service' || DOCTOR_SERVICE_IMPORT_ENABLED;
}

/** Roles that import (SPEC §6): every manager; the doctor role has no imports. */
export const IMPORT_ROLES = ['admin', 'super', 'facility', 'senior_branch', 'branch'] as const;

/** The import items of the doctor list's kebab menu for a role: doctors, doctor services (unless switched off), services. */
export function importMenuTypes(role: string, doctorServiceEnabled = DOCTOR_SERVICE_IMPORT_ENABLED): ImportType[] {
  if (!(IMPORT_ROLES as readonly string[]).includes(role)) return [];
  return IMPORT_TYPES.filter((t) => t !== 'doctor_service' || doctorServiceEnabled);
}

/** Template file name per type. */
export function importTemplateName(type: ImportType): string {
  return `${type.replace('_', '-')}-import-template.csv`;
}

/** Size shown on the file row: kilobytes with one decimal (SPEC §3 'size in kb'). */
export function fileSizeKb(bytes: number): number {
  // A file of a few bytes still shows as 0.1 kb, never as an empty 0 kb.
  return bytes > 0 ? Math.max(0.1, Math.round((bytes / 1024) * 10) / 10) : 0;
}

/** Final status of an import from its counts: import_success when none failed, warning when some did, danger when all did. */
export function finalImportStatus(success: number, failed: number): 'import_success' | 'warning' | 'danger' {
  if (failed === 0 && success > 0) return 'import_success';
  if (success === 0) return 'danger';
  return 'warning';
}

/** A list cell ('a|b|c'): trimmed, empties dropped. */
export function listCell(v: string | undefined): string[] {
  return (v ?? '')
    .split('|')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** `_data['upload-process']` of the status call. */
export const uploadProcess = z.object({
  status: z.enum(['processing', 'processed', 'import_success', 'warning', 'danger', 'failed']),
  percent: z.number().int().min(0).max(100),
  success: z.number().int(),
  failed: z.number().int(),
  /** The error file's address (an authenticated admin call), null when nothing failed. */
  result: z.string().nullable(),
  hash: z.string(),
});
export type UploadProcess = z.output<typeof uploadProcess>;
export const importStatusData = z.object({ 'upload-process': uploadProcess });

export const importStartData = z.object({ hash: z.string(), total: z.number().int() });

/** One record's outcome in a manual chunk: its file line, success or failed with messages. */
export const manualRecordResult = z.object({ line: z.number().int(), status: z.enum(['success', 'failed']), messages: z.array(z.string()), id: z.number().int().nullable() });
export type ManualRecordResult = z.output<typeof manualRecordResult>;
export const manualImportData = z.object({ hash: z.string(), results: z.array(manualRecordResult) });

const cell = z.string().max(20_000);
export const manualImportBody = z.object({
  type: z.literal(MANUAL_IMPORT_TYPE),
  country_id: z.coerce.number().int().positive(),
  /** The import this chunk belongs to: absent on the first chunk, the answered hash on the next ones. */
  hash: z.string().regex(/^[0-9a-f]{32}$/).optional(),
  file_name: z.string().trim().min(1).max(255),
  /** File lines of the records (the header is line 1). */
  records: z.array(z.object({ line: z.number().int().min(2).max(MAX_IMPORT_RECORDS + 1), data: z.record(z.string().max(64), cell) })).min(1).max(MANUAL_CHUNK_SIZE),
  /** The chunk is the last one: the import is finished after it. */
  last: z.boolean(),
  /** Records of the whole file (for the percent). */
  total: z.number().int().min(1).max(MAX_IMPORT_RECORDS),
});
export type ManualImportBody = z.output<typeof manualImportBody>;
