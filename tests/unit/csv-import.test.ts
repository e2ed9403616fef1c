import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { translate } from '../../i18n/strings';
import {
  chunkRecords,
  ERROR_FILE_COLUMNS,
  IMPORT_HEADERS,
  IMPORT_MESSAGES,
  IMPORT_TYPES,
  importErrorCsv,
  importOutcome,
  importTemplateCsv,
  isCsvFileName,
  isFormulaCell,
  outcomeMessages,
  rowIssueMessages,
  MAX_IMPORT_RECORDS,
  normalizeHeader,
  readImportCsv,
  readImportFile,
  recordLine,
  recordsFailedMessage,
  recordsSavedMessage,
  shouldKeepPolling,
  type ReadResult,
} from '../../src/lib/csv-import';
import type { Message } from '../../src/lib/message';
import { LOCALES } from '../../i18n/locales';
import { z } from 'zod';
import { localizeMessage } from '../../src/server/caller-locale';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/csv/${name}`, import.meta.url), 'utf8');
const en = (m: Message) => translate('en-PH', m.key, m.params);
const errorOf = (r: ReadResult) => (r.ok ? null : en(r.message));
const DOCTOR = IMPORT_HEADERS.doctor.join(',');
const row = (n = IMPORT_HEADERS.doctor.length, v = 'x') => Array.from({ length: n }, () => v).join(',');

describe('file name', () => {
  it('must be .csv', () => {
    expect(isCsvFileName('doctors.csv')).toBe(true);
    expect(isCsvFileName('DOCTORS.CSV')).toBe(true);
    expect(isCsvFileName('doctors.xlsx')).toBe(false);
    expect(isCsvFileName('doctors.csv.exe')).toBe(false);
    expect(isCsvFileName('csv')).toBe(false);
    expect(errorOf(readImportFile({ name: 'doctors.xlsx', text: fixture('doctor-good.csv') }, 'doctor'))).toBe('Wrong file format');
    expect(readImportFile({ name: 'doctors.csv', text: fixture('doctor-good.csv') }, 'doctor').ok).toBe(true);
  });
});

describe('header normalisation', () => {
  it('lowercases, removes line breaks, trims, spaces to underscores', () => {
    expect(normalizeHeader('  Hospital Branch Id ')).toBe('hospital_branch_id');
    expect(normalizeHeader('Price\r\nTo')).toBe('priceto');
    expect(normalizeHeader('Provide\n Care')).toBe('provide_care');
    expect(normalizeHeader('NAME')).toBe('name');
  });
});

describe('reading fixtures', () => {
  it('good doctor file: records keyed by header, CRLF handled, values trimmed', () => {
    const r = readImportCsv(fixture('doctor-good.csv'), 'doctor');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.header).toEqual(IMPORT_HEADERS.doctor);
    expect(r.records).toHaveLength(2);
    expect(r.records[0]).toMatchObject({ name: 'Nguyen Van A', email: 'a@example.com', languages: 'Vietnamese|English', description: 'Short bio' });
    expect(r.records[1].expertise).toBe('');
    expect(en(r.message)).toBe('File is uploaded successfully. Please hit button Import below to continue.');
  });
  it('headers in another case and with spaces are accepted; an earlier template\'s "Doctor ID" column reads as doctor', () => {
    const r = readImportCsv(fixture('doctor-service-good.csv'), 'doctor_service');
    expect(r.ok && r.records).toEqual([
      { doctor: '12', service_name: 'Consultation', description: 'First visit', price_type: 'range', price: '200000', price_to: '500000' },
      { doctor: '12', service_name: 'Follow-up', description: '', price_type: 'fixed', price: '150000', price_to: '' },
    ]);
  });
  it('a header cell with a quoted line break is normalised', () => {
    const r = readImportCsv(fixture('service-header-line-break.csv'), 'service');
    expect(r.ok).toBe(false); // 'Service\nName' -> 'servicename', not 'name'
    expect(errorOf(r)).toBe('Wrong file format');
    const fixed = fixture('service-header-line-break.csv').replace('"Service\nName"', '"\nName"');
    expect(readImportCsv(fixed, 'service').ok).toBe(true);
  });
  it('wrong header names', () => {
    expect(errorOf(readImportCsv(fixture('doctor-wrong-header.csv'), 'doctor'))).toBe('Wrong file format');
  });
  it('more rows than the maximum (50)', () => {
    expect(MAX_IMPORT_RECORDS).toBe(50);
    expect(errorOf(readImportCsv(fixture('doctor-too-many-rows.csv'), 'doctor'))).toBe('Wrong file format');
    const fifty = [DOCTOR, ...Array.from({ length: 50 }, () => row())].join('\n');
    expect(readImportCsv(fifty, 'doctor').ok).toBe(true);
    expect(errorOf(readImportCsv(fifty, 'doctor', { maxRecords: 10 }))).toBe('Wrong file format');
  });
  it('empty file', () => {
    expect(errorOf(readImportCsv(fixture('empty.csv'), 'doctor'))).toBe('File is not valid!');
    expect(errorOf(readImportCsv('  \n\r\n ', 'doctor'))).toBe('File is not valid!');
    expect(errorOf(readImportCsv(null, 'doctor'))).toBe('File is not valid!');
    expect(errorOf(readImportCsv('\u0000\u0001PK', 'doctor'))).toBe('File is not valid!');
  });
  it('header only: No data to import', () => {
    expect(errorOf(readImportCsv(fixture('doctor-header-only.csv'), 'doctor'))).toBe('No data to import');
    expect(errorOf(readImportCsv(`${DOCTOR}\n,,,,,,,,,,\n\n`, 'doctor'))).toBe('No data to import');
  });
  it('a byte-order mark is ignored', () => {
    const r = readImportCsv(fixture('doctor-bom.csv'), 'doctor');
    expect(r.ok && r.records[0].name).toBe('Lê Văn C');
  });
  it('quoted commas, quotes and line breaks stay inside their cell', () => {
    const r = readImportCsv(fixture('doctor-quoted-line-breaks.csv'), 'doctor');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.records).toHaveLength(1);
    expect(r.records[0]).toMatchObject({ name: 'Nguyen, Van D', glance: 'Line one\nline two', description: 'He said "hello"' });
  });
});

describe('reading rules on CSV text', () => {
  it('different column count', () => {
    expect(errorOf(readImportCsv(`${DOCTOR},extra\n${row(12)}`, 'doctor'))).toBe('Wrong file format');
    expect(errorOf(readImportCsv(`${IMPORT_HEADERS.doctor.slice(0, -1).join(',')}\n${row(10)}`, 'doctor'))).toBe('Wrong file format');
  });
  it('wrong header order', () => {
    const swapped = [...IMPORT_HEADERS.doctor];
    [swapped[0], swapped[1]] = [swapped[1], swapped[0]];
    expect(errorOf(readImportCsv(`${swapped.join(',')}\n${row()}`, 'doctor'))).toBe('Wrong file format');
  });
  it('a row longer than the header', () => {
    expect(errorOf(readImportCsv(`${DOCTOR}\n${row()}\n${row(13)}`, 'doctor'))).toBe('Wrong file format');
  });
  it('shorter rows are padded with empty cells', () => {
    const r = readImportCsv(`${DOCTOR}\n,Only Name,male`, 'doctor');
    expect(r.ok && r.records[0]).toMatchObject({ name: 'Only Name', gender: 'male', description: '' });
  });
  it('blank lines are skipped', () => {
    const r = readImportCsv(`${DOCTOR}\n\n${row()}\n\n`, 'doctor');
    expect(r.ok && r.records).toHaveLength(1);
  });
  it('an unterminated quote: Cannot read this file', () => {
    expect(errorOf(readImportCsv(`${DOCTOR}\n"unterminated,${row(10)}`, 'doctor'))).toBe('Cannot read this file');
  });
  it('a custom expected header', () => {
    expect(readImportCsv('a,b\n1,2', 'doctor', { header: ['a', 'b'] }).ok).toBe(true);
  });
  it('each import type reads its own template, in every market', () => {
    for (const market of LOCALES)
      for (const type of IMPORT_TYPES) {
        const r = readImportCsv(importTemplateCsv(type, market), type);
        expect(r.ok, `${market} ${type}`).toBe(true);
        expect(r.ok && r.records).toHaveLength(1);
        expect(readImportCsv(importTemplateCsv(type, market), type === 'doctor' ? 'service' : 'doctor').ok).toBe(false);
      }
  });
});

describe('import headers and templates', () => {
  it('headers are normalised names, unique per type', () => {
    for (const type of IMPORT_TYPES) {
      const h = IMPORT_HEADERS[type];
      expect(h.every((c) => c === normalizeHeader(c))).toBe(true);
      expect(new Set(h).size).toBe(h.length);
    }
    expect(IMPORT_HEADERS.doctor).toContain('name');
    expect(IMPORT_HEADERS.doctor_service).toEqual(expect.arrayContaining(['doctor', 'price_type', 'price', 'price_to']));
    expect(IMPORT_HEADERS.service).toEqual(expect.arrayContaining(['name', 'price_type', 'price', 'price_to']));
  });
  it('template is the header line plus one example row', () => {
    const lines = importTemplateCsv('doctor_service', 'vi-VN').split('\r\n');
    expect(lines[0]).toBe(IMPORT_HEADERS.doctor_service.join(','));
    expect(lines).toHaveLength(2);
  });
});

describe('error export file', () => {
  it('columns Line, the header, Message Error, Status import; messages joined; status Failed', () => {
    const csv = importErrorCsv('doctor_service', [
      { line: 2, record: { doctor: '12', service_name: 'Consult, first', price_type: 'range', price: '1', price_to: '' }, messages: ['Price to is required', 'Price too low'] },
      { line: 5, record: { doctor: 'x' }, messages: ['Doctor not found'] },
    ]);
    const parsed = Papa.parse<string[]>(csv.trim()).data;
    expect(parsed[0]).toEqual(['Line', ...IMPORT_HEADERS.doctor_service, 'Message Error', 'Status import']);
    expect(parsed[1]).toEqual(['2', '12', 'Consult, first', '', 'range', '1', '', 'Price to is required; Price too low', 'Failed']);
    expect(parsed[2]).toEqual(['5', 'x', '', '', '', '', '', 'Doctor not found', 'Failed']);
    expect(ERROR_FILE_COLUMNS).toEqual({ line: 'Line', message: 'Message Error', status: 'Status import' });
  });
  it('record lines count the header as line 1', () => {
    expect(recordLine(0)).toBe(2);
    expect(recordLine(9)).toBe(11);
  });
});

describe('import messages and progress', () => {
  it('spec texts', () => {
    expect(en(IMPORT_MESSAGES.wrongFileFormat)).toBe('Wrong file format');
    expect(en(IMPORT_MESSAGES.fileNotValid)).toBe('File is not valid!');
    expect(en(IMPORT_MESSAGES.noData)).toBe('No data to import');
    expect(en(IMPORT_MESSAGES.cannotRead)).toBe('Cannot read this file');
    expect(en(IMPORT_MESSAGES.uploaded)).toBe('File is uploaded successfully. Please hit button Import below to continue.');
    expect(en(IMPORT_MESSAGES.imported)).toBe('File is imported successfully.');
    expect(en(IMPORT_MESSAGES.downloadList)).toBe('Download the list');
    expect(en(IMPORT_MESSAGES.failed)).toBe('An error occurred!');
    expect(en(recordsSavedMessage(12))).toBe('12 the records are saved successfully.');
    expect(en(recordsFailedMessage(3, 15))).toBe('3/15 records can not be loaded');
  });
  it('outcome: success when none failed, warning otherwise', () => {
    expect(importOutcome(5, 0)).toEqual({ status: 'success', messages: [IMPORT_MESSAGES.imported, recordsSavedMessage(5)] });
    expect(importOutcome(3, 2)).toEqual({ status: 'warning', messages: [recordsSavedMessage(3), recordsFailedMessage(2, 5)] });
    expect(importOutcome(0, 0).status).toBe('danger');
  });
  it('polls only while processing', () => {
    expect(shouldKeepPolling('processing')).toBe(true);
    for (const s of ['processed', 'import_success', 'danger', null, undefined]) expect(shouldKeepPolling(s)).toBe(false);
  });
  it('chunks records for the manual import', () => {
    expect(chunkRecords([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunkRecords([], 2)).toEqual([]);
    expect(chunkRecords([1, 2], 0)).toEqual([[1], [2]]);
  });
});

describe('import menu, statuses and calls', () => {
  it('the kebab menu offers every import to managers, none to the doctor role, and drops doctor services when switched off', async () => {
    const { importMenuTypes } = await import('../../src/lib/csv-import');
    for (const role of ['admin', 'super', 'facility', 'senior_branch', 'branch']) expect(importMenuTypes(role)).toEqual(['doctor', 'doctor_service', 'service']);
    expect(importMenuTypes('doctor')).toEqual([]);
    expect(importMenuTypes('patient')).toEqual([]);
    expect(importMenuTypes('facility', false)).toEqual(['doctor', 'service']);
  });

  it('final status: import_success when none failed, warning when some did, danger when all did', async () => {
    const { finalImportStatus } = await import('../../src/lib/csv-import');
    expect(finalImportStatus(3, 0)).toBe('import_success');
    expect(finalImportStatus(2, 1)).toBe('warning');
    expect(finalImportStatus(0, 3)).toBe('danger');
    expect(finalImportStatus(0, 0)).toBe('danger');
  });

  it('list cells, sizes in kb, template names', async () => {
    const { listCell, fileSizeKb, importTemplateName } = await import('../../src/lib/csv-import');
    expect(listCell(' a | b ||c ')).toEqual(['a', 'b', 'c']);
    expect(listCell('')).toEqual([]);
    expect(fileSizeKb(1536)).toBe(1.5);
    expect(fileSizeKb(100)).toBe(0.1);
    expect(fileSizeKb(20)).toBe(0.1);
    expect(fileSizeKb(0)).toBe(0);
    expect(importTemplateName('doctor_service')).toBe('doctor-service-import-template.csv');
  });

  it('a manual chunk holds at most the chunk size of records with file lines', async () => {
    const { manualImportBody, MANUAL_CHUNK_SIZE } = await import('../../src/lib/csv-import');
    const rec = (line: number) => ({ line, data: { name: 'x' } });
    const body = { type: 'service', country_id: 1, file_name: 's.csv', last: true, total: 11 };
    expect(manualImportBody.safeParse({ ...body, records: Array.from({ length: MANUAL_CHUNK_SIZE }, (_, i) => rec(i + 2)) }).success).toBe(true);
    expect(manualImportBody.safeParse({ ...body, records: Array.from({ length: MANUAL_CHUNK_SIZE + 1 }, (_, i) => rec(i + 2)) }).success).toBe(false);
    expect(manualImportBody.safeParse({ ...body, records: [rec(1)] }).success).toBe(false);
    expect(manualImportBody.safeParse({ ...body, type: 'doctor', records: [rec(2)] }).success).toBe(false);
  });
});

describe('error file safety', () => {
  it('writes a cell that would be a spreadsheet formula as text', () => {
    const csv = importErrorCsv('doctor', [{ line: 2, record: { name: '=HYPERLINK("http://evil.test")', phone: '+84901', email: 'a@b.c' }, messages: ['email: x'] }]);
    const row = Papa.parse<string[]>(csv, { skipEmptyLines: true }).data[1];
    const name = IMPORT_HEADERS.doctor.indexOf('name') + 1;
    expect(row[name]).toBe(`'=HYPERLINK("http://evil.test")`);
    expect(row[IMPORT_HEADERS.doctor.indexOf('phone') + 1]).toBe('+84901');
    const more = (v: string) => Papa.parse<string[]>(importErrorCsv('doctor', [{ line: 2, record: { name: v }, messages: [] }]), { skipEmptyLines: true }).data[1][name];
    expect(more('-5')).toBe('-5');
    expect(more('@SUM(A1)')).toBe(`'@SUM(A1)`);
    expect(more('-2+3+cmd|x')).toBe(`'-2+3+cmd|x`);
    expect(more('Nguyen = A')).toBe('Nguyen = A');
    expect(row[IMPORT_HEADERS.doctor.indexOf('email') + 1]).toBe('a@b.c');
  });
});

describe('issue #38: separators, formulas, results, row messages, templates', () => {
  it('never takes the separator from cell content: a row of list cells is read by commas', () => {
    const r = readImportCsv(`\uFEFF${DOCTOR}\r\n,A,male,a@x.test,0901,1,adults,a|b,c|d,e|f,g,h\r\n`, 'doctor');
    expect(r.ok && r.records[0]).toMatchObject({ name: 'A', specialties: 'a|b', languages: 'c|d', expertise: 'e|f' });
    expect(errorOf(readImportCsv(IMPORT_HEADERS.doctor.join(';') + '\n;A;male', 'doctor'))).toBe('Wrong file format');
  });
  it('escapes every formula cell (=1+2 too); numbers and phone numbers stay', () => {
    for (const v of ['=1+2', '+1+2', '-1+2', '@x', '\tx', '\rx', '=HYPERLINK("x")']) expect(isFormulaCell(v), v).toBe(true);
    for (const v of ['-5', '+3.5', '12', '+84 90 123 4567', '+63 (2) 8123-4567', 'Nguyen = A']) expect(isFormulaCell(v), v).toBe(false);
    const csv = importErrorCsv('doctor', [{ line: 2, record: { name: '=1+2', phone: '+84 90 123 4567' }, messages: [] }]);
    const row = Papa.parse<string[]>(csv, { skipEmptyLines: true }).data[1];
    expect(row[IMPORT_HEADERS.doctor.indexOf('name') + 1]).toBe(`'=1+2`);
    expect(row[IMPORT_HEADERS.doctor.indexOf('phone') + 1]).toBe('+84 90 123 4567');
  });
  it('results count created, updated and unchanged records; an unchanged re-upload says nothing changed', () => {
    const words = (c: { created: number; updated: number; unchanged: number }) => outcomeMessages(c).map(en);
    expect(words({ created: 1, updated: 2, unchanged: 0 })).toEqual(['1 new record was added.', '2 records were updated.']);
    expect(words({ created: 0, updated: 0, unchanged: 3 })).toEqual(['Nothing was changed: all 3 records are already as in the file.']);
    expect(outcomeMessages({ created: 0, updated: 0, unchanged: 1 }).map((m) => translate('vi-VN', m.key, m.params))).toEqual(['Không có gì thay đổi: 1 bản ghi đã giống hệt trong tệp.']);
  });
  it('row messages are sentences naming the column, in the reader\'s language', () => {
    const parsed = serviceLike.safeParse({ price: 'abc', gender: 'x', name: '' });
    const msgs = parsed.success ? [] : rowIssueMessages(parsed.error.issues);
    expect(msgs).toEqual(['Column "price" must be a number, written without letters, spaces or a currency sign.', 'Column "gender" must be one of: male, female.', 'Column "name" is empty: fill it in.']);
    expect(msgs.map((m) => localizeMessage(m, 'vi-VN'))).toEqual([
      'Cột "price" phải là một số, không có chữ, khoảng trắng hay ký hiệu tiền tệ.',
      'Cột "gender" phải là một trong các giá trị: male, female.',
      'Cột "name" đang trống: vui lòng điền vào.',
    ]);
    for (const m of msgs) expect(m).not.toMatch(/Invalid input|expected/);
  });
  it('one template per market, with the market\'s values, the given specialties and branch', () => {
    const vi = readImportCsv(importTemplateCsv('doctor', 'vi-VN', { specialties: ['Tim mạch', 'Nhi khoa', 'Da liễu'], branchId: 7 }), 'doctor');
    expect(vi.ok && vi.records[0]).toMatchObject({ id: '', name: 'Nguyễn Văn An', hospital_branch_id: '7', specialties: 'Tim mạch|Nhi khoa' });
    const th = readImportCsv(importTemplateCsv('doctor_service', 'th-TH'), 'doctor_service');
    const thDoctor = readImportCsv(importTemplateCsv('doctor', 'th-TH'), 'doctor');
    // The doctor-service template names the doctor template's doctor by e-mail (no id to look up).
    expect(th.ok && thDoctor.ok && th.records[0].doctor).toBe(thDoctor.ok ? thDoctor.records[0].email : '');
    expect(new Set(LOCALES.map((l) => importTemplateCsv('doctor', l))).size).toBe(LOCALES.length);
  });
});

const serviceLike = z.object({ price: z.coerce.number(), gender: z.enum(['male', 'female']), name: z.string().min(1, 'This field is required') });

describe('the dialog can say every import message', () => {
  it('the admin imports catalogue holds every key the dialog renders with tm, in all six locales', () => {
    const keys = [...Object.values(IMPORT_MESSAGES), ...outcomeMessages({ created: 1, updated: 1, unchanged: 1 }), ...outcomeMessages({ created: 0, updated: 0, unchanged: 1 }), recordsFailedMessage(1, 2)].map((m) => m.key);
    for (const locale of LOCALES) {
      const catalogue = JSON.parse(readFileSync(new URL(`../../i18n/strings/admin/imports/${locale}.json`, import.meta.url), 'utf8')) as Record<string, string>;
      for (const k of keys) expect(catalogue[k], `${locale} ${k}`).toBeTruthy();
    }
  });
});
