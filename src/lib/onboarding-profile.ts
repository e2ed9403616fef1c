/**
 * The care onboarding's profile form (SPEC §5): name required ('Name is required'), birthday required ('Birthday
 * is required', sent as yyyy-MM-dd, no future date), numeric gender required ('This field is required'). The
 * onboarding island and PUT /api/me/profile both check it here. Messages are string keys (no string tables are
 * imported, so islands stay small); the phone and e-mail are never part of the form: they are copied from the
 * auth user's confirmed ones.
 */
import type { MessageKey } from '../../i18n/strings';
import { isIsoDate } from './hospital-time';

/** public.patients.gender: 1 male, 2 female, 0 other. */
export const GENDER_CODES = { male: 1, female: 2, other: 0 } as const;
export type GenderName = keyof typeof GENDER_CODES;
export type GenderCode = (typeof GENDER_CODES)[GenderName];
/** The order the form offers them. */
export const GENDER_OPTIONS: readonly GenderName[] = ['male', 'female', 'other'];

export const PROFILE_NAME_MAX = 100;
/** No birthday before this (a typing slip such as year 0199 rather than 1990). */
export const EARLIEST_BIRTHDAY = '1900-01-01';

export interface OnboardingProfileValues {
  name: string;
  /** 'yyyy-MM-dd' (what a date input gives), or '' when not chosen. */
  birthday: string;
  gender: number | null;
}

export type ProfileField = 'name' | 'birthday' | 'gender';
export interface FieldError {
  key: MessageKey;
  params?: Record<string, string | number>;
}
export type ProfileErrors = Partial<Record<ProfileField, FieldError>>;

const isGenderCode = (g: unknown): g is GenderCode => g === 0 || g === 1 || g === 2;

/**
 * The form's errors, by field; empty when the values may be saved. `today` is the calendar date ('yyyy-MM-dd')
 * the birthday may not be after: the patient's own today in the browser; the server takes the latest today of
 * the markets' zones, so a patient ahead of UTC is never refused their own today.
 */
export function validateOnboardingProfile(values: OnboardingProfileValues, today: string): ProfileErrors {
  const errors: ProfileErrors = {};
  const name = values.name.trim();
  if (!name) errors.name = { key: 'form.family.nameRequired' };
  else if ([...name].length > PROFILE_NAME_MAX) errors.name = { key: 'form.maxLength', params: { number: PROFILE_NAME_MAX } };
  const birthday = values.birthday.trim();
  if (!birthday) errors.birthday = { key: 'form.family.birthdayRequired' };
  else if (!isIsoDate(birthday) || birthday < EARLIEST_BIRTHDAY) errors.birthday = { key: 'form.invalidFormat' };
  else if (birthday > today) errors.birthday = { key: 'form.family.birthdayFuture' };
  if (!isGenderCode(values.gender)) errors.gender = { key: 'form.required' };
  return errors;
}

export function hasProfileErrors(errors: ProfileErrors): boolean {
  return Object.keys(errors).length > 0;
}
