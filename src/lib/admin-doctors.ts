/**
 * Admin doctors (SPEC §2 /admin/doctors, §3 form, read model and admin list item, §4, §7): the list query, the
 * server's reading of the doctor form payload (the body `doctorFormPayload` in validation.ts builds), and the
 * messages of the doctor calls. Pure; shared by the admin screens and the functions.
 */
import { z } from 'zod';
import { searchKeyword } from './search-keyword';
import { PRICE_TYPES } from './prices';
import { REPEATING_SECTIONS, type RepeatingSection } from './validation';
import type { DoctorReadModel } from './admin-doctor-model';

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
  /** The doctor's market (countries.id): its prices are in that market's currency, whatever the screen language. */
  countryId: z.number().int().nullable().default(null),
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

/** Field rules of the doctor form, one set for the screen's schema and the server's reading of the payload. */
const gender = z.enum(['male', 'female']);
const provideCare = z.enum(['adults', 'children', 'both']);
const email = z.email('Please enter a valid email').max(255);
const LIMITS = { name: 255, description: 20_000, glance: 2000, phone: 40, contract: 255, label: 255, language: 100, listItems: 50, specialties: 20, services: 100, sectionItems: 100, sectionText: 4000 } as const;
export const DOCTOR_FORM_LIMITS = LIMITS;

const service = z
  .object({
    id: optionalId,
    name: text(255).min(1, 'This field is required'),
    description: optionalText(2000),
    price_type: z.enum(PRICE_TYPES),
    price: money,
    price_to: z.preprocess((v) => (v === '' || v === null ? undefined : v), money.optional()),
  })
  .superRefine((s, ctx) => {
    if (s.price_type === 'range' && s.price_to == null) ctx.addIssue({ code: 'custom', path: ['price_to'], message: 'This field is required' });
    if (s.price_type === 'range' && s.price_to != null && s.price_to < s.price) ctx.addIssue({ code: 'custom', path: ['price_to'], message: 'The upper price must not be lower than the price.' });
  })
  .transform((s) => ({ ...s, price_to: s.price_type === 'range' ? (s.price_to ?? null) : null }));
/** One service of a doctor (the form's service rows and the doctor-service import). */
export const doctorServiceBody = service;

/** A repeating-section item: free keys (content, year, title, question, answer ...), never an id. */
const sectionItem = z.record(z.string().regex(/^[a-z_]{1,40}$/), z.string().max(LIMITS.sectionText)).transform((o) => {
  const { id: _id, ...rest } = o;
  return Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, v.trim()]).filter(([, v]) => v !== ''));
});
const section = z.array(sectionItem).max(LIMITS.sectionItems).default([]).transform((items) => items.filter((i) => Object.keys(i).length > 0));
const stringList = (max: number) => z.array(z.string().trim().min(1).max(max)).max(LIMITS.listItems).default([]);

/**
 * The doctor form body (SPEC §3): what `doctorFormPayload` sends. Empty optionals are absent; lists arrive as
 * indexed keys; an expertise entry is an id, or the label of a newly typed expertise.
 */
export const doctorFormBody = z.object({
  name: text(LIMITS.name).min(1, 'This field is required'),
  description: optionalText(LIMITS.description),
  gender: gender.optional(),
  hospital_id: optionalId,
  hospital_branch_id: optionalId,
  provide_care: provideCare.default('both'),
  specialties: z.array(id).max(LIMITS.specialties).default([]),
  avatar: z.file().max(2 * 1024 * 1024, 'File size too large').optional(),
  glance: optionalText(LIMITS.glance),
  phone: optionalText(LIMITS.phone),
  email: z.preprocess((v) => (v === '' ? undefined : v), email.optional()),
  email_notification: z.preprocess((v) => (v === '' ? undefined : v), email.optional()),
  contract: optionalText(LIMITS.contract),
  tier_id: optionalId,
  academy_id: optionalId,
  client_id: optionalId,
  expertise: stringList(LIMITS.label),
  languages: stringList(LIMITS.language),
  services: z.array(service).max(LIMITS.services).default([]),
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

// ---- the doctor form on the screen ---------------------------------------------------------------------------

const ref = z.object({ id: z.number().int(), name: z.string() });
const levelRef = z.object({ id: z.number().int(), description: z.string(), level: z.number().int() });

/** Choices of the doctor form in a market: tiers, academies, clients and the expertise already known. */
export const doctorFormOptionsData = z.object({ tiers: z.array(levelRef), academies: z.array(levelRef), clients: z.array(ref), expertise: z.array(ref) });
export type DoctorFormOptions = z.output<typeof doctorFormOptionsData>;

const pickedId = z.number().int().positive().nullable();
/** A repeating-section entry on the screen: a text and an optional four-digit year. */
const entryValues = z.object({ content: text(LIMITS.sectionText), year: z.string().trim().regex(/^(\d{4})?$/) });
const faqValues = z
  .object({ question: text(LIMITS.sectionText), answer: text(LIMITS.sectionText) })
  .superRefine((f, ctx) => {
    // Half a FAQ is not shown on the public page: ask for the other half instead of dropping it silently.
    if (f.question && !f.answer) ctx.addIssue({ code: 'custom', path: ['answer'], message: 'form.required' });
    if (f.answer && !f.question) ctx.addIssue({ code: 'custom', path: ['question'], message: 'form.required' });
  });
const entries = z.array(entryValues).max(LIMITS.sectionItems);

/** Sections of the screen that repeat (useFieldArray), with their item shape. */
export const ENTRY_SECTIONS = ['experience', 'education', 'awards', 'publication', 'memberships'] as const;
export type EntrySection = (typeof ENTRY_SECTIONS)[number];

/**
 * The doctor form on the screen (SPEC §3, §5): the same field rules as `doctorFormBody`, in the shape the inputs
 * hold (ids as numbers, expertise as {id,label} with a negative id for a newly typed label, the notify switch).
 * A manager must pick the branch; a doctor editing its own profile has none (the server keeps it).
 */
export function doctorFormSchema(opts: { selfEdit: boolean }) {
  return z
    .object({
      name: doctorFormBody.shape.name,
      description: text(LIMITS.description),
      gender: z.union([gender, z.literal('')]),
      hospital_id: pickedId,
      hospital_branch_id: pickedId,
      provide_care: provideCare,
      specialties: z.array(z.number().int().positive()).max(LIMITS.specialties),
      avatar: z.union([z.file().max(2 * 1024 * 1024, 'File size too large'), z.string(), z.null()]),
      glance: text(LIMITS.glance),
      phone: text(LIMITS.phone),
      email: z.union([z.literal(''), email]),
      notifyOtherEmail: z.boolean(),
      email_notification: z.string().trim().max(255),
      contract: text(LIMITS.contract),
      tier_id: pickedId,
      academy_id: pickedId,
      client_id: pickedId,
      expertise: z.array(z.object({ id: z.number().int(), label: z.string().trim().min(1).max(LIMITS.label) })).max(LIMITS.listItems),
      languages: z.array(z.string().trim().min(1).max(LIMITS.language)).max(LIMITS.listItems),
      services: z.array(service).max(LIMITS.services),
      services_delete_ids: z.array(z.number().int().positive()),
      experience: entries,
      education: entries,
      awards: entries,
      publication: entries,
      memberships: entries,
      faqs: z.array(faqValues).max(LIMITS.sectionItems),
    })
    .superRefine((v, ctx) => {
      if (!opts.selfEdit && v.hospital_branch_id == null) ctx.addIssue({ code: 'custom', path: ['hospital_branch_id'], message: 'form.required' });
      if (v.notifyOtherEmail && !email.safeParse(v.email_notification).success)
        ctx.addIssue({ code: 'custom', path: ['email_notification'], message: v.email_notification ? 'form.invalidFormat' : 'form.required' });
    });
}
export type DoctorFormInput = z.input<ReturnType<typeof doctorFormSchema>>;
export type DoctorFormOutput = z.output<ReturnType<typeof doctorFormSchema>>;

/** A blank service row of the form. */
export const NEW_SERVICE: DoctorFormInput['services'][number] = { name: '', description: '', price_type: 'fixed', price: '', price_to: '' };

const entryOfRead = (o: Record<string, unknown>) => ({
  content: String(o.content ?? o.description ?? o.title ?? ''),
  year: o.year == null ? '' : String(o.year),
});

/**
 * Form values from a doctor's read model: its own values to edit, or a copy to duplicate (saved as a new doctor:
 * no service ids, nothing to delete, no avatar, since an existing picture is never sent, SPEC §5).
 */
export function doctorFormValues(d: DoctorReadModel | null, mode: 'add' | 'edit' | 'duplicate', defaults: { hospitalId: number | null; branchId: number | null } = { hospitalId: null, branchId: null }): DoctorFormInput {
  const copy = mode === 'duplicate';
  if (!d)
    return {
      name: '', description: '', gender: '', hospital_id: defaults.hospitalId, hospital_branch_id: defaults.branchId, provide_care: 'both', specialties: [], avatar: null,
      glance: '', phone: '', email: '', notifyOtherEmail: false, email_notification: '', contract: '', tier_id: null, academy_id: null, client_id: null,
      expertise: [], languages: [], services: [], services_delete_ids: [], experience: [], education: [], awards: [], publication: [], memberships: [], faqs: [],
    };
  const section = (list: Record<string, unknown>[], legacy?: unknown[]) => (list.length ? list : (legacy ?? []).map((l) => (typeof l === 'string' ? safeJson(l) : (l as Record<string, unknown>)))).map(entryOfRead);
  return {
    name: d.name,
    description: d.description ?? '',
    gender: d.gender === 'male' || d.gender === 'female' ? d.gender : '',
    hospital_id: d.hospital.id,
    hospital_branch_id: d.branch.id,
    provide_care: d.provideCare,
    specialties: d.specialties.map((s) => s.id),
    avatar: copy ? null : d.avatar,
    glance: d.glance ?? '',
    phone: d.phone ?? '',
    email: d.email ?? '',
    notifyOtherEmail: !!d.emailNotification,
    email_notification: d.emailNotification ?? '',
    contract: d.contract ?? '',
    tier_id: d.tier?.id ?? null,
    academy_id: d.academy?.id ?? null,
    client_id: d.client?.value ?? null,
    expertise: d.expertise.map((e) => ({ id: e.id, label: e.name })),
    languages: [...d.languages],
    services: d.services.map((s) => ({
      ...(copy ? {} : { id: s.id }),
      name: s.name,
      description: s.description ?? '',
      price_type: (PRICE_TYPES as readonly string[]).includes(s.price_type) ? (s.price_type as (typeof PRICE_TYPES)[number]) : 'fixed',
      price: String(s.price),
      price_to: s.price_to == null ? '' : String(s.price_to),
    })),
    services_delete_ids: [],
    experience: section(d.experience, d.legacyExperiences),
    education: section(d.education),
    awards: section(d.awards),
    publication: section(d.publication),
    memberships: section(d.memberships),
    faqs: d.faqs.map((f) => ({ question: String(f.question ?? ''), answer: String(f.answer ?? '') })),
  };
}

function safeJson(s: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(s);
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : { content: s };
  } catch {
    return { content: s };
  }
}

/** A newly typed expertise label gets the next negative id (SPEC §3: a negative id is sent as its label). */
export function newExpertiseId(current: readonly { id: number }[]): number {
  return Math.min(0, ...current.map((e) => e.id)) - 1;
}

/** The status a preview is built with (SPEC §4: a doctor preview is ACTIVE, built locally without saving). */
export const DOCTOR_PREVIEW_STATUS = 'ACTIVE';
