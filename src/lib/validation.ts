/**
 * Validation (SPEC §3, §5): zod schemas with the spec's messages, the family-profile and doctor-form payloads,
 * and the small input rules. Schema factories take the locale so that messages reach the user translated.
 */
import { z } from 'zod';
import type { Locale } from '../../i18n/locales';
import { translate, type MessageKey, type Params } from '../../i18n/strings';
import { message, type Message } from './message-key';
import { isValidPage } from './form-rules';

export { FORM_MESSAGES, isBlockedNumberKey, isValidPage, maxItemsMessage, maxLengthMessage, minItemsMessage, minLengthMessage } from './form-rules';
import { ADULT_AGE, GENDERS, NOTIFY_TO, NOTIFY_TO_PAYLOAD, ageInYears, isAdult, type Gender, type NotifyTo } from './family-profile';

const t = (locale: Locale, key: MessageKey, params?: Params) => translate(locale, key, params);

export interface TextRules {
  required?: boolean;
  /** Custom required message key (default 'This field is required'). */
  requiredMessage?: MessageKey;
  min?: number;
  max?: number;
  pattern?: RegExp;
}

/** Generic text field: required, min and max length (in characters, not UTF-16 units), pattern. Trimmed. */
export function textSchema(locale: Locale, rules: TextRules = {}) {
  return z.string().trim().superRefine((value, ctx) => {
    const length = [...value].length;
    if (length === 0) {
      if (rules.required) ctx.addIssue({ code: 'custom', message: t(locale, rules.requiredMessage ?? 'form.required') });
      return;
    }
    if (rules.min != null && length < rules.min) ctx.addIssue({ code: 'custom', message: t(locale, 'form.minLength', { number: rules.min }) });
    if (rules.max != null && length > rules.max) ctx.addIssue({ code: 'custom', message: t(locale, 'form.maxLength', { number: rules.max }) });
    if (rules.pattern && !rules.pattern.test(value)) ctx.addIssue({ code: 'custom', message: t(locale, 'form.invalidFormat') });
  });
}

/** Multi-select: at least min and at most max items. */
export function multiSelectSchema<T extends z.ZodType>(locale: Locale, item: T, rules: { min?: number; max?: number } = {}) {
  let s = z.array(item);
  if (rules.min != null) s = s.min(rules.min, t(locale, 'form.minItems', { number: rules.min }));
  if (rules.max != null) s = s.max(rules.max, t(locale, 'form.maxItems', { number: rules.max }));
  return s;
}

export function pageSchema(locale: Locale, pageCount: number) {
  return z.coerce.number().refine((p) => isValidPage(p, pageCount), t(locale, 'form.invalidFormat'));
}

// ---------------------------------------------------------------- family profile

// The family rules live in ./family-profile (string keys, no tables: the island imports them too).
export { ADULT_AGE, GENDERS, NOTIFY_TO, NOTIFY_TO_PAYLOAD, ageInYears, isAdult, type Gender, type NotifyTo };
export const NOTIFY_TO_LABELS: Record<NotifyTo, Message> = {
  only_me: message('form.family.notify.onlyMe'),
  both: message('form.family.notify.both'),
  patient: message('form.family.notify.patient'),
};
/** Birthday format of the payload. */
export const BIRTHDAY_FORMAT = 'yyyy-MM-dd';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  return d.getUTCFullYear() === +m[1] && d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[3];
}

export interface FamilyProfileValues {
  id?: number | string | null;
  name: string;
  birthday: string;
  gender: Gender;
  relation: string;
  notifyTo?: NotifyTo;
  email?: string | null;
  phone?: string | null;
  /** A newly chosen file. */
  avatar?: Blob | null;
}

const EMAIL = z.email();

/**
 * Family profile form. `today` is the calendar date in the user's zone: no future birthdays; under 19 is a child
 * profile whose notify choice and e-mail are not asked; the e-mail is required unless notify is only me.
 * `avatarRequired` with no existing preview requires a new file ('Profile photo is required').
 */
export function familyProfileSchema(locale: Locale, opts: { today: string; avatarRequired?: boolean; hasAvatarPreview?: boolean }) {
  return z
    .object({
      id: z.union([z.number(), z.string()]).nullish(),
      name: z.string().trim().min(1, t(locale, 'form.family.nameRequired')),
      birthday: z.string().trim().min(1, t(locale, 'form.family.birthdayRequired')),
      gender: z.enum(GENDERS).default('male'),
      relation: z.string().trim().min(1, t(locale, 'form.required')),
      notifyTo: z.enum(NOTIFY_TO).default('only_me'),
      email: z.string().trim().nullish(),
      phone: z.string().trim().nullish(),
      avatar: z.instanceof(Blob).nullish(),
    })
    .superRefine((v, ctx) => {
      if (v.birthday) {
        if (!isIsoDate(v.birthday)) ctx.addIssue({ code: 'custom', path: ['birthday'], message: t(locale, 'form.invalidFormat') });
        else if (v.birthday > opts.today) ctx.addIssue({ code: 'custom', path: ['birthday'], message: t(locale, 'form.family.birthdayFuture') });
        else if (isAdult(v.birthday, opts.today) && v.notifyTo !== 'only_me' && !EMAIL.safeParse(v.email ?? '').success) {
          ctx.addIssue({ code: 'custom', path: ['email'], message: t(locale, 'form.family.emailInvalid') });
        }
      }
      if (opts.avatarRequired && !opts.hasAvatarPreview && !v.avatar) ctx.addIssue({ code: 'custom', path: ['avatar'], message: t(locale, 'form.family.avatarRequired') });
    });
}

/** What the form shows for a birthday: child profile (badge, no notify or e-mail) or the adult choices. */
export function familyProfileMode(birthday: string | null | undefined, today: string, notifyTo: NotifyTo = 'only_me') {
  const adult = !!birthday && isIsoDate(birthday) && isAdult(birthday, today);
  return { child: !!birthday && !adult, age: birthday && isIsoDate(birthday) ? ageInYears(birthday, today) : null, showNotify: adult, showEmail: adult && notifyTo !== 'only_me' };
}

/** Titles of the family profile popup. */
export const FAMILY_POPUP_TITLES = { add: message('form.family.addTitle'), edit: message('form.family.editTitle') } as const;

/**
 * Multipart body of create/update (SPEC §3 payload keys). Child profiles are notified through the owner and
 * carry no e-mail; the e-mail goes only when notify is not only me; the phone only when given; the avatar only
 * when a new file was chosen. Update adds the method-override field.
 */
export function familyProfilePayload(values: FamilyProfileValues, today: string, mode: 'add' | 'edit' = 'add'): FormData {
  const fd = new FormData();
  const adult = isAdult(values.birthday, today);
  const notify: NotifyTo = adult ? (values.notifyTo ?? 'only_me') : 'only_me';
  if (mode === 'edit') fd.append('_method', 'PUT');
  fd.append('name', values.name.trim());
  fd.append('birthday', values.birthday);
  fd.append('gender', values.gender ?? 'male');
  fd.append('relation', values.relation);
  fd.append('notify_to', NOTIFY_TO_PAYLOAD[notify]);
  const phone = values.phone?.trim();
  if (phone) fd.append('phone', phone);
  if (values.avatar) fd.append('avatar', values.avatar);
  const email = values.email?.trim();
  if (notify !== 'only_me' && email) fd.append('email', email);
  return fd;
}

// ---------------------------------------------------------------- doctor form

export const REPEATING_SECTIONS = ['experience', 'education', 'awards', 'publication', 'memberships', 'faqs'] as const;
export type RepeatingSection = (typeof REPEATING_SECTIONS)[number];

export interface DoctorServiceValues {
  id?: number | null;
  name: string;
  description?: string | null;
  price_type: 'fixed' | 'starting' | 'range';
  price: number | string;
  price_to?: number | string | null;
}

export interface DoctorFormValues {
  name: string;
  description?: string | null;
  gender?: string | null;
  hospital_id?: number | string | null;
  hospital_branch_id?: number | string | null;
  provide_care?: 'adults' | 'children' | 'both' | null;
  specialties?: readonly (number | string)[];
  /** A new file is sent; an existing URL is not. */
  avatar?: Blob | string | null;
  glance?: string | null;
  phone?: string | null;
  email?: string | null;
  /** Sent only when notify-other-email is on. */
  notifyOtherEmail?: boolean;
  email_notification?: string | null;
  contract?: string | number | null;
  tier_id?: number | string | null;
  academy_id?: number | string | null;
  client_id?: number | string | null;
  /** Existing expertise by id; a newly typed one has a negative id and is sent as its label text. */
  expertise?: readonly { id: number; label: string }[];
  languages?: readonly string[];
  services?: readonly DoctorServiceValues[];
  services_delete_ids?: readonly (number | string)[];
  experience?: readonly Record<string, unknown>[];
  education?: readonly Record<string, unknown>[];
  awards?: readonly Record<string, unknown>[];
  publication?: readonly Record<string, unknown>[];
  memberships?: readonly Record<string, unknown>[];
  faqs?: readonly { question?: string | null; answer?: string | null; id?: unknown }[];
}

function isEmpty(v: unknown): boolean {
  return v == null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);
}

function put(fd: FormData, key: string, v: unknown) {
  if (isEmpty(v)) return;
  fd.append(key, typeof v === 'string' ? v.trim() : String(v));
}

/**
 * Multipart body of the doctor form. Empty optionals are omitted; arrays and repeating sections use indexed keys
 * (specialties[0], experience[0][title]); the id of repeating-section items is never sent; a repeating item
 * with no value left is dropped and the rest re-indexed.
 */
export function doctorFormPayload(v: DoctorFormValues): FormData {
  const fd = new FormData();
  const scalar = ['name', 'description', 'gender', 'hospital_id', 'hospital_branch_id', 'provide_care', 'glance', 'phone', 'email', 'contract', 'tier_id', 'academy_id', 'client_id'] as const;
  for (const k of scalar) put(fd, k, v[k]);
  if (v.notifyOtherEmail) put(fd, 'email_notification', v.email_notification);
  if (v.avatar instanceof Blob) fd.append('avatar', v.avatar);
  (v.specialties ?? []).filter((s) => !isEmpty(s)).forEach((s, i) => put(fd, `specialties[${i}]`, s));
  (v.expertise ?? []).map((e) => (e.id < 0 ? e.label : e.id)).filter((e) => !isEmpty(e)).forEach((e, i) => put(fd, `expertise[${i}]`, e));
  (v.languages ?? []).filter((l) => !isEmpty(l)).forEach((l, i) => put(fd, `languages[${i}]`, l));
  (v.services ?? []).forEach((s, i) => {
    if (s.id != null) put(fd, `services[${i}][id]`, s.id);
    put(fd, `services[${i}][name]`, s.name);
    put(fd, `services[${i}][description]`, s.description);
    put(fd, `services[${i}][price_type]`, s.price_type);
    put(fd, `services[${i}][price]`, s.price);
    if (s.price_type === 'range') put(fd, `services[${i}][price_to]`, s.price_to);
  });
  const del = (v.services_delete_ids ?? []).filter((d) => !isEmpty(d));
  if (del.length) fd.append('services_delete_ids', del.join(','));
  for (const section of REPEATING_SECTIONS) {
    const items = (v[section] ?? []).map((item) => Object.entries(item).filter(([k, val]) => k !== 'id' && !isEmpty(val))).filter((entries) => entries.length > 0);
    items.forEach((entries, i) => entries.forEach(([k, val]) => put(fd, `${section}[${i}][${k}]`, val)));
  }
  return fd;
}
