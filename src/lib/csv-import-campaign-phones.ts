/**
 * The eligible phone numbers of a campaign as a CSV import (issue #39 item 2, SPEC §5 import rules, §6: the import
 * lives on the campaign's page): the file is read with the import dialog's rules (readImportFile), each number is
 * normalised to the market's national format before it is stored (as public.national_phone compares them: '+84 901
 * 000 001' and '0901-000-001' are both 0901000001), and malformed numbers, bad expiry dates and duplicates (twice in
 * the file, or already in the campaign) are failures listed in the error file (importErrorCsv). Pure; shared by the
 * dialog (its preview) and functions/admin-campaigns.ts (the rule that decides).
 */
import { importErrorCsv, MAX_IMPORT_RECORDS, readImportFile, recordLine, type FailedRow, type ImportRecord, type ReadResult } from './csv-import';
import { isIsoDate } from './hospital-time';

export const CAMPAIGN_PHONE_HEADER = ['phone', 'expired_date'] as const;
export const CAMPAIGN_PHONE_TEMPLATE_NAME = 'campaign-phones-import-template.csv';
export const CAMPAIGN_PHONE_ERRORS_NAME = 'campaign-phones-errors.csv';

/**
 * Calling code and national number lengths (with the leading 0) per market (countries.id, as public.national_phone):
 * mobile and landline numbers of Vietnam, the Philippines, Indonesia, Taiwan, Malaysia and Thailand.
 */
export const MARKET_PHONES: Record<number, { callingCode: string; lengths: readonly [number, number]; example: string }> = {
  1: { callingCode: '84', lengths: [10, 11], example: '0901234567' },
  2: { callingCode: '63', lengths: [10, 11], example: '09171234567' },
  3: { callingCode: '62', lengths: [10, 13], example: '081234567890' },
  4: { callingCode: '886', lengths: [9, 10], example: '0912345678' },
  5: { callingCode: '60', lengths: [9, 11], example: '0123456789' },
  6: { callingCode: '66', lengths: [9, 10], example: '0812345678' },
};

/** A phone number in the market's national format (digits, leading 0), or null when it is not a number of that market. */
export function normalizeCampaignPhone(raw: string, countryId: number): string | null {
  const market = MARKET_PHONES[countryId];
  if (!market) return null;
  const compact = raw.trim().replace(/[\s.\-()]/g, '');
  if (!/^(\+|00)?\d+$/.test(compact)) return null;
  let national: string;
  if (compact.startsWith('+') || compact.startsWith('00')) {
    const digits = compact.replace(/^(\+|00)/, '');
    if (!digits.startsWith(market.callingCode)) return null;
    national = `0${digits.slice(market.callingCode.length).replace(/^0/, '')}`;
  } else if (compact.startsWith('0')) {
    national = compact;
  } else if (compact.startsWith(market.callingCode) && compact.length - market.callingCode.length + 1 >= market.lengths[0]) {
    // Written with the calling code but without '+' (84901234567).
    national = `0${compact.slice(market.callingCode.length)}`;
  } else {
    return null;
  }
  return national.length >= market.lengths[0] && national.length <= market.lengths[1] ? national : null;
}

export const PHONE_IMPORT_MESSAGES = {
  malformed: 'The phone number is not valid for this market.',
  badDate: 'The expiry date must be a date written as yyyy-MM-dd.',
  duplicateInFile: 'This phone number is listed more than once in the file.',
  alreadyInCampaign: 'This phone number is already in the campaign.',
} as const;

export interface PhoneRow {
  line: number;
  phone: string;
  expiredDate: string;
}

/** Reads the file with the import rules and the phone list's header (phone, expired_date), at most 50 records. */
export function readCampaignPhoneFile(file: { name: string; text: string | null | undefined }): ReadResult {
  // The header given here replaces the import type's own, so the type argument only names the rules' family.
  return readImportFile(file, 'doctor', { header: CAMPAIGN_PHONE_HEADER, maxRecords: MAX_IMPORT_RECORDS });
}

/**
 * Splits the records into the numbers to store and the failures (file lines counted from the header, line 1). The
 * first occurrence of a number in the file is kept; later ones and numbers `existing` already holds fail.
 */
export function checkPhoneRecords(records: readonly { line: number; record: ImportRecord }[], countryId: number, existing: ReadonlySet<string>): { rows: PhoneRow[]; failures: FailedRow[] } {
  const rows: PhoneRow[] = [];
  const failures: FailedRow[] = [];
  const seen = new Set<string>();
  for (const { line, record } of records) {
    const messages: string[] = [];
    const phone = normalizeCampaignPhone(record.phone ?? '', countryId);
    const expiredDate = (record.expired_date ?? '').trim();
    if (!phone) messages.push(PHONE_IMPORT_MESSAGES.malformed);
    if (!isIsoDate(expiredDate)) messages.push(PHONE_IMPORT_MESSAGES.badDate);
    if (phone && seen.has(phone)) messages.push(PHONE_IMPORT_MESSAGES.duplicateInFile);
    else if (phone && existing.has(phone)) messages.push(PHONE_IMPORT_MESSAGES.alreadyInCampaign);
    if (phone) seen.add(phone);
    if (messages.length) failures.push({ line, record, messages });
    else rows.push({ line, phone: phone!, expiredDate });
  }
  return { rows, failures };
}

/** The records of a read file with their file lines. */
export function numberedRecords(records: readonly ImportRecord[]): { line: number; record: ImportRecord }[] {
  return records.map((record, i) => ({ line: recordLine(i), record }));
}

/** The error file: Line, phone, expired_date, Message Error, Status import (the import dialog's columns). */
export function campaignPhoneErrorCsv(failures: readonly FailedRow[]): string {
  return importErrorCsv('doctor', failures, CAMPAIGN_PHONE_HEADER);
}

/** Template: the header and one example row of the market. */
export function campaignPhoneTemplateCsv(countryId: number): string {
  return `${CAMPAIGN_PHONE_HEADER.join(',')}\r\n${MARKET_PHONES[countryId]?.example ?? '0901234567'},2027-12-31\r\n`;
}
