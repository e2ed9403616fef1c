/**
 * Family (sub-patient) profiles, SPEC §3–5, §9: the one set of rules the family popup and the family functions
 * check. Messages are string keys (no string tables imported, so the island stays small); the server renders them.
 * - name required ('Name is required'); birthday required ('Birthday is required'), no future date, yyyy-MM-dd;
 *   relation required (one of RELATIONS); gender male or female (default male);
 * - under 19 a child profile: no notify choice, no e-mail (notified through the owner: MASTER);
 * - 19 or more: notify only me (MASTER), both or patient; the e-mail required unless only me
 *   ('Please enter a valid email') and sent only then; the phone optional, sent only when given;
 * - the photo required when no preview exists ('Profile photo is required'), JPEG, PNG or WebP up to 2 MB.
 */
import type { MessageKey } from '../../i18n/strings';
import { isIsoDate } from './hospital-time';

/** Age from which a family member is an adult (SPEC §9). */
export const ADULT_AGE = 19;
export const GENDERS = ['male', 'female'] as const;
export type Gender = (typeof GENDERS)[number];
export const NOTIFY_TO = ['only_me', 'both', 'patient'] as const;
export type NotifyTo = (typeof NOTIFY_TO)[number];
/** notify_to values of the payload and the table; the owner ('only me') is MASTER. */
export const NOTIFY_TO_PAYLOAD = { only_me: 'MASTER', both: 'BOTH', patient: 'PATIENT' } as const satisfies Record<NotifyTo, string>;
export type NotifyToPayload = (typeof NOTIFY_TO_PAYLOAD)[NotifyTo];
export const NOTIFY_TO_OF_PAYLOAD: Record<NotifyToPayload, NotifyTo> = { MASTER: 'only_me', BOTH: 'both', PATIENT: 'patient' };
/** Relationship codes (public.family_members.relation), labelled account.relation.<code>. */
export const RELATIONS = ['child', 'spouse', 'parent', 'sibling', 'grandparent', 'grandchild', 'relative', 'other'] as const;
export type Relation = (typeof RELATIONS)[number];
export const FAMILY_NAME_MAX = 100;
export const EARLIEST_BIRTHDAY = '1900-01-01';
/** The photo: what public storage accepts for avatars (src/server/storage.ts UPLOAD_KINDS.avatar). */
export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[\d\s().-]{6,20}$/;

/** Whole years between a birthday and today (both yyyy-MM-dd); a 29 February birthday turns over on 1 March. */
export function ageInYears(birthday: string, today: string): number {
  const [by, bm, bd] = birthday.split('-').map(Number);
  const [ty, tm, td] = today.split('-').map(Number);
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

export function isAdult(birthday: string, today: string): boolean {
  return ageInYears(birthday, today) >= ADULT_AGE;
}

/** What the form shows for a birthday: child profile (badge, no notify or e-mail) or the adult choices. */
export function familyProfileMode(birthday: string | null | undefined, today: string, notifyTo: NotifyTo = 'only_me') {
  const valid = !!birthday && isIsoDate(birthday) && birthday <= today;
  const adult = valid && isAdult(birthday!, today);
  return { child: valid && !adult, age: valid ? ageInYears(birthday!, today) : null, showNotify: adult, showEmail: adult && notifyTo !== 'only_me' };
}

export interface FamilyProfileValues {
  name: string;
  /** yyyy-MM-dd (a date input's value), or '' when not chosen. */
  birthday: string;
  gender: Gender;
  relation: string;
  notifyTo: NotifyTo;
  email: string;
  phone: string;
}

/** A chosen photo as far as the rules care (a File in the browser, a Blob on the server). */
export interface AvatarFile {
  size: number;
  type: string;
}

export type FamilyField = 'name' | 'birthday' | 'gender' | 'relation' | 'notifyTo' | 'email' | 'phone' | 'avatar';
export interface FieldError {
  key: MessageKey;
  params?: Record<string, string | number>;
}
export type FamilyErrors = Partial<Record<FamilyField, FieldError>>;

export function checkAvatarFile(file: AvatarFile): FieldError | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return { key: 'account.family.avatarType' };
  if (file.size > AVATAR_MAX_BYTES) return { key: 'account.family.avatarSize' };
  return null;
}

/**
 * The form's errors by field; empty when it may be saved. `today` is the calendar date no birthday may pass (the
 * patient's own in the browser; the server takes the latest of the markets' zones). `hasAvatar`: a photo is
 * chosen now or the profile already has one (its preview).
 */
export function validateFamilyProfile(values: FamilyProfileValues, today: string, avatar: { file: AvatarFile | null; hasPreview: boolean }): FamilyErrors {
  const errors: FamilyErrors = {};
  const name = values.name.trim();
  if (!name) errors.name = { key: 'form.family.nameRequired' };
  else if ([...name].length > FAMILY_NAME_MAX) errors.name = { key: 'form.maxLength', params: { number: FAMILY_NAME_MAX } };
  const birthday = values.birthday.trim();
  if (!birthday) errors.birthday = { key: 'form.family.birthdayRequired' };
  else if (!isIsoDate(birthday) || birthday < EARLIEST_BIRTHDAY) errors.birthday = { key: 'form.invalidFormat' };
  else if (birthday > today) errors.birthday = { key: 'form.family.birthdayFuture' };
  if (!(GENDERS as readonly string[]).includes(values.gender)) errors.gender = { key: 'form.required' };
  if (!values.relation) errors.relation = { key: 'form.required' };
  else if (!(RELATIONS as readonly string[]).includes(values.relation)) errors.relation = { key: 'form.invalidFormat' };
  const mode = familyProfileMode(errors.birthday ? null : birthday, today, values.notifyTo);
  if (mode.showNotify && !(NOTIFY_TO as readonly string[]).includes(values.notifyTo)) errors.notifyTo = { key: 'form.required' };
  if (mode.showEmail && !EMAIL.test(values.email.trim())) errors.email = { key: 'form.family.emailInvalid' };
  const phone = values.phone.trim();
  if (phone && !PHONE.test(phone)) errors.phone = { key: 'form.invalidFormat' };
  if (avatar.file) {
    const bad = checkAvatarFile(avatar.file);
    if (bad) errors.avatar = bad;
  } else if (!avatar.hasPreview) errors.avatar = { key: 'form.family.avatarRequired' };
  return errors;
}

export const hasFamilyErrors = (errors: FamilyErrors) => Object.keys(errors).length > 0;

/** What is saved: a child is notified through the owner and has no e-mail; the e-mail only when not only me. */
export interface FamilyProfileRecord {
  name: string;
  birthday: string;
  gender: Gender;
  relation: Relation;
  notify_to: NotifyToPayload;
  email: string | null;
  phone: string | null;
}

export function familyProfileRecord(values: FamilyProfileValues, today: string): FamilyProfileRecord {
  const notify: NotifyTo = isAdult(values.birthday, today) ? values.notifyTo : 'only_me';
  return {
    name: values.name.trim(),
    birthday: values.birthday.trim(),
    gender: values.gender,
    relation: values.relation as Relation,
    notify_to: NOTIFY_TO_PAYLOAD[notify],
    email: notify === 'only_me' ? null : values.email.trim().toLowerCase(),
    phone: values.phone.trim() || null,
  };
}

/**
 * The multipart body of create and update (SPEC §3 payload keys, §7): the e-mail only when notify is not only me,
 * the phone only when given, the photo only when a new one was chosen; update adds the method-override field PUT.
 */
export function familyProfileFormData(values: FamilyProfileValues, today: string, avatar: Blob | null, mode: 'add' | 'edit'): FormData {
  const r = familyProfileRecord(values, today);
  const fd = new FormData();
  if (mode === 'edit') fd.append('_method', 'PUT');
  fd.append('name', r.name);
  fd.append('birthday', r.birthday);
  fd.append('gender', r.gender);
  fd.append('relation', r.relation);
  fd.append('notify_to', r.notify_to);
  if (r.email) fd.append('email', r.email);
  if (r.phone) fd.append('phone', r.phone);
  if (avatar) fd.append('avatar', avatar);
  return fd;
}
