/**
 * Admin services (issue 37; SPEC §2 /admin/services and /admin/services/new-service, §3 Service): the list query
 * and item, the service form (the same schema on the screen and in functions/admin-services.ts), its price rules
 * and the messages of the service calls. Pure; shared by the admin screens and the functions.
 */
import { z } from 'zod';
import type { Currency } from '../../i18n/locales';
import { searchKeyword } from './search-keyword';
import { PRICE_TYPES, type PriceType } from './price-rules';
import { ADMIN_KEYWORD_MIN_CHARS } from './admin-doctors';

export const ADMIN_SERVICE_PAGE_SIZE = 20;

export const SERVICE_MESSAGES = {
  created: 'Create successfully',
  updated: 'Update successfully',
  activated: 'The service is active.',
  deactivated: 'The service is inactive.',
  deleted: 'The service is deleted.',
  hasBookings: 'This service has bookings and cannot be deleted. Deactivate the service instead.',
  notFound: 'This service does not exist or is not in your scope.',
  branchNotInScope: 'This branch does not exist or is not in your scope.',
  categoryNotInBranch: 'This category does not belong to the branch.',
  priceToLow: 'The upper price must not be lower than the price.',
  originalPriceLow: 'The original price must not be lower than the price.',
} as const;

const id = z.coerce.number().int().positive();
const optionalId = z.preprocess((v) => (v === '' || v === 'null' || v === null ? undefined : v), id.optional());

/** Query of the admin service list: page, keyword (3+ characters), the top bar's hospital and branch, category, status, market. */
export const adminServiceListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  keyword: z.string().max(100).optional().transform((k) => searchKeyword(k, ADMIN_KEYWORD_MIN_CHARS)),
  hospitalId: optionalId,
  branchId: optionalId,
  categoryId: optionalId,
  /** 1 active, 0 inactive; absent: both. */
  status: z.preprocess((v) => (v === '' || v == null ? undefined : v), z.coerce.number().int().pipe(z.union([z.literal(0), z.literal(1)])).optional()),
  countryId: optionalId,
});
export type AdminServiceListQuery = z.output<typeof adminServiceListQuery>;

const currency = z.enum(['VND', 'PHP', 'IDR', 'TWD', 'MYR', 'THB'] satisfies Currency[]);

/** A row of the admin service list (the doctors list's pattern: info cell, branch, bookings, price, toggles). */
export const adminServiceListItem = z.object({
  id: z.number().int(),
  name: z.string(),
  logo: z.string().nullable(),
  branch: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }),
  category: z.string().nullable(),
  priceType: z.enum(PRICE_TYPES),
  price: z.number(),
  priceTo: z.number().nullable(),
  originalPrice: z.number().nullable(),
  promotion: z.number().int().nullable(),
  /** The hospital's market currency (price_unit), whatever the admin's language. */
  currency,
  /** The hospital's market (its public pages live under that market's prefix only). */
  countryId: z.number().int(),
  upcomingBookings: z.number().int(),
  isPackage: z.boolean(),
  onlinePayment: z.boolean(),
  isActive: z.boolean(),
  slug: z.string(),
});
export type AdminServiceListItem = z.output<typeof adminServiceListItem>;

export const adminServiceListData = z.object({
  services: z.array(adminServiceListItem),
  pagination: z.object({ current: z.number().int(), last: z.number().int(), total_items: z.number().int(), per_page: z.number().int() }),
});
export type AdminServiceListData = z.output<typeof adminServiceListData>;

/** The service read model of the edit form. */
export const adminServiceReadModel = adminServiceListItem.extend({
  description: z.string().nullable(),
  hospitalId: z.number().int(),
  categoryId: z.number().int().nullable(),
  bufferTime: z.number().int(),
});
export type AdminServiceReadModel = z.output<typeof adminServiceReadModel>;

export const serviceCategoriesData = z.object({ categories: z.array(z.object({ id: z.number().int(), name: z.string() })) });

// ---- the service form ----------------------------------------------------------------------------------------

export const SERVICE_FORM_LIMITS = { name: 255, description: 20_000, bufferTime: 10_080, maxPrice: 1e12 } as const;

const text = (max: number) => z.string().trim().max(max, `*${max} characters limit`);
const blankToUndefined = (v: unknown) => (v === '' || v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v);
const money = z.coerce.number().min(0).max(SERVICE_FORM_LIMITS.maxPrice);
const flag = z.preprocess((v) => v === true || v === 'true' || v === '1' || v === 1, z.boolean());

export interface PriceFields {
  price_type: PriceType;
  price: number;
  price_to?: number | null;
  original_price?: number | null;
}

/**
 * The price rules of a service (SPEC §3, §5): a range needs its upper price, not lower than the price; the original
 * (struck-through) price is not lower than the price. Answers the issues by field, empty when the price is valid.
 */
export function servicePriceIssues(p: PriceFields): { path: 'price_to' | 'original_price'; message: string }[] {
  const issues: { path: 'price_to' | 'original_price'; message: string }[] = [];
  if (p.price_type === 'range' && p.price_to == null) issues.push({ path: 'price_to', message: 'This field is required' });
  if (p.price_type === 'range' && p.price_to != null && p.price_to < p.price) issues.push({ path: 'price_to', message: SERVICE_MESSAGES.priceToLow });
  if (p.original_price != null && p.original_price < p.price) issues.push({ path: 'original_price', message: SERVICE_MESSAGES.originalPriceLow });
  return issues;
}

/** Only a range keeps its upper price (the table's own check says so too). */
export function normalizedPriceTo(p: Pick<PriceFields, 'price_type' | 'price_to'>): number | null {
  return p.price_type === 'range' ? (p.price_to ?? null) : null;
}

/**
 * The service form body (JSON on the screen, multipart to the function for the logo file): every field of SPEC §3
 * Service a manager edits. Empty optionals are absent.
 */
export const serviceFormFields = z.object({
    hospital_branch_id: z.preprocess(blankToUndefined, id),
    name: text(SERVICE_FORM_LIMITS.name).min(1, 'This field is required'),
    description: z.preprocess(blankToUndefined, text(SERVICE_FORM_LIMITS.description).optional()),
    category_id: optionalId,
    price_type: z.enum(PRICE_TYPES).default('fixed'),
    price: z.preprocess((v) => (v === '' || v == null ? undefined : v), money),
    price_to: z.preprocess(blankToUndefined, money.optional()),
    original_price: z.preprocess(blankToUndefined, money.optional()),
    promotion_percent: z.preprocess(blankToUndefined, z.coerce.number().int().min(0).max(100).optional()),
    buffer_time: z.preprocess((v) => blankToUndefined(v) ?? 0, z.coerce.number().int().min(0).max(SERVICE_FORM_LIMITS.bufferTime)),
    is_package: flag.default(false),
    online_payment: flag.default(false),
    status: z.preprocess((v) => (v === '' || v == null ? 1 : v), z.coerce.number().int().pipe(z.union([z.literal(0), z.literal(1)]))),
    /** A new logo (multipart); `remove_logo` clears the current one. */
    logo: z.file().max(1024 * 1024, 'File size too large').optional(),
    remove_logo: flag.default(false),
});
/** The form with its price rules: the screen validates with it; the function reads the fields, then `servicePriceIssues`. */
export const serviceFormBody = serviceFormFields
  .superRefine((s, ctx) => {
    for (const issue of servicePriceIssues(s)) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
  })
  .transform((s) => ({ ...s, price_to: normalizedPriceTo(s) }));
export type ServiceFormBody = z.output<typeof serviceFormBody>;
export type ServiceFormInput = z.input<typeof serviceFormBody>;

/** The form's starting values: a new service in the caller's branch, or the service's own. */
export function serviceFormValues(s: AdminServiceReadModel | null, defaults: { branchId: number | null }): ServiceFormInput {
  return {
    hospital_branch_id: s ? s.branch.id : (defaults.branchId ?? ''),
    name: s?.name ?? '',
    description: s?.description ?? '',
    category_id: s?.categoryId ?? '',
    price_type: s?.priceType ?? 'fixed',
    price: s ? String(s.price) : '',
    price_to: s?.priceTo != null ? String(s.priceTo) : '',
    original_price: s?.originalPrice != null ? String(s.originalPrice) : '',
    promotion_percent: s?.promotion != null ? String(s.promotion) : '',
    buffer_time: s ? String(s.bufferTime) : '0',
    is_package: s?.isPackage ?? false,
    online_payment: s?.onlinePayment ?? false,
    status: s ? (s.isActive ? 1 : 0) : 1,
    remove_logo: false,
  } as ServiceFormInput;
}

/** The multipart body of a save (files cannot travel in JSON). */
export function serviceFormPayload(values: ServiceFormBody): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(values)) {
    if (v === undefined || v === null) continue;
    if (v instanceof Blob) fd.set(k, v);
    else fd.set(k, String(v));
  }
  return fd;
}

export const serviceRoutes = (serviceId: number) => ({ edit: `/admin/services/${serviceId}/edit` });
export const SERVICE_LIST_PATH = '/admin/services';
export const NEW_SERVICE_PATH = '/admin/services/new-service';
