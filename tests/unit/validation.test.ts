import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { translate } from '../../i18n/strings';
import type { Message } from '../../src/lib/message';
import {
  ADULT_AGE,
  ageInYears,
  doctorFormPayload,
  FAMILY_POPUP_TITLES,
  familyProfileMode,
  familyProfilePayload,
  familyProfileSchema,
  isAdult,
  isBlockedNumberKey,
  isIsoDate,
  isValidPage,
  maxItemsMessage,
  maxLengthMessage,
  minItemsMessage,
  minLengthMessage,
  multiSelectSchema,
  NOTIFY_TO_LABELS,
  pageSchema,
  textSchema,
} from '../../src/lib/validation';

const en = (m: Message) => translate('en-PH', m.key, m.params);
const errors = (r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  r.success ? [] : r.error!.issues.map((i) => `${i.path.join('.') || '_'}: ${i.message}`);
const entries = (fd: FormData) => [...fd.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : `<file ${(v as File).name}>`]);

describe('generic text rules', () => {
  it('required', () => {
    const s = textSchema('en-PH', { required: true });
    expect(errors(s.safeParse(''))).toEqual(['_: This field is required']);
    expect(errors(s.safeParse('   '))).toEqual(['_: This field is required']);
    expect(s.safeParse(' ok ').data).toBe('ok');
  });
  it('custom required message', () => {
    expect(errors(textSchema('en-PH', { required: true, requiredMessage: 'form.family.nameRequired' }).safeParse(''))).toEqual(['_: Name is required']);
  });
  it('optional fields accept empty text and skip other rules', () => {
    expect(textSchema('en-PH', { min: 3, pattern: /^\d+$/ }).safeParse('').success).toBe(true);
  });
  it('max and min length in characters', () => {
    expect(errors(textSchema('en-PH', { max: 5 }).safeParse('abcdef'))).toEqual(['_: *5 characters limit']);
    expect(textSchema('en-PH', { max: 5 }).safeParse('Việt😀').success).toBe(true);
    expect(errors(textSchema('en-PH', { min: 3 }).safeParse('ab'))).toEqual(['_: This field must have at least 3 characters']);
    expect(textSchema('en-PH', { min: 3, max: 3 }).safeParse('abc').success).toBe(true);
  });
  it('pattern failure: Invalid format', () => {
    expect(errors(textSchema('en-PH', { pattern: /^\d+$/ }).safeParse('12a'))).toEqual(['_: Invalid format']);
  });
  it('messages are translated', () => {
    expect(errors(textSchema('vi-VN', { required: true }).safeParse(''))).toEqual([`_: ${translate('vi-VN', 'form.required')}`]);
  });
  it('message builders', () => {
    expect(en(maxLengthMessage(200))).toBe('*200 characters limit');
    expect(en(minLengthMessage(2))).toBe('This field must have at least 2 characters');
    expect(en(minItemsMessage(1))).toBe('Please select a minimum of 1 items');
    expect(en(maxItemsMessage(3))).toBe('Please select a maximum of 3 items');
  });
});

describe('multi-select', () => {
  const s = multiSelectSchema('en-PH', z.number(), { min: 1, max: 3 });
  it('min and max items', () => {
    expect(errors(s.safeParse([]))).toEqual(['_: Please select a minimum of 1 items']);
    expect(errors(s.safeParse([1, 2, 3, 4]))).toEqual(['_: Please select a maximum of 3 items']);
    expect(s.safeParse([1, 2]).success).toBe(true);
    expect(multiSelectSchema('en-PH', z.string()).safeParse([]).success).toBe(true);
  });
});

describe('small input rules', () => {
  it('number inputs block e and full stop', () => {
    expect(['e', 'E', '.'].every(isBlockedNumberKey)).toBe(true);
    expect(['1', '-', ',', 'Backspace'].some(isBlockedNumberKey)).toBe(false);
  });
  it('pagination accepts 1..page count', () => {
    expect(isValidPage(1, 5)).toBe(true);
    expect(isValidPage(5, 5)).toBe(true);
    expect(isValidPage(0, 5)).toBe(false);
    expect(isValidPage(6, 5)).toBe(false);
    expect(isValidPage(2.5, 5)).toBe(false);
    expect(isValidPage('2', 5)).toBe(false);
    expect(isValidPage(1, 0)).toBe(true);
    expect(pageSchema('en-PH', 4).safeParse('3').data).toBe(3);
    expect(errors(pageSchema('en-PH', 4).safeParse('9'))).toEqual(['_: Invalid format']);
  });
});

describe('family profile: age', () => {
  it('adult threshold is 19 years, counted by calendar date', () => {
    expect(ADULT_AGE).toBe(19);
    expect(ageInYears('2007-11-22', '2026-11-22')).toBe(19);
    expect(ageInYears('2007-11-23', '2026-11-22')).toBe(18);
    expect(isAdult('2007-11-22', '2026-11-22')).toBe(true);
    expect(isAdult('2007-11-23', '2026-11-22')).toBe(false);
    expect(ageInYears('2008-02-29', '2027-02-28')).toBe(18);
    expect(ageInYears('2008-02-29', '2027-03-01')).toBe(19);
  });
  it('validates ISO dates', () => {
    expect(isIsoDate('2026-02-28')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('22/11/2026')).toBe(false);
  });
  it('form mode: child profile without notify and e-mail; adults choose, e-mail unless only me', () => {
    expect(familyProfileMode('2015-01-01', '2026-11-22')).toEqual({ child: true, age: 11, showNotify: false, showEmail: false });
    expect(familyProfileMode('1990-01-01', '2026-11-22', 'only_me')).toEqual({ child: false, age: 36, showNotify: true, showEmail: false });
    expect(familyProfileMode('1990-01-01', '2026-11-22', 'both')).toMatchObject({ showEmail: true });
    expect(familyProfileMode('1990-01-01', '2026-11-22', 'patient')).toMatchObject({ showEmail: true });
    expect(familyProfileMode(null, '2026-11-22')).toEqual({ child: false, age: null, showNotify: false, showEmail: false });
  });
  it('labels', () => {
    expect(en(FAMILY_POPUP_TITLES.add)).toBe('Add New Profile');
    expect(en(FAMILY_POPUP_TITLES.edit)).toBe('Edit Profile');
    expect(Object.values(NOTIFY_TO_LABELS).map(en)).toEqual(['Only me', 'Both me and the patient', 'The patient only']);
  });
});

describe('family profile schema', () => {
  const today = '2026-11-22';
  const s = familyProfileSchema('en-PH', { today });
  const adult = { name: 'Lan', birthday: '1990-05-01', gender: 'female', relation: 'mother' };

  it('required fields with their messages', () => {
    expect(errors(s.safeParse({ name: ' ', birthday: '', relation: '' }))).toEqual(['name: Name is required', 'birthday: Birthday is required', 'relation: This field is required']);
  });
  it('defaults: gender male, notify only me', () => {
    const r = s.safeParse({ name: 'Lan', birthday: '1990-05-01', relation: 'mother' });
    expect(r.success && [r.data.gender, r.data.notifyTo]).toEqual(['male', 'only_me']);
  });
  it('no future birthdays; bad dates are invalid format', () => {
    expect(errors(s.safeParse({ ...adult, birthday: '2026-11-23' }))).toEqual(['birthday: Birthday cannot be in the future']);
    expect(s.safeParse({ ...adult, birthday: '2026-11-22' }).success).toBe(true);
    expect(errors(s.safeParse({ ...adult, birthday: '1990-02-30' }))).toEqual(['birthday: Invalid format']);
  });
  it('e-mail required when notify is not only me', () => {
    expect(s.safeParse({ ...adult, notifyTo: 'only_me' }).success).toBe(true);
    for (const notifyTo of ['both', 'patient']) {
      expect(errors(s.safeParse({ ...adult, notifyTo }))).toEqual(['email: Please enter a valid email']);
      expect(errors(s.safeParse({ ...adult, notifyTo, email: 'not-an-email' }))).toEqual(['email: Please enter a valid email']);
      expect(s.safeParse({ ...adult, notifyTo, email: 'lan@example.com' }).success).toBe(true);
    }
  });
  it('children need no e-mail whatever the notify value', () => {
    expect(s.safeParse({ ...adult, birthday: '2015-01-01', notifyTo: 'both' }).success).toBe(true);
  });
  it('phone is optional', () => {
    expect(s.safeParse({ ...adult, phone: '' }).success).toBe(true);
    expect(s.safeParse({ ...adult, phone: null }).success).toBe(true);
  });
  it('avatar: Profile photo is required when required and no preview exists', () => {
    const req = familyProfileSchema('en-PH', { today, avatarRequired: true });
    expect(errors(req.safeParse(adult))).toEqual(['avatar: Profile photo is required']);
    expect(req.safeParse({ ...adult, avatar: new Blob(['x']) }).success).toBe(true);
    expect(familyProfileSchema('en-PH', { today, avatarRequired: true, hasAvatarPreview: true }).safeParse(adult).success).toBe(true);
    expect(s.safeParse(adult).success).toBe(true);
  });
});

describe('family profile payload', () => {
  const today = '2026-11-22';
  const base = { name: ' Lan ', birthday: '1990-05-01', gender: 'female' as const, relation: 'mother' };
  it('only me: notify_to MASTER, no e-mail even if typed, phone only when given', () => {
    expect(entries(familyProfilePayload({ ...base, notifyTo: 'only_me', email: 'x@example.com', phone: '  ' }, today))).toEqual([
      ['name', 'Lan'], ['birthday', '1990-05-01'], ['gender', 'female'], ['relation', 'mother'], ['notify_to', 'MASTER'],
    ]);
  });
  it('both / patient send the e-mail; phone and a new avatar are sent', () => {
    const fd = familyProfilePayload({ ...base, notifyTo: 'both', email: ' lan@example.com ', phone: '0901234567', avatar: new File(['x'], 'a.png') }, today);
    expect(entries(fd)).toEqual([
      ['name', 'Lan'], ['birthday', '1990-05-01'], ['gender', 'female'], ['relation', 'mother'], ['notify_to', 'BOTH'], ['phone', '0901234567'], ['avatar', '<file a.png>'], ['email', 'lan@example.com'],
    ]);
    expect(familyProfilePayload({ ...base, notifyTo: 'patient', email: 'p@example.com' }, today).get('notify_to')).toBe('PATIENT');
  });
  it('a child profile is notified through the owner, without e-mail', () => {
    const fd = familyProfilePayload({ ...base, birthday: '2015-01-01', notifyTo: 'both', email: 'kid@example.com' }, today);
    expect(fd.get('notify_to')).toBe('MASTER');
    expect(fd.has('email')).toBe(false);
  });
  it('edit adds the method-override field', () => {
    expect(familyProfilePayload({ ...base, id: 3 }, today, 'edit').get('_method')).toBe('PUT');
    expect(familyProfilePayload(base, today, 'add').has('_method')).toBe(false);
  });
});

describe('doctor form payload', () => {
  it('indexed keys, empty values and ids left out, expertise text for new ones', () => {
    const fd = doctorFormPayload({
      name: ' Dr. An ',
      description: '',
      gender: 'male',
      hospital_id: 4,
      hospital_branch_id: 8,
      provide_care: 'both',
      specialties: [3, 5],
      avatar: 'https://cdn/existing.png',
      glance: null,
      phone: '0901',
      email: 'an@example.com',
      notifyOtherEmail: false,
      email_notification: 'other@example.com',
      tier_id: 0,
      expertise: [{ id: 7, label: 'Hypertension' }, { id: -1, label: 'Heart failure' }],
      languages: ['Vietnamese', ''],
      services: [
        { id: 11, name: 'Consult', description: '', price_type: 'range', price: 200, price_to: 500 },
        { name: 'Tele', price_type: 'fixed', price: 150, price_to: 999 },
      ],
      services_delete_ids: [12, 13],
      experience: [{ id: 1, title: 'Resident', year: '2010', place: '' }, { id: 2, title: '', year: '' }, { title: 'Head', year: 2015 }],
      faqs: [{ id: 9, question: 'Q?', answer: 'A.' }],
    });
    expect(entries(fd)).toEqual([
      ['name', 'Dr. An'], ['gender', 'male'], ['hospital_id', '4'], ['hospital_branch_id', '8'], ['provide_care', 'both'],
      ['phone', '0901'], ['email', 'an@example.com'], ['tier_id', '0'],
      ['specialties[0]', '3'], ['specialties[1]', '5'],
      ['expertise[0]', '7'], ['expertise[1]', 'Heart failure'],
      ['languages[0]', 'Vietnamese'],
      ['services[0][id]', '11'], ['services[0][name]', 'Consult'], ['services[0][price_type]', 'range'], ['services[0][price]', '200'], ['services[0][price_to]', '500'],
      ['services[1][name]', 'Tele'], ['services[1][price_type]', 'fixed'], ['services[1][price]', '150'],
      ['services_delete_ids', '12,13'],
      ['experience[0][title]', 'Resident'], ['experience[0][year]', '2010'], ['experience[1][title]', 'Head'], ['experience[1][year]', '2015'],
      ['faqs[0][question]', 'Q?'], ['faqs[0][answer]', 'A.'],
    ]);
  });
  it('email_notification only when notify-other-email is on; avatar only when a new file', () => {
    const fd = doctorFormPayload({ name: 'X', notifyOtherEmail: true, email_notification: 'o@example.com', avatar: new File(['x'], 'new.jpg') });
    expect(entries(fd)).toEqual([['name', 'X'], ['email_notification', 'o@example.com'], ['avatar', '<file new.jpg>']]);
    expect(doctorFormPayload({ name: 'X', avatar: null }).has('avatar')).toBe(false);
  });
  it('no services_delete_ids when nothing is deleted', () => {
    expect(doctorFormPayload({ name: 'X', services_delete_ids: [] }).has('services_delete_ids')).toBe(false);
  });
  it('all repeating sections use indexed keys', () => {
    const fd = doctorFormPayload({ name: 'X', education: [{ school: 'HMU' }], awards: [{ title: 'A' }], publication: [{ title: 'P' }], memberships: [{ name: 'M' }] });
    expect([...fd.keys()]).toEqual(['name', 'education[0][school]', 'awards[0][title]', 'publication[0][title]', 'memberships[0][name]']);
  });
});
