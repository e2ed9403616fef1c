/** CSV import rules (SPEC §5, §7, §8, §9): file checks, header rules, templates, messages and the error file. */
import Papa from 'papaparse';
import { z } from 'zod';
import { message, type Message } from './message-key';
import { localeForCountryId, type Locale } from '../../i18n/locales';

export const IMPORT_TYPES = ['doctor', 'doctor_service', 'service'] as const;
export type ImportType = (typeof IMPORT_TYPES)[number];

/** Max records per import (SPEC §9: 50; doctor imports explicitly). */
export const MAX_IMPORT_RECORDS = 50;
export const IMPORT_POLL_MS = 3000;

/**
 * Expected headers, in order, after normalisation (the template's). The spec leaves them open; these follow the
 * doctor profile and service fields of SPEC §3. List values (specialties, languages, expertise) are '|'-separated
 * in a cell: the column separator is always the comma (IMPORT_SEPARATOR), never taken from the cells.
 * A doctor row names the doctor it updates by `id` (empty: a new doctor, unless the e-mail is a doctor's of the
 * branch); a doctor-service row names its doctor by id or e-mail (`doctor`).
 */
export const IMPORT_HEADERS: Record<ImportType, readonly string[]> = {
  doctor: ['id', 'name', 'gender', 'email', 'phone', 'hospital_branch_id', 'provide_care', 'specialties', 'languages', 'expertise', 'glance', 'description'],
  doctor_service: ['doctor', 'service_name', 'description', 'price_type', 'price', 'price_to'],
  service: ['name', 'description', 'hospital_branch_id', 'price_type', 'price', 'price_to', 'original_price', 'promotion_percent', 'buffer_time', 'is_package'],
};

/**
 * Headers of earlier templates, still accepted: the doctor file without its id column, the doctor-service file
 * whose first column was `doctor_id`. Their records are read into the current header (missing columns empty).
 */
const EARLIER_HEADERS: Record<ImportType, readonly (readonly string[])[]> = {
  doctor: [IMPORT_HEADERS.doctor.slice(1)],
  doctor_service: [['doctor_id', ...IMPORT_HEADERS.doctor_service.slice(1)]],
  service: [],
};
const HEADER_ALIASES: Record<string, string> = { doctor_id: 'doctor' };

/**
 * The only column separator (SPEC §5 reads one sheet of a CSV). A semicolon or tab file reads as one column and
 * gets 'Wrong file format'; the dialog's help line says the file is comma-separated.
 */
export const IMPORT_SEPARATOR = ',';

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

/** What a saved record did: a new entity, changes to an existing one, or nothing (the file said what is there). */
export const RECORD_OUTCOMES = ['created', 'updated', 'unchanged'] as const;
export type RecordOutcome = (typeof RECORD_OUTCOMES)[number];
export type OutcomeCounts = Record<RecordOutcome, number>;

/**
 * The result lines of an import: how many records were created, updated and left unchanged (ICU plurals), or
 * 'Nothing was changed' when every saved record was already as the file says.
 */
export function outcomeMessages(c: OutcomeCounts): Message[] {
  if (c.created + c.updated === 0 && c.unchanged > 0) return [message('import.nothingChanged', { count: c.unchanged })];
  const out: Message[] = [];
  if (c.created) out.push(message('import.recordsCreated', { count: c.created }));
  if (c.updated) out.push(message('import.recordsUpdated', { count: c.updated }));
  if (c.unchanged) out.push(message('import.recordsUnchanged', { count: c.unchanged }));
  return out;
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
    // The separator is fixed: guessing it from the content took the '|' of list cells for the column separator.
    const parsed = Papa.parse<string[]>(content, { skipEmptyLines: false, delimiter: IMPORT_SEPARATOR });
    if (parsed.errors.some((e) => e.type === 'Quotes')) return { ok: false, message: IMPORT_MESSAGES.cannotRead };
    rows = parsed.data.filter((r) => Array.isArray(r) && !isBlankRow(r));
  } catch {
    return { ok: false, message: IMPORT_MESSAGES.cannotRead };
  }
  if (rows.length === 0) return { ok: false, message: IMPORT_MESSAGES.fileNotValid };
  const [rawHeader, ...data] = rows;
  if (data.length === 0) return { ok: false, message: IMPORT_MESSAGES.noData };
  const current = options.header ?? IMPORT_HEADERS[type];
  const accepted = options.header ? [options.header] : [current, ...EARLIER_HEADERS[type]];
  const header = rawHeader.map(normalizeHeader);
  const max = options.maxRecords ?? MAX_IMPORT_RECORDS;
  const wrong = { ok: false as const, message: IMPORT_MESSAGES.wrongFileFormat };
  if (data.length > max) return wrong;
  const same = (expected: readonly string[]) => header.length === expected.length && header.every((h, i) => h === expected[i]);
  if (!accepted.some(same)) return wrong;
  if (data.some((r) => r.length > header.length)) return wrong;
  const records = data.map((r) => {
    const rec: ImportRecord = Object.fromEntries(current.map((h) => [h, '']));
    header.forEach((h, i) => (rec[HEADER_ALIASES[h] ?? h] = (r[i] ?? '').trim()));
    return rec;
  });
  return { ok: true, header: [...current], records, message: IMPORT_MESSAGES.uploaded };
}

/**
 * The legacy code page a spreadsheet of each market saves "CSV" in (Excel on Windows in that system locale).
 * All are WHATWG encodings, so TextDecoder reads them in browsers and in Node.
 */
export const LEGACY_CODE_PAGES: Record<Locale, string> = {
  'vi-VN': 'windows-1258',
  'th-TH': 'windows-874',
  'zh-TW': 'big5',
  'en-PH': 'windows-1252',
  'id-ID': 'windows-1252',
  'ms-MY': 'windows-1252',
};

export type DecodeResult = { ok: true; text: string; encoding: string } | { ok: false; message: Message };

/**
 * The text of an uploaded file: UTF-16 by its byte-order mark, else UTF-8 when the bytes are valid UTF-8 (with or
 * without its mark), else the market's legacy code page. Text is normalised to NFC (windows-1258 writes
 * Vietnamese tone marks as combining characters). The dialog and the server decode with this one function, so
 * they never disagree about a file.
 */
export function decodeImportBytes(bytes: Uint8Array, market: Locale): DecodeResult {
  const decode = (encoding: string, fatal: boolean, from = 0) => new TextDecoder(encoding, { fatal, ignoreBOM: true }).decode(bytes.subarray(from)).normalize('NFC');
  try {
    if (bytes[0] === 0xff && bytes[1] === 0xfe) return { ok: true, text: decode('utf-16le', true, 2), encoding: 'utf-16le' };
    if (bytes[0] === 0xfe && bytes[1] === 0xff) return { ok: true, text: decode('utf-16be', true, 2), encoding: 'utf-16be' };
  } catch {
    return { ok: false, message: IMPORT_MESSAGES.cannotRead };
  }
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  try {
    return { ok: true, text: decode('utf-8', true, bom), encoding: 'utf-8' };
  } catch {
    // Not UTF-8: a file with a UTF-8 mark is broken; otherwise the market's code page (every byte maps to a character).
    if (bom) return { ok: false, message: IMPORT_MESSAGES.cannotRead };
  }
  const encoding = LEGACY_CODE_PAGES[market];
  try {
    return { ok: true, text: decode(encoding, true), encoding };
  } catch {
    return { ok: false, message: IMPORT_MESSAGES.cannotRead };
  }
}

/** The market (locale) of a country id; the default market when the id is unknown. */
export function importMarket(countryId: number | null | undefined): Locale {
  return (countryId != null ? localeForCountryId(countryId) : undefined) ?? 'vi-VN';
}

/** Checks the file name, then the text. */
export function readImportFile(file: { name: string; text: string | null | undefined }, type: ImportType, options?: ReadOptions): ReadResult {
  if (!isCsvFileName(file.name)) return { ok: false, message: IMPORT_MESSAGES.wrongFileFormat };
  return readImportCsv(file.text, type, options);
}

/** Checks the file name, decodes the bytes (decodeImportBytes), then reads the text: one verdict per file. */
export function readImportBytes(file: { name: string; bytes: Uint8Array | null }, type: ImportType, market: Locale, options?: ReadOptions): ReadResult {
  if (!isCsvFileName(file.name)) return { ok: false, message: IMPORT_MESSAGES.wrongFileFormat };
  if (!file.bytes || file.bytes.byteLength === 0) return { ok: false, message: IMPORT_MESSAGES.fileNotValid };
  const decoded = decodeImportBytes(file.bytes, market);
  if (!decoded.ok) return decoded;
  return readImportCsv(decoded.text, type, options);
}

/** A market's example values for the templates: a plausible doctor, their service and a branch service. */
interface MarketExample {
  doctor: string;
  email: string;
  phone: string;
  languages: string;
  expertise: string;
  glance: string;
  description: string;
  service: [name: string, description: string];
  branchService: [name: string, description: string];
  /** Consultation price range and a package price with its original price, in the market's currency. */
  prices: { from: number; to: number; pkg: number; pkgOriginal: number };
}

const MARKET_EXAMPLES: Record<Locale, MarketExample> = {
  'vi-VN': {
    doctor: 'Nguyễn Văn An', email: 'bs.nguyenvanan@example.com', phone: '0901234567', languages: 'Tiếng Việt|Tiếng Anh', expertise: 'Tăng huyết áp|Suy tim',
    glance: 'Bác sĩ tim mạch, 10 năm kinh nghiệm', description: 'Tốt nghiệp Đại học Y Hà Nội.',
    service: ['Khám lần đầu', 'Khám và tư vấn'], branchService: ['Gói khám sức khỏe tổng quát', 'Xét nghiệm máu và tư vấn'], prices: { from: 200000, to: 500000, pkg: 1500000, pkgOriginal: 1800000 },
  },
  'en-PH': {
    doctor: 'Maria Santos', email: 'dr.maria.santos@example.com', phone: '09171234567', languages: 'Filipino|English', expertise: 'Hypertension|Heart failure',
    glance: 'Cardiologist, 10 years of practice', description: 'Graduate of the University of the Philippines College of Medicine.',
    service: ['First consultation', 'Consultation and advice'], branchService: ['Executive health check', 'Blood tests and consultation'], prices: { from: 800, to: 1500, pkg: 6500, pkgOriginal: 7500 },
  },
  'id-ID': {
    doctor: 'Budi Santoso', email: 'dr.budi.santoso@example.com', phone: '081234567890', languages: 'Bahasa Indonesia|English', expertise: 'Hipertensi|Gagal jantung',
    glance: 'Dokter spesialis jantung, 10 tahun pengalaman', description: 'Lulusan Fakultas Kedokteran Universitas Indonesia.',
    service: ['Konsultasi pertama', 'Pemeriksaan dan konsultasi'], branchService: ['Medical check-up lengkap', 'Tes darah dan konsultasi'], prices: { from: 250000, to: 500000, pkg: 1500000, pkgOriginal: 1800000 },
  },
  'zh-TW': {
    doctor: '陳建宏', email: 'dr.chen@example.com', phone: '0912345678', languages: '中文|台語|English', expertise: '高血壓|心臟衰竭',
    glance: '心臟內科醫師，執業 10 年', description: '國立臺灣大學醫學系畢業。',
    service: ['初診', '看診與諮詢'], branchService: ['全身健康檢查', '抽血檢驗與諮詢'], prices: { from: 500, to: 1200, pkg: 8000, pkgOriginal: 9500 },
  },
  'ms-MY': {
    doctor: 'Ahmad bin Ismail', email: 'dr.ahmad.ismail@example.com', phone: '0123456789', languages: 'Bahasa Melayu|English', expertise: 'Darah tinggi|Kegagalan jantung',
    glance: 'Pakar kardiologi, 10 tahun pengalaman', description: 'Graduan Fakulti Perubatan Universiti Malaya.',
    service: ['Konsultasi pertama', 'Pemeriksaan dan konsultasi'], branchService: ['Pemeriksaan kesihatan penuh', 'Ujian darah dan konsultasi'], prices: { from: 100, to: 250, pkg: 600, pkgOriginal: 750 },
  },
  'th-TH': {
    doctor: 'สมชาย ใจดี', email: 'dr.somchai@example.com', phone: '0812345678', languages: 'ภาษาไทย|English', expertise: 'ความดันโลหิตสูง|ภาวะหัวใจล้มเหลว',
    glance: 'อายุรแพทย์โรคหัวใจ ประสบการณ์ 10 ปี', description: 'สำเร็จการศึกษาจากคณะแพทยศาสตร์ ศิริราชพยาบาล',
    service: ['ตรวจครั้งแรก', 'ตรวจและให้คำปรึกษา'], branchService: ['ตรวจสุขภาพประจำปี', 'ตรวจเลือดและให้คำปรึกษา'], prices: { from: 800, to: 1500, pkg: 3500, pkgOriginal: 4200 },
  },
};

/** What the templates take from the database: the market's specialties and a branch the uploader manages. */
export interface TemplateValues {
  /** Specialty names of the market (the first two are used). */
  specialties?: readonly string[];
  /** A branch the uploader manages; empty in the template when unknown. */
  branchId?: number | null;
}

/**
 * The template of a market: the header and one example row with that market's names, phone, languages, prices
 * and specialties, so that the downloaded file imports as it is (SPEC §5). The doctor-service example names the
 * doctor of the doctor template by e-mail. CRLF as spreadsheets expect.
 */
export function importTemplateCsv(type: ImportType, market: Locale, values: TemplateValues = {}): string {
  const x = MARKET_EXAMPLES[market];
  const branch = values.branchId != null ? String(values.branchId) : '';
  const p = x.prices;
  const rows: Record<ImportType, string[]> = {
    doctor: ['', x.doctor, 'male', x.email, x.phone, branch, 'adults', (values.specialties ?? []).slice(0, 2).join('|'), x.languages, x.expertise, x.glance, x.description],
    doctor_service: [x.email, x.service[0], x.service[1], 'range', String(p.from), String(p.to)],
    service: [x.branchService[0], x.branchService[1], branch, 'fixed', String(p.pkg), '', String(p.pkgOriginal), '10', '30', '1'],
  };
  return Papa.unparse({ fields: [...IMPORT_HEADERS[type]], data: [rows[type]] }, { newline: '\r\n', delimiter: IMPORT_SEPARATOR });
}

/**
 * A cell a spreadsheet would run as a formula (starting with = + - @, a tab or a return) is written as text ('=...),
 * so that opening an error file never runs what was typed into an upload. Numbers (-5, +3.5) and phone numbers
 * (+84 90 123 4567) stay as they are; '=1+2' and '-1+2' are formulas.
 */
const NUMBER = /^[+-]?\d+(?:[.,]\d+)?$/;
const PHONE = /^\+\d[\d ().-]{5,}$/;
export function isFormulaCell(v: string): boolean {
  return /^[=+\-@\t\r]/.test(v) && !NUMBER.test(v) && !(PHONE.test(v) && !/[+]/.test(v.slice(1)));
}
/** papaparse takes a RegExp for escapeFormulae: one whose test is the rule above. */
export const FORMULA = Object.assign(/^[=+\-@\t\r]/, { test: isFormulaCell });

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
  return Papa.unparse({ fields, data }, { newline: '\r\n', delimiter: IMPORT_SEPARATOR, escapeFormulae: FORMULA });
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

// ---- a record's messages: sentences in the uploader's language ---------------------------------------------------

/**
 * What a refused record says, one sentence each, naming the file's column. The English texts are the server
 * strings `server.admin.import.row.*` (i18n/strings/server/), so localizeMessage writes them in the language of
 * whoever reads them (the manual import's answer, the error file when downloaded).
 */
export const IMPORT_ROW_MESSAGES = {
  required: 'Column "{column}" is empty: fill it in.',
  notNumber: 'Column "{column}" must be a number, written without letters, spaces or a currency sign.',
  wholeNumber: 'Column "{column}" must be a whole number.',
  tooLong: 'Column "{column}" is too long: at most {max} characters.',
  tooSmall: 'Column "{column}" must be at least {min}.',
  tooLarge: 'Column "{column}" must be at most {max}.',
  oneOf: 'Column "{column}" must be one of: {values}.',
  email: 'Column "{column}" must be an e-mail address.',
  invalid: 'Column "{column}" is not valid.',
  lowerThan: 'Column "{column}" must not be lower than column "{other}".',
  branch: 'Column "{column}": this branch does not exist or is not in your scope.',
  doctor: 'Column "{column}": no doctor in your scope has this id or e-mail.',
  specialty: 'Column "{column}": there is no specialty "{name}" in this market.',
  sameName: 'A doctor named "{name}" already works at this branch: write that doctor\'s id or e-mail to update it, or another e-mail to add a new doctor.',
  sameEmail: 'Several doctors in your scope have the e-mail "{email}": write the doctor\'s id instead.',
  rowFailed: 'This record could not be saved.',
} as const;
export type ImportRowMessage = keyof typeof IMPORT_ROW_MESSAGES;

/** One row message in English (the API's language), its placeholders filled. */
export function rowMessage(kind: ImportRowMessage, params: Record<string, string | number> = {}): string {
  return IMPORT_ROW_MESSAGES[kind].replace(/\{(\w+)\}/g, (_, k: string) => String(params[k] ?? ''));
}

/** The few custom messages the form schemas write, and what a row says instead. */
const CUSTOM_MESSAGE_KINDS: [RegExp, ImportRowMessage][] = [
  [/^This field is required$/, 'required'],
  [/^Please enter a valid email$/, 'email'],
  [/^\*(\d+) characters limit$/, 'tooLong'],
];

/**
 * The sentences of a record that failed its schema: one per column (the first problem of each), in file order.
 * `columnOf` turns a schema path into the file's column (e.g. the doctor-service form's `name` is `service_name`).
 */
export function rowIssueMessages(issues: readonly z.core.$ZodIssue[], columnOf: (field: string) => string = (f) => f): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const i of issues) {
    const column = columnOf(String(i.path[0] ?? ''));
    if (seen.has(column)) continue;
    seen.add(column);
    out.push(issueSentence(i, column));
  }
  return out;
}

function issueSentence(i: z.core.$ZodIssue, column: string): string {
  switch (i.code) {
    case 'invalid_type':
      return i.expected === 'number' || i.expected === 'int' ? rowMessage('notNumber', { column }) : rowMessage('required', { column });
    case 'invalid_value':
      return rowMessage('oneOf', { column, values: i.values.map(String).join(', ') });
    case 'invalid_format':
      return i.format === 'email' ? rowMessage('email', { column }) : rowMessage('invalid', { column });
    case 'too_small':
      if (i.origin === 'string' || i.origin === 'array') return rowMessage('required', { column });
      return rowMessage('tooSmall', { column, min: Number(i.minimum) });
    case 'too_big':
      if (i.origin === 'string') return rowMessage('tooLong', { column, max: Number(i.maximum) });
      return rowMessage('tooLarge', { column, max: Number(i.maximum) });
    case 'not_multiple_of':
      return rowMessage('wholeNumber', { column });
    default: {
      // A schema's own row sentence (rowMessage) is kept as it is.
      if (Object.values(IMPORT_ROW_MESSAGES).some((t) => new RegExp(`^${t.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{\w+\\?\}/g, '.+?')}$`).test(i.message))) return i.message;
      for (const [re, kind] of CUSTOM_MESSAGE_KINDS) {
        const m = re.exec(i.message);
        if (m) return rowMessage(kind, { column, max: m[1] ?? '' });
      }
      return rowMessage('invalid', { column });
    }
  }
}

/** `_data['upload-process']` of the status call. */
export const uploadProcess = z.object({
  status: z.enum(['processing', 'processed', 'import_success', 'warning', 'danger', 'failed']),
  percent: z.number().int().min(0).max(100),
  success: z.number().int(),
  failed: z.number().int(),
  /** The saved records by what they did (success = created + updated + unchanged). */
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  /** The error file's address (an authenticated admin call), null when nothing failed. */
  result: z.string().nullable(),
  hash: z.string(),
});
export type UploadProcess = z.output<typeof uploadProcess>;
export const importStatusData = z.object({ 'upload-process': uploadProcess });

export const importStartData = z.object({ hash: z.string(), total: z.number().int() });

/** One record's outcome in a manual chunk: its file line, success or failed with messages. */
export const manualRecordResult = z.object({
  line: z.number().int(),
  status: z.enum(['success', 'failed']),
  messages: z.array(z.string()),
  id: z.number().int().nullable(),
  /** What a saved record did; null when it failed. */
  outcome: z.enum(RECORD_OUTCOMES).nullable(),
});
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
