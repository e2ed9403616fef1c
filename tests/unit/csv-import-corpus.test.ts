/**
 * The import corpus (issue #38 items 1 and 3): files saved the way spreadsheet programs save them (UTF-8 with a BOM
 * and CRLF, a final line break or none, '|' list cells, quoted commas and line breaks, Windows code pages, UTF-16,
 * semicolons and tabs), each with the message it must get and the records it may write
 * (tests/fixtures/csv/corpus/corpus.json). The dialog and the server read a file with the same two steps:
 * decodeImportBytes, then readImportCsv.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Locale } from '../../i18n/locales';
import { translate } from '../../i18n/strings';
import { decodeImportBytes, IMPORT_MESSAGES, readImportBytes, type ImportType } from '../../src/lib/csv-import';

interface Entry {
  file: string;
  type: ImportType;
  market: Locale;
  message: keyof typeof IMPORT_MESSAGES | 'uploaded';
  records: Record<string, string>[];
}
const dir = new URL('../fixtures/csv/corpus/', import.meta.url);
const corpus: Entry[] = JSON.parse(readFileSync(new URL('corpus.json', dir), 'utf8'));
const bytes = (file: string) => new Uint8Array(readFileSync(new URL(file, dir)));

describe('import corpus', () => {
  it('covers what spreadsheets write', () => {
    const all = corpus.map((c) => bytes(c.file));
    const has = (p: (b: Uint8Array) => boolean) => all.some(p);
    expect(has((b) => b[0] === 0xef && b[1] === 0xbb)).toBe(true); // UTF-8 mark
    expect(has((b) => b[0] === 0xff && b[1] === 0xfe)).toBe(true); // UTF-16LE
    expect(has((b) => b[0] === 0xfe && b[1] === 0xff)).toBe(true); // UTF-16BE
    expect(has((b) => Buffer.from(b).includes('\r\n'))).toBe(true);
    expect(has((b) => b.at(-1) !== 0x0a)).toBe(true); // no final line break
    expect(corpus.map((c) => c.file)).toEqual(expect.arrayContaining(['doctor-vi-excel-windows-1258.csv', 'doctor-th-excel-windows-874.csv', 'doctor-zh-excel-big5.csv']));
  });

  for (const entry of corpus) {
    it(`${entry.file}: ${entry.message}, ${entry.records.length} record(s)`, () => {
      const read = readImportBytes({ name: entry.file, bytes: bytes(entry.file) }, entry.type, entry.market);
      expect(translate('en-PH', read.message.key, read.message.params)).toBe(translate('en-PH', IMPORT_MESSAGES[entry.message].key));
      if (!read.ok) return expect(entry.records).toEqual([]);
      expect(read.records).toHaveLength(entry.records.length);
      entry.records.forEach((want, i) => expect(read.records[i]).toMatchObject(want));
    });
  }

  it('list cells keep their "|" and never split columns', () => {
    const read = readImportBytes({ name: 'x.csv', bytes: bytes('doctor-vi-excel-utf8-bom-crlf.csv') }, 'doctor', 'vi-VN');
    expect(read.ok && read.records[0].languages).toBe('Tiếng Việt|Tiếng Anh');
  });

  it('a legacy code page is the market\'s: the Vietnamese file read in Thailand is not Vietnamese', () => {
    const vi = decodeImportBytes(bytes('doctor-vi-excel-windows-1258.csv'), 'vi-VN');
    const th = decodeImportBytes(bytes('doctor-vi-excel-windows-1258.csv'), 'th-TH');
    expect(vi.ok && vi.text.includes('Nguyễn Thị Hồng Nhung')).toBe(true);
    expect(th.ok && th.text.includes('Nguyễn')).toBe(false);
    // The same text through every route decodes to the same string (NFC).
    const utf8 = decodeImportBytes(bytes('doctor-vi-excel-utf8-bom-crlf.csv'), 'vi-VN');
    const utf16 = decodeImportBytes(bytes('doctor-vi-utf16le-bom.csv'), 'vi-VN');
    expect(vi.ok && utf8.ok && utf16.ok && vi.text === utf8.text && utf16.text === utf8.text).toBe(true);
  });
});
