/**
 * Admin reviews (issue #39 item 1, SPEC §2 /admin/reviews, §3 review and rating summary, §9 sort options): the call
 * shapes shared by functions/admin-reviews.ts and the screen, the roles, and the reply templates.
 */
import { z } from 'zod';
import { REVIEW_SORT_OPTIONS, DEFAULT_REVIEW_SORT, type StarCounts } from './reviews';
import { REVIEW_FLAGS } from './review-flags';
import type { StaffRole } from './admin-menu';

export const REVIEW_STATUSES = ['pending', 'published', 'hidden'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
/** Tabs of the screen, in order (Pending first: what waits for a look). */
export const REVIEW_TABS: readonly ReviewStatus[] = REVIEW_STATUSES;

/** Roles that publish, hide and reply (SPEC §2 menu; super as a platform admin). The doctor reads its own, read-only. */
export const REVIEW_MODERATORS = ['admin', 'super', 'facility', 'senior_branch', 'branch'] as const satisfies readonly StaffRole[];
export const REVIEW_READERS = [...REVIEW_MODERATORS, 'doctor'] as const satisfies readonly StaffRole[];
export function canModerateReviews(role: string): boolean {
  return (REVIEW_MODERATORS as readonly string[]).includes(role);
}
/** Who chooses whether an organization's new reviews wait: platform admins and the organization manager. */
export function canSetReviewHold(role: string): boolean {
  return role === 'admin' || role === 'super' || role === 'facility';
}

export const ADMIN_REVIEW_PAGE_SIZE = 20;
/** Most reviews one bulk publish or hide may change (the SQL function refuses more). */
export const MAX_BULK_REVIEWS = 100;
export const MAX_REPLY_CHARS = 2000;
export const MAX_HIDE_REASON_CHARS = 500;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const id = z.coerce.number().int().positive();

export const adminReviewListQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  status: z.enum(REVIEW_STATUSES).default('pending'),
  rating: z.coerce.number().int().min(1).max(5).optional(),
  doctorId: id.optional(),
  serviceId: id.optional(),
  /** The organization (the spec's admin "hospital") and the branch of the top bar. */
  hospitalId: id.optional(),
  branchId: id.optional(),
  /** Created on or after / on or before (calendar days in the branch's zone). */
  from: isoDate.optional(),
  to: isoDate.optional(),
  keyword: z.string().trim().max(100).optional(),
  sort: z.enum(REVIEW_SORT_OPTIONS).default(DEFAULT_REVIEW_SORT),
  /** A platform admin's market. */
  countryId: id.optional(),
});
export type AdminReviewListQuery = z.output<typeof adminReviewListQuery>;

export const adminReviewItem = z.object({
  id: z.number().int(),
  status: z.enum(REVIEW_STATUSES),
  rate: z.number().int(),
  feedback: z.string().nullable(),
  authorName: z.string(),
  createdAt: z.string(),
  hiddenReason: z.string().nullable(),
  moderatedAt: z.string().nullable(),
  hospital: z.object({ id: z.number().int(), name: z.string(), timeZone: z.string() }),
  doctor: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  service: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  reply: z.object({ body: z.string(), updatedAt: z.string() }).nullable(),
  flags: z.array(z.enum(REVIEW_FLAGS)),
});
export type AdminReviewItem = z.output<typeof adminReviewItem>;

export const reviewSummary = z.object({
  counts: z.object({ pending: z.number().int(), published: z.number().int(), hidden: z.number().int() }),
  /** Published reviews of the scope per star (what the public rating summary shows after the next rebuild). */
  stars: z.record(z.string(), z.number().int()),
  rating: z.number(),
});

export const adminReviewListData = z.object({
  reviews: z.array(adminReviewItem),
  pagination: z.object({ current: z.number().int(), last: z.number().int(), total_items: z.number().int(), per_page: z.number().int() }),
  summary: reviewSummary,
  /** The organization whose setting the screen shows (the chosen hospital, or the facility manager's own), else null. */
  organization: z.object({ id: z.number().int(), name: z.string(), holdNewReviews: z.boolean(), publishReviews: z.boolean() }).nullable(),
  /** Doctors and services of the scope for the filters. */
  doctors: z.array(z.object({ id: z.number().int(), name: z.string() })),
  services: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type AdminReviewListData = z.output<typeof adminReviewListData>;

export function starCounts(stars: Record<string, number>): StarCounts {
  return Object.fromEntries(Object.entries(stars).map(([k, v]) => [Number(k), v])) as StarCounts;
}

export const moderateReviewsBody = z.object({
  ids: z.array(z.number().int().positive()).min(1).max(MAX_BULK_REVIEWS),
  status: z.enum(['published', 'hidden']),
  reason: z.string().trim().max(MAX_HIDE_REASON_CHARS).optional(),
  /** The caller saw the flags of the flagged reviews it publishes (SPEC-less rule of issue #39). */
  confirmFlagged: z.boolean().optional(),
});
export type ModerateReviewsBody = z.input<typeof moderateReviewsBody>;
export const moderateReviewsData = z.object({ changed: z.number().int() });

export const replyBody = z.object({ body: z.string().max(MAX_REPLY_CHARS) });
export const replyData = z.object({ id: z.number().int(), reply: z.object({ body: z.string(), updatedAt: z.string() }).nullable() });

export const reviewHoldBody = z.object({ organizationId: z.coerce.number().int().positive(), holdNewReviews: z.boolean() });
export const reviewHoldData = z.object({ organizationId: z.number().int(), holdNewReviews: z.boolean() });

/** What the review calls answer staff (English; translated by the caller's locale, i18n/strings/server). */
export const REVIEW_MESSAGES = {
  published: 'The reviews are published.',
  hidden: 'The reviews are hidden.',
  replySaved: 'The reply is saved.',
  replyRemoved: 'The reply is removed.',
  holdOn: 'New reviews now wait for a look before they are published.',
  holdOff: 'New reviews are now published at once.',
  reasonRequired: 'A reason is required to hide a review.',
  flaggedNeedsConfirm: 'A selected review has text that looks like a phone number, an e-mail address or a name. Read it and confirm before publishing.',
  notFound: 'There is no such review.',
} as const;

/**
 * Reply templates (issue #39, HHS OCR's settlements over replies to reviews): each thanks the writer and offers a
 * channel without saying or implying that the writer is a patient, that a visit, treatment or condition happened,
 * or anything about care. The texts are admin strings `admin.reviews.templates.<key>` in each locale.
 */
export const REPLY_TEMPLATES = ['thanks', 'sorry', 'contact'] as const;
export type ReplyTemplate = (typeof REPLY_TEMPLATES)[number];

/**
 * Words a reply must not use (English): they would confirm that the writer is a patient or mention care. The
 * screen warns while typing; the templates are written without them (unit-tested in every locale's English copy).
 */
export const REPLY_RISK_WORDS = ['patient', 'treatment', 'treated', 'diagnosis', 'your visit', 'your appointment', 'your doctor', 'your condition', 'your care', 'prescription', 'medical record', 'your procedure', 'your surgery'] as const;
export function replyRisks(text: string): string[] {
  const t = ` ${text.toLocaleLowerCase('en').replace(/\s+/g, ' ')} `;
  return REPLY_RISK_WORDS.filter((w) => new RegExp(`(^|[^\\p{L}])${w}(s)?([^\\p{L}]|$)`, 'u').test(t));
}
