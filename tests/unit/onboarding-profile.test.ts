import { describe, expect, it } from 'vitest';
import { translate } from '../../i18n/strings';
import { LOCALES } from '../../i18n/locales';
import { EARLIEST_BIRTHDAY, GENDER_CODES, GENDER_OPTIONS, hasProfileErrors, PROFILE_NAME_MAX, validateOnboardingProfile } from '../../src/lib/onboarding-profile';
import { latestMarketToday } from '../../functions/me-profile';

const today = '2026-05-10';
const ok = { name: 'Nguyễn Văn An', birthday: '1990-04-12', gender: 1 };

describe('care onboarding profile form (SPEC §5)', () => {
  it('accepts a name, a past birthday and a numeric gender (1 male, 2 female, 0 other)', () => {
    expect(GENDER_CODES).toEqual({ male: 1, female: 2, other: 0 });
    expect(GENDER_OPTIONS).toEqual(['male', 'female', 'other']);
    for (const gender of [0, 1, 2]) expect(validateOnboardingProfile({ ...ok, gender }, today)).toEqual({});
    expect(hasProfileErrors({})).toBe(false);
  });

  it("says 'Name is required', 'Birthday is required' and 'This field is required' (gender)", () => {
    const e = validateOnboardingProfile({ name: '   ', birthday: '', gender: null }, today);
    expect(e).toEqual({ name: { key: 'form.family.nameRequired' }, birthday: { key: 'form.family.birthdayRequired' }, gender: { key: 'form.required' } });
    expect(hasProfileErrors(e)).toBe(true);
    expect(translate('en-PH', e.name!.key)).toBe('Name is required');
    expect(translate('en-PH', e.birthday!.key)).toBe('Birthday is required');
    expect(translate('en-PH', e.gender!.key)).toBe('This field is required');
    for (const gender of [3, -1, 1.5, NaN]) expect(validateOnboardingProfile({ ...ok, gender }, today).gender).toEqual({ key: 'form.required' });
  });

  it('refuses a birthday after today, allows today, and refuses impossible or malformed dates', () => {
    expect(validateOnboardingProfile({ ...ok, birthday: today }, today)).toEqual({});
    expect(validateOnboardingProfile({ ...ok, birthday: '2026-05-11' }, today).birthday).toEqual({ key: 'form.family.birthdayFuture' });
    for (const birthday of ['1990-02-30', '12/04/1990', '1990-4-12', '0199-04-12']) {
      expect(validateOnboardingProfile({ ...ok, birthday }, today).birthday, birthday).toEqual({ key: 'form.invalidFormat' });
    }
    expect(validateOnboardingProfile({ ...ok, birthday: EARLIEST_BIRTHDAY }, today)).toEqual({});
    expect(validateOnboardingProfile({ ...ok, birthday: '2024-02-29' }, today)).toEqual({});
  });

  it(`limits the name to ${PROFILE_NAME_MAX} characters (counted as characters, not UTF-16 units)`, () => {
    expect(validateOnboardingProfile({ ...ok, name: '𝒜'.repeat(PROFILE_NAME_MAX) }, today)).toEqual({});
    const e = validateOnboardingProfile({ ...ok, name: 'a'.repeat(PROFILE_NAME_MAX + 1) }, today);
    expect(e.name).toEqual({ key: 'form.maxLength', params: { number: PROFILE_NAME_MAX } });
    expect(translate('en-PH', e.name!.key, e.name!.params)).toBe(`*${PROFILE_NAME_MAX} characters limit`);
    for (const l of LOCALES) expect(translate(l, e.name!.key, e.name!.params)).toContain(String(PROFILE_NAME_MAX));
  });

  it("the server's today is the latest calendar date of the markets' zones (a patient ahead of UTC keeps their today)", () => {
    // 17:30 UTC on 9 May is already 10 May in every market (UTC+7 to UTC+9).
    expect(latestMarketToday(Date.UTC(2026, 4, 9, 17, 30))).toBe('2026-05-10');
    // 14:30 UTC: 23:30 in Jayapura (UTC+9), the furthest ahead: every market is still on 9 May.
    expect(latestMarketToday(Date.UTC(2026, 4, 9, 14, 30))).toBe('2026-05-09');
    // 15:30 UTC: Jayapura has turned to the 10th while Bangkok (22:30) has not.
    expect(latestMarketToday(Date.UTC(2026, 4, 9, 15, 30))).toBe('2026-05-10');
  });
});
