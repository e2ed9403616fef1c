/**
 * CSV files as spreadsheets write them (UTF-8 with a BOM, CRLF, quoted commas and line breaks), for the import
 * tests, the e2e spec and the import benchmark: one writer, one reader, one doctor row with plausible defaults.
 */
import Papa from 'papaparse';
import { IMPORT_HEADERS } from '../../src/lib/csv-import';

export function spreadsheetCsv(header: readonly string[], rows: readonly (readonly (string | number)[])[], opts: { bom?: boolean } = {}): string {
  return (opts.bom === false ? '' : '\uFEFF') + Papa.unparse({ fields: [...header], data: rows.map((r) => r.map(String)) }, { newline: '\r\n' });
}

/** The rows of a CSV file (an error file, say), its BOM and blank lines left out. */
export function readCsvRows(text: string): string[][] {
  return Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
}

/** One line of a doctor import, in the template's column order; `fields` overrides the defaults. */
export function doctorImportRow(name: string, branch: number, fields: Partial<Record<string, string>> = {}): string[] {
  const r: Record<string, string | undefined> = {
    name,
    gender: 'female',
    email: `${name.toLowerCase().replace(/\W+/g, '.')}@imports.test`,
    phone: '0901234567',
    hospital_branch_id: String(branch),
    provide_care: 'adults',
    specialties: '',
    languages: 'Vietnamese|English',
    expertise: 'Hypertension',
    glance: 'Cardiologist, 10 years',
    description: 'First line\nsecond line, with a comma',
    ...fields,
  };
  return IMPORT_HEADERS.doctor.map((h) => r[h] ?? '');
}
