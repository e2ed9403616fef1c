/**
 * Admin organizations and branches (issue 37; SPEC §2 /admin/organization, §3 Hospital and Hospital branch, §5
 * banners, §6 new organization): the list query and item, the new-organization form, the organization and branch
 * read models, the branch form (profile, opening hours, texts, facilities, FAQs, banners, indexing) and its pure
 * rules (opening hours, banner slots). Shared by the admin screens and functions/admin-organizations.ts.
 */
import { z } from 'zod';
import { searchKeyword } from './search-keyword';
import { ADMIN_KEYWORD_MIN_CHARS } from './admin-doctors';
import { branchCatalogFields } from './admin-branch-catalogs';

export const ADMIN_ORGANIZATION_PAGE_SIZE = 20;

export const ORGANIZATION_MESSAGES = {
  created: 'Create successfully',
  updated: 'Update successfully',
  notFound: 'This organization does not exist or is not in your scope.',
  branchNotFound: 'This branch does not exist or is not in your scope.',
  cannotCreate: 'Only platform admins, or an organization manager without an organization, create organizations.',
  publicationOnly: 'Only platform admins and the organization manager change whether a branch is published or indexed.',
  branchCreateOnly: 'Only platform admins and the organization manager add branches.',
  rangeOrder: 'The closing time must be later than the opening time.',
  rangeOverlap: 'Opening hours of one day must not overlap.',
  coordinatesTogether: 'Latitude and longitude go together.',
} as const;

const id = z.coerce.number().int().positive();
const optionalId = z.preprocess((v) => (v === '' || v === 'null' || v === null ? undefined : v), id.optional());

export const adminOrganizationListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  keyword: z.string().max(100).optional().transform((k) => searchKeyword(k, ADMIN_KEYWORD_MIN_CHARS)),
  countryId: optionalId,
  /** 1 active, 0 inactive; absent: both. */
  active: z.preprocess((v) => (v === '' || v == null ? undefined : v), z.coerce.number().int().pipe(z.union([z.literal(0), z.literal(1)])).optional()),
});
export type AdminOrganizationListQuery = z.output<typeof adminOrganizationListQuery>;

export const adminOrganizationListItem = z.object({
  id: z.number().int(),
  name: z.string(),
  logo: z.string().nullable(),
  countryId: z.number().int(),
  branches: z.number().int(),
  doctors: z.number().int(),
  services: z.number().int(),
  isActive: z.boolean(),
  publishReviews: z.boolean(),
});
export type AdminOrganizationListItem = z.output<typeof adminOrganizationListItem>;

export const adminOrganizationListData = z.object({
  hospitals: z.array(adminOrganizationListItem),
  pagination: z.object({ current: z.number().int(), last: z.number().int(), total_items: z.number().int(), per_page: z.number().int() }),
  /** SPEC §6: whether the caller may open the new-organization popup. */
  canCreate: z.boolean(),
});
export type AdminOrganizationListData = z.output<typeof adminOrganizationListData>;

const text = (max: number) => z.string().trim().max(max, `*${max} characters limit`);
const optionalText = (max: number) => z.preprocess((v) => (v == null || (typeof v === 'string' && v.trim() === '') ? undefined : v), text(max).optional());
const url = z.preprocess((v) => (v == null || (typeof v === 'string' && v.trim() === '') ? undefined : v), z.url({ protocol: /^https?$/, message: 'Invalid format' }).max(500).optional());

/** The new-organization popup (SPEC §6). */
export const newOrganizationBody = z.object({
  name: text(255).min(1, 'This field is required'),
  country_id: id,
  website_url: url,
  logo: url,
  publish_reviews: z.boolean().default(true),
});
export type NewOrganizationBody = z.output<typeof newOrganizationBody>;

/** Organization settings on its page. */
export const organizationBody = newOrganizationBody.omit({ country_id: true }).extend({ is_active: z.boolean() });
export type OrganizationBody = z.output<typeof organizationBody>;

export const adminBranchSummary = z.object({ id: z.number().int(), name: z.string(), shortName: z.string().nullable(), address: z.string(), isActive: z.boolean(), slug: z.string(), latitude: z.number().nullable().default(null), longitude: z.number().nullable().default(null) });
export const adminOrganizationDetail = z.object({
  id: z.number().int(),
  name: z.string(),
  logo: z.string().nullable(),
  countryId: z.number().int(),
  websiteUrl: z.string().nullable(),
  isActive: z.boolean(),
  publishReviews: z.boolean(),
  branches: z.array(adminBranchSummary),
  /** Whether the caller may add branches and change publication (platform admins and its organization manager). */
  canManage: z.boolean(),
});
export type AdminOrganizationDetail = z.output<typeof adminOrganizationDetail>;

// ---- opening hours ------------------------------------------------------------------------------------------

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Invalid format');
export const timeRange = z.object({ start: hhmm, end: hhmm });
export type TimeRange = z.output<typeof timeRange>;
export type WorkingTimes = Record<Weekday, TimeRange[]>;
export const MAX_RANGES_PER_DAY = 4;

const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));

/** The issues of one day's ranges (SPEC §2 opening hours: several ranges a day): each ends after it starts, none overlap. */
export function dayRangeIssues(ranges: readonly TimeRange[]): { index: number; message: string }[] {
  const issues: { index: number; message: string }[] = [];
  ranges.forEach((r, index) => {
    if (minutes(r.end) <= minutes(r.start)) issues.push({ index, message: ORGANIZATION_MESSAGES.rangeOrder });
  });
  const sorted = ranges.map((r, index) => ({ ...r, index })).sort((a, b) => minutes(a.start) - minutes(b.start));
  for (let i = 1; i < sorted.length; i++) {
    if (minutes(sorted[i]!.start) < minutes(sorted[i - 1]!.end)) issues.push({ index: sorted[i]!.index, message: ORGANIZATION_MESSAGES.rangeOverlap });
  }
  return issues;
}

/** Days stored as the public page reads them (src/lib hospital opening hours): every weekday, ranges in order. */
export function normalizedWorkingTimes(w: Partial<Record<Weekday, readonly TimeRange[]>>): WorkingTimes {
  return Object.fromEntries(WEEKDAYS.map((d) => [d, [...(w[d] ?? [])].sort((a, b) => minutes(a.start) - minutes(b.start))])) as WorkingTimes;
}

export const workingTimesSchema = z
  .object(Object.fromEntries(WEEKDAYS.map((d) => [d, z.array(timeRange).max(MAX_RANGES_PER_DAY).default([])])) as Record<Weekday, z.ZodDefault<z.ZodArray<typeof timeRange>>>)
  .superRefine((w, ctx) => {
    for (const d of WEEKDAYS) for (const issue of dayRangeIssues(w[d])) ctx.addIssue({ code: 'custom', path: [d, issue.index, 'end'], message: issue.message });
  })
  .transform((w) => normalizedWorkingTimes(w));

// ---- banners ------------------------------------------------------------------------------------------------

/** SPEC §5: up to 5 banner slots, each under 200 KB; desktop 1200×380 and mobile 633×380 guidance. */
export const BANNER_SLOTS = 5;
export const BANNER_MAX_BYTES = 200 * 1024;
export const BANNER_SIZES = { desktop: { width: 1200, height: 380 }, mobile: { width: 633, height: 380 } } as const;
export const BANNER_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export interface BannerCandidate {
  name: string;
  size: number;
  type: string;
}

/**
 * Which picked files go into the free slots (SPEC §5): one file for one slot is refused with 'File size too large'
 * when it is over the limit (or not an image); in a multi-select the files over the limit are skipped silently and
 * the rest fill the free slots in order, the extra ones dropped.
 */
export function pickBanners<T extends BannerCandidate>(files: readonly T[], freeSlots: number, mode: 'single' | 'multiple'): { accepted: T[]; error: 'File size too large' | null } {
  const fits = (f: T) => f.size <= BANNER_MAX_BYTES && (BANNER_TYPES as readonly string[]).includes(f.type);
  if (mode === 'single') {
    const f = files[0];
    if (!f || freeSlots <= 0) return { accepted: [], error: null };
    return fits(f) ? { accepted: [f], error: null } : { accepted: [], error: 'File size too large' };
  }
  return { accepted: files.filter(fits).slice(0, Math.max(0, freeSlots)), error: null };
}

/** The list with one item moved (drag and drop, or the up and down buttons). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return [...list];
  const out = [...list];
  const [item] = out.splice(from, 1);
  out.splice(to, 0, item!);
  return out;
}

// ---- the branch -----------------------------------------------------------------------------------------------

const faq = z.object({ question: text(500).min(1, 'This field is required'), answer: text(4000).min(1, 'This field is required') });
const coordinate = (min: number, max: number) => z.preprocess((v) => (v === '' || v == null ? null : v), z.coerce.number().min(min).max(max).nullable());

/** The branch form (SPEC §3 Hospital / Hospital branch): what a branch's managers edit; publication fields only for platform admins and the organization manager. */
export const branchBody = z
  .object({
    name: text(255).min(1, 'This field is required'),
    short_name: optionalText(100),
    address: text(500).default(''),
    latitude: coordinate(-90, 90),
    longitude: coordinate(-180, 180),
    phone: optionalText(40),
    website_url: url,
    /** zh-TW: the hospital's own booking page. */
    booking_url: url,
    working_times: workingTimesSchema,
    emergency_hours: z.boolean().default(false),
    /** Rich text (HTML), sanitized on the server before it is stored. */
    about: optionalText(50_000),
    patient_guide: optionalText(50_000),
    medical_facilities: z.array(text(200).min(1)).max(50).default([]),
    faqs: z.array(faq).max(50).default([]),
    /** Uploaded banners (http(s) URLs) or the site's own pictures (root-relative paths, as the seed's). */
    images: z.array(z.string().max(500).regex(/^(https?:\/\/|\/)\S*$/, 'Invalid format')).max(BANNER_SLOTS).default([]),
    is_active: z.boolean(),
    /** Indexing (SPEC §2): 1 indexed, 0 not, null not set; exclude_from_index keeps it out whatever the status. */
    status: z.union([z.literal(0), z.literal(1), z.null()]),
    exclude_from_index: z.boolean(),
    /** Specialties, insurances, accepted payments (src/lib/admin-branch-catalogs.ts). */
    ...branchCatalogFields,
  })
  .superRefine((b, ctx) => {
    if ((b.latitude == null) !== (b.longitude == null)) ctx.addIssue({ code: 'custom', path: [b.latitude == null ? 'latitude' : 'longitude'], message: ORGANIZATION_MESSAGES.coordinatesTogether });
  });
export type BranchBody = z.output<typeof branchBody>;
export type BranchInput = z.input<typeof branchBody>;

export const newBranchBody = z.object({ name: text(255).min(1, 'This field is required'), address: text(500).default('') });

export const adminBranchDetail = z.object({
  id: z.number().int(),
  organizationId: z.number().int(),
  countryId: z.number().int(),
  slug: z.string(),
  name: z.string(),
  shortName: z.string().nullable(),
  address: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  phone: z.string().nullable(),
  websiteUrl: z.string().nullable(),
  bookingUrl: z.string().nullable(),
  workingTimes: z.record(z.string(), z.array(timeRange)),
  emergencyHours: z.boolean(),
  about: z.string().nullable(),
  patientGuide: z.string().nullable(),
  medicalFacilities: z.array(z.string()),
  faqs: z.array(z.object({ question: z.string(), answer: z.string() })),
  images: z.array(z.string()),
  isActive: z.boolean(),
  status: z.union([z.literal(0), z.literal(1), z.null()]),
  excludeFromIndex: z.boolean(),
  canPublish: z.boolean(),
  specialtyIds: z.array(z.number().int()),
  insuranceIds: z.array(z.number().int()),
  paymentMethodIds: z.array(z.number().int()),
});
export type AdminBranchDetail = z.output<typeof adminBranchDetail>;

/** The branch form's values from the read model. */
export function branchFormValues(b: AdminBranchDetail): BranchInput {
  return {
    name: b.name,
    short_name: b.shortName ?? '',
    address: b.address,
    latitude: b.latitude ?? '',
    longitude: b.longitude ?? '',
    phone: b.phone ?? '',
    website_url: b.websiteUrl ?? '',
    booking_url: b.bookingUrl ?? '',
    working_times: normalizedWorkingTimes(b.workingTimes as Partial<Record<Weekday, TimeRange[]>>),
    emergency_hours: b.emergencyHours,
    about: b.about ?? '',
    patient_guide: b.patientGuide ?? '',
    medical_facilities: b.medicalFacilities,
    faqs: b.faqs,
    images: b.images,
    is_active: b.isActive,
    status: b.status,
    exclude_from_index: b.excludeFromIndex,
    specialty_ids: b.specialtyIds,
    insurance_ids: b.insuranceIds,
    payment_method_ids: b.paymentMethodIds,
  };
}

export const ORGANIZATION_LIST_PATH = '/admin/organization';
export const organizationPagePath = (id: number, branchId?: number) => `/admin/organization/${id}${branchId ? `?branch=${branchId}` : ''}`;

// ---- vaccinations (/admin/vaccination) ------------------------------------------------------------------------

export const VACCINE_STATUSES = ['available', 'out_of_stock', 'limit'] as const;
export type VaccineStatus = (typeof VACCINE_STATUSES)[number];

export const VACCINE_MESSAGES = {
  saved: 'Update successfully',
  branchNotInScope: 'This branch does not exist or is not in your scope.',
  vaccineNotInMarket: 'This vaccine is not offered in the branch\'s market.',
} as const;

export const adminVaccinesQuery = z.object({ hospitalId: id, countryId: optionalId });

export const adminVaccineCell = z.object({
  vaccineId: z.number().int(),
  hospitalId: z.number().int(),
  vaccineDetailId: z.number().int().nullable(),
  price: z.number().nullable(),
  percentDiscount: z.number().int().nullable(),
  status: z.enum(VACCINE_STATUSES).nullable(),
});
export type AdminVaccineCell = z.output<typeof adminVaccineCell>;

export const adminVaccinesData = z.object({
  vaccines: z.array(z.object({ id: z.number().int(), name: z.string(), displayName: z.string().nullable(), logo: z.string().nullable(), ageGroups: z.array(z.string()), doses: z.array(z.string()), isActive: z.boolean() })),
  branches: z.array(z.object({ id: z.number().int(), name: z.string(), shortName: z.string().nullable() })),
  cells: z.array(adminVaccineCell),
  currency: z.enum(['VND', 'PHP', 'IDR', 'TWD', 'MYR', 'THB']),
});
export type AdminVaccinesData = z.output<typeof adminVaccinesData>;

/** One cell of the vaccine × branch grid as saved: a price, a discount percent and a status. */
export const vaccinePriceItem = z.object({
  vaccine_id: id,
  hospital_id: id,
  price: z.coerce.number().min(0).max(1e12),
  percent_discount: z.preprocess((v) => (v === '' || v == null ? null : v), z.coerce.number().int().min(0).max(100).nullable()),
  status: z.enum(VACCINE_STATUSES),
});
export type VaccinePriceItem = z.output<typeof vaccinePriceItem>;
export const vaccinePricesBody = z.object({ items: z.array(vaccinePriceItem).min(1).max(500) });

/** The bulk edit: the chosen fields applied to every selected cell (unset fields keep each cell's own value). */
export function applyBulk(cells: readonly AdminVaccineCell[], selected: (c: AdminVaccineCell) => boolean, patch: { price?: number; percentDiscount?: number | null; status?: VaccineStatus }): AdminVaccineCell[] {
  return cells.map((c) =>
    selected(c)
      ? { ...c, price: patch.price ?? c.price ?? 0, percentDiscount: patch.percentDiscount !== undefined ? patch.percentDiscount : c.percentDiscount, status: patch.status ?? c.status ?? 'available' }
      : c,
  );
}
