import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../i18n/locales';
import { MESSAGES, translate } from '../../i18n/strings';

const PREFIXES = ['directory.', 'admin.', 'import.', 'form.'];
const domainKeys = Object.keys(MESSAGES['vi-VN']).filter((k) => PREFIXES.some((p) => k.startsWith(p)));
const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('domain strings', () => {
  it('exist in every locale, non-empty, with the same placeholders as vi-VN', () => {
    expect(domainKeys.length).toBeGreaterThan(80);
    for (const locale of LOCALES) {
      for (const key of domainKeys) {
        const text = (MESSAGES[locale] as Record<string, string>)[key];
        expect(text, `${locale} ${key}`).toBeTruthy();
        expect(placeholders(text), `${locale} ${key}`).toEqual(placeholders((MESSAGES['vi-VN'] as Record<string, string>)[key]));
      }
    }
  });

  it('are translated, not copies of English, outside en-PH (except brand and symbol strings)', () => {
    const same = new Set(['directory.price.range', 'directory.promotion.percentOff', 'directory.distance.km', 'admin.pageTitle']);
    for (const locale of LOCALES.filter((l) => l !== 'en-PH')) {
      const copies = domainKeys.filter((k) => !same.has(k) && (MESSAGES[locale] as Record<string, string>)[k] === (MESSAGES['en-PH'] as Record<string, string>)[k]);
      // A few words are the same in the local language (e.g. 'Booking', 'Super Admin' in id-ID).
      expect(copies.length, `${locale}: ${copies.join(', ')}`).toBeLessThanOrEqual(2);
    }
  });

  it('keep the exact English texts of the spec in en-PH', () => {
    const en = (k: Parameters<typeof translate>[1], p?: Record<string, string | number>) => translate('en-PH', k, p);
    expect(en('directory.promotion.upTo', { percent: 30 })).toBe('Up to 30% On selected services');
    expect(en('directory.phone.loginToCall')).toBe('Login To Call');
    expect(en('directory.phone.logInToView')).toBe('Log In To View');
    expect(en('directory.doctor.notAvailable')).toBe('Not available');
    expect(en('directory.tab.general')).toBe('General Info');
    expect(en('directory.tab.services', { count: 3 })).toBe('Services (3)');
    expect(en('directory.hours.closed')).toBe('Closed');
    expect(en('directory.reviews.lastDays', { days: 5 })).toBe('Last 5 days');
    expect(en('directory.reviews.empty')).toBe('There has been no review yet');
    expect(en('directory.noResults')).toBe('No results');
    expect(en('directory.hospital.youMayLike')).toBe('Hospital you may like');
    expect(en('directory.hospital.bookAppointment')).toBe('Book an appointment');
    expect(en('admin.role.facility')).toBe('Organization Manager');
    expect(en('admin.role.branch')).toBe('Branch Manager');
    expect(en('admin.role.doctor')).toBe('Doctor');
    expect(en('admin.role.seniorBranch')).toBe('Senior Branch Manager');
    expect(en('admin.pageTitle', { title: 'Doctors', site: 'HealthFind PH' })).toBe('Doctors - HealthFind PH Care Admin');
    expect(en('admin.doctors.telemedicineActivated')).toBe('Telemedicine activated successfully for Doctor');
    expect(en('admin.doctors.telemedicineDeactivated')).toBe('Telemedicine deactivated for Doctor');
    expect(en('import.wrongFileFormat')).toBe('Wrong file format');
    expect(en('import.fileNotValid')).toBe('File is not valid!');
    expect(en('import.noData')).toBe('No data to import');
    expect(en('import.cannotRead')).toBe('Cannot read this file');
    expect(en('import.uploaded')).toBe('File is uploaded successfully. Please hit button Import below to continue.');
    expect(en('import.imported')).toBe('File is imported successfully.');
    expect(en('import.recordsSaved', { count: 7 })).toBe('7 the records are saved successfully.');
    expect(en('import.recordsFailed', { failed: 2, total: 9 })).toBe('2/9 records can not be loaded');
    expect(en('form.maxLength', { number: 50 })).toBe('*50 characters limit');
    expect(en('form.minLength', { number: 3 })).toBe('This field must have at least 3 characters');
    expect(en('form.required')).toBe('This field is required');
    expect(en('form.invalidFormat')).toBe('Invalid format');
    expect(en('form.minItems', { number: 1 })).toBe('Please select a minimum of 1 items');
    expect(en('form.maxItems', { number: 5 })).toBe('Please select a maximum of 5 items');
    expect(en('form.family.nameRequired')).toBe('Name is required');
    expect(en('form.family.birthdayRequired')).toBe('Birthday is required');
    expect(en('form.family.emailInvalid')).toBe('Please enter a valid email');
    expect(en('form.family.avatarRequired')).toBe('Profile photo is required');
    expect(en('form.family.addTitle')).toBe('Add New Profile');
    expect(en('form.family.editTitle')).toBe('Edit Profile');
    expect(en('form.family.childProfile')).toBe('Child Profile');
    expect(en('form.family.sendTo')).toBe('Send confirmation and reminders of the booking to');
  });
});
