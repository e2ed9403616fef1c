/**
 * Issue #39 rules: the review flags (phone, e-mail, someone's name), the reply templates and the risky-words check,
 * the campaign phone import (normalised to the market's format; malformed, bad dates and duplicates), and the one
 * campaign answer the booking flow and the check tool share.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { reviewFlags } from '../../src/lib/review-flags';
import { REPLY_TEMPLATES, replyRisks, canModerateReviews, canSetReviewHold } from '../../src/lib/admin-reviews';
import { campaignAnswer } from '../../src/lib/campaign';
import { checkPhoneRecords, campaignPhoneErrorCsv, normalizeCampaignPhone, numberedRecords, readCampaignPhoneFile, PHONE_IMPORT_MESSAGES } from '../../src/lib/csv-import-campaign-phones';
import { LOCALES } from '../../i18n/locales';
import { translate } from '../../i18n/strings';

describe('review flags', () => {
  it('flags phone numbers, national and international, with separators', () => {
    expect(reviewFlags('Gọi lại cho tôi số 0912 345 678 nhé.')).toEqual(['phone']);
    expect(reviewFlags('Call me at +63 917 123 4567')).toEqual(['phone']);
    expect(reviewFlags('WhatsApp 012-345 6789 please')).toEqual(['phone']);
    expect(reviewFlags('line (02) 8888-1234 works')).toEqual(['phone']);
  });
  it('does not flag prices, dates, counts or short numbers', () => {
    expect(reviewFlags('Giá 1.500.000 đồng, chờ 45 phút.')).toEqual([]);
    expect(reviewFlags('Paid 15,000,000 IDR on 12/05/2024 at 10:30.')).toEqual([]);
    expect(reviewFlags('Room 302, floor 3, waited 20 minutes')).toEqual([]);
  });
  it('flags e-mail addresses, also spelled out', () => {
    expect(reviewFlags('write to lan.nguyen@gmail.com')).toEqual(['email']);
    expect(reviewFlags('mail me: john (at) example (dot) com')).toEqual(['email']);
  });
  it("flags someone's full name, but not the names the review may name", () => {
    expect(reviewFlags('Nhân viên Nguyễn Thị Hoa rất nhiệt tình.')).toEqual(['name']);
    expect(reviewFlags('The nurse Maria Santos was rude.')).toEqual(['name']);
    expect(reviewFlags('Thanks to Mr Tan for his help')).toEqual(['name']);
    expect(reviewFlags('cảm ơn chị Lan đã hỗ trợ')).toEqual(['name']);
    expect(reviewFlags('Bác sĩ Trần Văn Minh giải thích rõ.', { knownNames: ['Trần Văn Minh'] })).toEqual([]);
    expect(reviewFlags('Bệnh viện Đa khoa Quốc tế rất sạch.', { knownNames: ['Bệnh viện Đa khoa Quốc tế'] })).toEqual([]);
  });
  it('does not flag ordinary sentences', () => {
    expect(reviewFlags('Very Good service. The staff were kind.')).toEqual([]);
    expect(reviewFlags('Phòng khám sạch sẽ, nhân viên lịch sự.')).toEqual([]);
    expect(reviewFlags('非常好的醫院，服務很周到。')).toEqual([]);
    expect(reviewFlags('')).toEqual([]);
    expect(reviewFlags(null)).toEqual([]);
  });
  it('lists every kind found, in order', () => {
    expect(reviewFlags('Ask Maria Santos on 0917 123 4567 or maria@example.com')).toEqual(['phone', 'email', 'name']);
  });
});

describe('replies', () => {
  const catalogue = (locale: string) => JSON.parse(readFileSync(`i18n/strings/admin/reviews/${locale}.json`, 'utf8')) as Record<string, string>;
  it('the English templates use none of the words that confirm a patient or speak of care', () => {
    const en = catalogue('en-PH');
    for (const k of REPLY_TEMPLATES) {
      const text = en[`admin.reviews.template.${k}`];
      expect(text, k).toBeTruthy();
      expect(replyRisks(text), k).toEqual([]);
      expect(text.toLowerCase()).not.toMatch(/patient|treat|visit|care\b|diagnos|doctor|appointment|health/);
    }
  });
  it('every locale has every template', () => {
    for (const l of LOCALES) for (const k of REPLY_TEMPLATES) expect(catalogue(l)[`admin.reviews.template.${k}`], `${l} ${k}`).toBeTruthy();
  });
  it('warns on a typed reply that confirms a patient or mentions care', () => {
    expect(replyRisks('We are sorry about your treatment, dear patient.')).toEqual(['patient', 'treatment']);
    expect(replyRisks('Sorry about your visit and your doctor.')).toEqual(['your visit', 'your doctor']);
    expect(replyRisks('Thank you for your feedback.')).toEqual([]);
    expect(replyRisks('Outpatients are welcome')).toEqual([]);
  });
  it('who moderates and who sets the hold', () => {
    expect(['admin', 'super', 'facility', 'senior_branch', 'branch', 'doctor'].filter(canModerateReviews)).toEqual(['admin', 'super', 'facility', 'senior_branch', 'branch']);
    expect(['admin', 'super', 'facility', 'senior_branch', 'branch', 'doctor'].filter(canSetReviewHold)).toEqual(['admin', 'super', 'facility']);
  });
});

describe('campaign phone import', () => {
  it('normalises numbers to the market national format', () => {
    expect(normalizeCampaignPhone('+84 901 000 001', 1)).toBe('0901000001');
    expect(normalizeCampaignPhone('0901-000-001', 1)).toBe('0901000001');
    expect(normalizeCampaignPhone('84901000001', 1)).toBe('0901000001');
    expect(normalizeCampaignPhone('0084 (90) 1000001', 1)).toBe('0901000001');
    expect(normalizeCampaignPhone('+63 917 123 4567', 2)).toBe('09171234567');
    expect(normalizeCampaignPhone('+886 912 345 678', 4)).toBe('0912345678');
    expect(normalizeCampaignPhone('+66 81 234 5678', 6)).toBe('0812345678');
  });
  it('refuses numbers of another market, too short or long, or with letters', () => {
    expect(normalizeCampaignPhone('+63 917 123 4567', 1)).toBeNull();
    expect(normalizeCampaignPhone('090100', 1)).toBeNull();
    expect(normalizeCampaignPhone('0901000001234', 1)).toBeNull();
    expect(normalizeCampaignPhone('09010000O1', 1)).toBeNull();
    expect(normalizeCampaignPhone('', 1)).toBeNull();
  });
  it('reads the file with the import rules and lists malformed numbers, bad dates and duplicates', () => {
    const lines = ['phone,expired_date', '0901 111 001,2027-01-31', '+84901111002,2027-01-31', '12345,2027-01-31', '0901111001,2027-02-28', '0901111003,31/01/2027', '0901000001,2027-01-31'];
    const read = readCampaignPhoneFile({ name: 'phones.csv', text: lines.join('\n') });
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    const { rows, failures } = checkPhoneRecords(numberedRecords(read.records), 1, new Set(['0901000001']));
    expect(rows).toEqual([
      { line: 2, phone: '0901111001', expiredDate: '2027-01-31' },
      { line: 3, phone: '0901111002', expiredDate: '2027-01-31' },
    ]);
    expect(failures.map((f) => [f.line, f.messages])).toEqual([
      [4, [PHONE_IMPORT_MESSAGES.malformed]],
      [5, [PHONE_IMPORT_MESSAGES.duplicateInFile]],
      [6, [PHONE_IMPORT_MESSAGES.badDate]],
      [7, [PHONE_IMPORT_MESSAGES.alreadyInCampaign]],
    ]);
    const csv = campaignPhoneErrorCsv(failures).split('\r\n');
    expect(csv[0]).toBe('Line,phone,expired_date,Message Error,Status import');
    expect(csv[1]).toBe(`4,12345,2027-01-31,${PHONE_IMPORT_MESSAGES.malformed},Failed`);
  });
  it('keeps the import dialog rules: header and 50 records', () => {
    expect(readCampaignPhoneFile({ name: 'p.csv', text: 'number,expiry\n0901,2027-01-01' })).toMatchObject({ ok: false, message: { key: 'import.wrongFileFormat' } });
    expect(readCampaignPhoneFile({ name: 'p.txt', text: 'phone,expired_date\n0901111001,2027-01-01' })).toMatchObject({ ok: false });
    const many = ['phone,expired_date', ...Array.from({ length: 51 }, (_, i) => `09011${String(i).padStart(5, '0')},2027-01-01`)].join('\n');
    expect(readCampaignPhoneFile({ name: 'p.csv', text: many })).toMatchObject({ ok: false, message: { key: 'import.wrongFileFormat' } });
  });
});

describe('the campaign answer (booking flow and check tool)', () => {
  const loyalty = { expired_date: '2026-12-31', completed: true, booking_datetime: '2026-11-30T02:00:00Z' };
  it('gives the reason and the SPEC §8 message with the market hotline, in the asked language', () => {
    const vi = campaignAnswer({ valid: false, invalidreason: 3, loyalty }, { locale: 'vi-VN', market: 'vi-VN' });
    expect(vi).toMatchObject({ valid: false, reason: 3 });
    // The SPEC §8 text of reason 3 around the booking's date and time.
    for (const part of translate('vi-VN', 'campaign.upcomingBooking', { hotline: '1900 6868', bookingDatetime: '§' }).split('§')) expect(vi.message).toContain(part);
    expect(vi.message).toContain('1900 6868');
    // 02:00Z is 09:00 in Ho Chi Minh City.
    expect(vi.message).toMatch(/09:00/);
    const en = campaignAnswer({ valid: false, invalidreason: 3, loyalty }, { locale: 'en-PH', market: 'vi-VN' });
    expect(en.message).toContain('1900 6868');
    expect(en.message).not.toBe(vi.message);
    expect(campaignAnswer({ valid: true, loyalty }, { locale: 'th-TH', market: 'vi-VN' })).toMatchObject({ valid: true, reason: null });
    expect(campaignAnswer({ valid: false }, { locale: 'zh-TW', market: 'vi-VN' })).toMatchObject({ valid: false, reason: 5 });
  });
});
