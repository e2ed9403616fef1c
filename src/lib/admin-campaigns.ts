/**
 * Admin campaigns (issue #39 item 2, SPEC §2 /admin/campaign, new-campaign and edit, admin only): the call shapes
 * shared by functions/admin-campaigns.ts and the screens.
 */
import { z } from 'zod';
import { MAX_IMPORT_RECORDS } from './csv-import';
import { CAMPAIGN_PHONE_HEADER } from './csv-import-campaign-phones';
import { isIsoDate } from './hospital-time';

export const CAMPAIGN_ROLES = ['admin'] as const;
export const ADMIN_CAMPAIGN_PAGE_SIZE = 20;
export const CAMPAIGN_PHONE_PAGE_SIZE = 20;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** The campaign form (SPEC §2: code, name, sponsor, market, period, maximum cancellations, active). */
export const campaignForm = z
  .object({
    code: z.string().trim().min(2).max(40).regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
    name: z.string().trim().min(1).max(200),
    sponsor: z.string().trim().max(200).default(''),
    countryId: z.coerce.number().int().min(1).max(6),
    startsOn: isoDate.nullable().default(null),
    endsOn: isoDate.nullable().default(null),
    maxCancellations: z.coerce.number().int().min(1).max(20),
    isActive: z.boolean().default(true),
  })
  .refine((v) => !v.startsOn || !v.endsOn || v.endsOn >= v.startsOn, { path: ['endsOn'], message: 'form.campaign.endBeforeStart' });
export type CampaignForm = z.input<typeof campaignForm>;

export const campaignView = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  sponsor: z.string().nullable(),
  countryId: z.number().int(),
  startsOn: z.string().nullable(),
  endsOn: z.string().nullable(),
  maxCancellations: z.number().int(),
  isActive: z.boolean(),
  phones: z.number().int(),
  used: z.number().int(),
  doctors: z.number().int(),
});
export type CampaignView = z.output<typeof campaignView>;

export const campaignListQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  countryId: z.coerce.number().int().min(1).max(6).optional(),
  keyword: z.string().trim().max(100).optional(),
});
export const campaignListData = z.object({
  campaigns: z.array(campaignView),
  pagination: z.object({ current: z.number().int(), last: z.number().int(), total_items: z.number().int(), per_page: z.number().int() }),
});

/** One number's usage ledger (SPEC §3 loyalty: booking, date, completed, cancellations) and expiry. */
export const campaignPhoneRow = z.object({
  id: z.number().int(),
  phone: z.string(),
  expiredDate: z.string(),
  bookingId: z.number().int().nullable(),
  bookingDatetime: z.string().nullable(),
  completed: z.boolean(),
  cancellations: z.number().int(),
  createdAt: z.string(),
});
export type CampaignPhoneRow = z.output<typeof campaignPhoneRow>;
export const campaignPhonesQuery = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) });
export const campaignPhonesData = z.object({
  phones: z.array(campaignPhoneRow),
  pagination: z.object({ current: z.number().int(), last: z.number().int(), total_items: z.number().int(), per_page: z.number().int() }),
});

const cell = z.string().max(200);
export const phoneImportBody = z.object({
  file_name: z.string().trim().min(1).max(255),
  records: z.array(z.object({ line: z.number().int().min(2).max(MAX_IMPORT_RECORDS + 1), data: z.object(Object.fromEntries(CAMPAIGN_PHONE_HEADER.map((h) => [h, cell])) as Record<(typeof CAMPAIGN_PHONE_HEADER)[number], typeof cell>) })).min(1).max(MAX_IMPORT_RECORDS),
});
export const phoneImportData = z.object({
  saved: z.number().int(),
  failed: z.array(z.object({ line: z.number().int(), record: z.record(z.string(), z.string()), messages: z.array(z.string()) })),
});

/** A number's expiry, changed on the campaign page (a real calendar date). */
export const phoneExpiryBody = z.object({ expiredDate: z.string().refine(isIsoDate) });

export const campaignDoctor = z.object({ id: z.number().int(), name: z.string(), hospital: z.string(), inCampaign: z.boolean() });
export const campaignDoctorsQuery = z.object({ keyword: z.string().trim().max(100).optional() });
export const campaignDoctorsData = z.object({ members: z.array(campaignDoctor), candidates: z.array(campaignDoctor), applies: z.boolean() });

/** The check tool: a number as a caller reads it out (sent in the body: a phone number never goes in an address). */
export const phoneCheckBody = z.object({ phone: z.string().trim().min(1).max(32) });
export const phoneCheckData = z.object({
  valid: z.boolean(),
  reason: z.number().int().min(1).max(5).nullable(),
  message: z.string(),
  /** The number as stored (national format), null when it is not a number of the market. */
  normalized: z.string().nullable(),
});

export const CAMPAIGN_MESSAGES = {
  notFound: 'There is no such campaign.',
  phoneNotFound: 'This phone number is not in the campaign.',
  codeTaken: 'A campaign with this code already exists in this market.',
  created: 'Create successfully',
  updated: 'Update successfully',
  imported: 'File is imported successfully.',
} as const;
