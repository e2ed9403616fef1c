/**
 * Admin doctors (SPEC §2 /admin/doctors, §3 form, read model and admin list item, §4, §7): the list query, the
 * server's reading of the doctor form payload (the body `doctorFormPayload` in validation.ts builds), and the
 * messages of the doctor calls. Pure; shared by the admin screens and the functions.
 */
import { z } from 'zod';
import { searchKeyword } from './search-keyword';
import { PRICE_TYPES } from './prices';
import { REPEATING_SECTIONS, type RepeatingSection } from './validation';

export const ADMIN_DOCTOR_PAGE_SIZE = 20;
/** The keyword is sent only with at least 3 characters (SPEC §5); the server applies the same rule. */
export const ADMIN_KEYWORD_MIN_CHARS = 3;

export const DOCTOR_MESSAGES = {
  created: 'Create successfully',
  updated: 'Update successfully',
  statusActivated: 'The doctor is active.',
  statusDeactivated: 'The doctor is inactive.',
  telemedicineActivated: 'Telemedicine activated successfully for Doctor',
  telemedicineDeactivated: 'Telemedicine deactivated for Doctor',
  partnerGroupTelemedicine: 'Telemedicine cannot be changed for a partner-group doctor.',
  deleted: 'The doctor is deleted.',
  hasBookings: 'This doctor has bookings and cannot be deleted. Deactivate the doctor instead.',
  notFound: 'This doctor does not exist or is not in your scope.',
  noSlotsToActivate: 'This doctor has no available slots yet. Set up the availability before activating the doctor.',
} as const;

const id = z.coerce.number().int().positive();
const optionalId = z.preprocess((v) => (v === '' || v === 'null' ? undefined : v), id.optional());

/** Query of the admin doctor list (SPEC §7): page, keyword, hospitalId, branchId, specialtyId, countryId. */
export const adminDoctorListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  keyword: z.string().max(100).optional().transform((k) => searchKeyword(k, ADMIN_KEYWORD_MIN_CHARS)),
  hospitalId: optionalId,
  branchId: optionalId,
  /** 'All Specialties' is -1 or absent. */
  specialtyId: z.preprocess((v) => (v === '' || v === '-1' ? undefined : v), id.optional()),
  /** The market (platform admins work per market); other roles are scoped to their organization anyway. */
  countryId: optionalId,
});
export type AdminDoctorListQuery = z.output<typeof adminDoctorListQuery>;

/** Admin list item of SPEC §3 (the spec's spelling `upcommingBookings` is the call's). */
export const adminDoctorListItem = z.object({
  id: z.number().int(),
  name: z.string(),
  avatar: z.string().nullable(),
  provideCare: z.enum(['adults', 'children', 'both']),
  upcommingBookings: z.number().int(),
  validOutpatient: z.boolean(),
  validTelemedicine: z.boolean(),
  bookingFee: z.object({ status: z.boolean(), price: z.number(), priceTo: z.number().nullable(), priceType: z.enum(PRICE_TYPES) }),
  telemedicineFee: z.object({ status: z.boolean(), price: z.number().nullable() }),
  isActive: z.boolean(),
  numberOfSlots: z.number().int(),
  partnerGroup: z.boolean(),
  slug: z.string(),
});
export type AdminDoctorListItem = z.output<typeof adminDoctorListItem>;

export const adminDoctorListData = z.object({
  doctors: z.array(adminDoctorListItem),
  pagination: z.object({ current: z.number().int(), last: z.number().int(), total_items: z.number().int(), per_page: z.number().int() }),
});
export type AdminDoctorListData = z.output<typeof adminDoctorListData>;

export const adminSpecialtiesData = z.object({ specialties: z.array(z.object({ id: z.number().int(), name: z.string() })) });

/** Last page for a total (at least 1, so an empty list still has page 1). */
export function lastPage(totalItems: number, size = ADMIN_DOCTOR_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(totalItems / size));
}

// ---- the doctor form payload, read on the server -------------------------------------------------------------

const text = (max: number) => z.string().trim().max(max, `*${max} characters limit`);
const optionalText = (max: number) => z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), text(max).optional());
const money = z.coerce.number().min(0).max(1e12);

const service = z
  .object({
    id: optionalId,
    name: text(255).min(1, 'This field is required'),
    description: optionalText(2000),
    price_type: z.enum(PRICE_TYPES),
    price: money,
    price_to: z.preprocess((v) => (v === '' ? undefined : v), money.optional()),
  })
  .superRefine((s, ctx) => {
    if (s.price_type === 'range' && s.price_to == null) ctx.addIssue({ code: 'custom', path: ['price_to'], message: 'This field is required' });
    if (s.price_to != null && s.price_to < s.price) ctx.addIssue({ code: 'custom', path: ['price_to'], message: 'The upper price must not be lower than the price.' });
  })
  .transform((s) => ({ ...s, price_to: s.price_type === 'range' ? (s.price_to ?? null) : null }));

/** A repeating-section item: free keys (content, year, title, question, answer ...), never an id. */
const sectionItem = z.record(z.string().regex(/^[a-z_]{1,40}$/), z.string().max(4000)).transform((o) => {
  const { id: _id, ...rest } = o;
  return Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, v.trim()]).filter(([, v]) => v !== ''));
});
const section = z.array(sectionItem).max(100).default([]).transform((items) => items.filter((i) => Object.keys(i).length > 0));
const stringList = (max: number) => z.array(z.string().trim().min(1).max(max)).max(50).default([]);

/**
 * The doctor form body (SPEC §3): what `doctorFormPayload` sends. Empty optionals are absent; lists arrive as
 * indexed keys; an expertise entry is an id, or the label of a newly typed expertise.
 */
export const doctorFormBody = z.object({
  name: text(255).min(1, 'This field is required'),
  description: optionalText(20_000),
  gender: z.enum(['male', 'female']).optional(),
  hospital_id: optionalId,
  hospital_branch_id: optionalId,
  provide_care: z.enum(['adults', 'children', 'both']).default('both'),
  specialties: z.array(id).max(20).default([]),
  avatar: z.file().max(2 * 1024 * 1024, 'File size too large').optional(),
  glance: optionalText(2000),
  phone: optionalText(40),
  email: z.preprocess((v) => (v === '' ? undefined : v), z.email('Please enter a valid email').max(255).optional()),
  email_notification: z.preprocess((v) => (v === '' ? undefined : v), z.email('Please enter a valid email').max(255).optional()),
  contract: optionalText(255),
  tier_id: optionalId,
  academy_id: optionalId,
  client_id: optionalId,
  expertise: stringList(255),
  languages: stringList(100),
  services: z.array(service).max(100).default([]),
  services_delete_ids: z
    .string()
    .optional()
    .transform((s, ctx) => {
      const ids = (s ?? '').split(',').map((x) => x.trim()).filter(Boolean).map(Number);
      if (ids.some((n) => !Number.isInteger(n) || n <= 0)) ctx.addIssue({ code: 'custom', message: 'Invalid format' });
      return ids;
    }),
  experience: section,
  education: section,
  awards: section,
  publication: section,
  memberships: section,
  faqs: section,
});
export type DoctorFormBody = z.output<typeof doctorFormBody>;

/** Expertise entries split into existing ids and newly typed labels (SPEC §3: a negative id was sent as its label). */
export function splitExpertise(entries: readonly string[]): { ids: number[]; labels: string[] } {
  const ids: number[] = [];
  const labels: string[] = [];
  for (const e of entries) {
    if (/^\d+$/.test(e) && Number(e) > 0) ids.push(Number(e));
    else labels.push(e);
  }
  return { ids: [...new Set(ids)], labels: [...new Set(labels)] };
}

/** The repeating sections as stored (arrays of objects); FAQs keep only question and answer pairs. */
export function repeatingSections(body: Pick<DoctorFormBody, RepeatingSection>): Record<RepeatingSection, Record<string, string>[]> {
  const out = {} as Record<RepeatingSection, Record<string, string>[]>;
  for (const s of REPEATING_SECTIONS) out[s] = s === 'faqs' ? body.faqs.filter((f) => f.question && f.answer).map((f) => ({ question: f.question, answer: f.answer })) : body[s];
  return out;
}

/** URL-safe slug of a doctor's name (ASCII, diacritics removed), with a suffix to keep it unique per market. */
export function doctorSlug(name: string, suffix?: string | number): string {
  const base =
    name
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/đ/gi, 'd')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || 'doctor';
  return suffix == null ? base : `${base}-${suffix}`;
}
