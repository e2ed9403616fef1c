/**
 * Vaccine details (issue 37 item 3; SPEC §3 Vaccination item: name, display_name, logo, description, age_group_labels,
 * doses_labels, notice): the list of a market's vaccines and the details form of /admin/vaccination. A vaccine is
 * shared by every branch of its market, so its details are the platform admins' (public.admin_save_vaccine); the
 * branches' managers set its price and stock per branch in the grid beside it. The slug is made from the name once.
 */
import { z } from 'zod';
import type { Role } from './roles';

export const VACCINE_DETAIL_MESSAGES = {
  created: 'Create successfully',
  updated: 'Update successfully',
  notFound: 'This vaccine does not exist.',
  adminsOnly: 'Only platform admins edit the details of a vaccine.',
} as const;

/** Who edits the shared details of a vaccine (SPEC §6 leaves it to the platform: one vaccine, every branch). */
export const VACCINE_DETAIL_EDITORS = ['admin', 'super'] as const satisfies readonly Role[];
export const canEditVaccineDetails = (role: Role | string | undefined) => (VACCINE_DETAIL_EDITORS as readonly string[]).includes(role ?? '');

export const adminVaccineCatalogQuery = z.object({ countryId: z.coerce.number().int().positive() });

export const adminVaccineDetail = z.object({
  id: z.number().int(),
  countryId: z.number().int(),
  name: z.string(),
  displayName: z.string().nullable(),
  slug: z.string(),
  logo: z.string().nullable(),
  description: z.string().nullable(),
  notice: z.string().nullable(),
  ageGroups: z.array(z.string()),
  doses: z.array(z.string()),
  isActive: z.boolean(),
  /** Branches with a price for it (out of stock included: the page stays published). */
  branches: z.number().int(),
});
export type AdminVaccineDetail = z.output<typeof adminVaccineDetail>;
export const adminVaccineCatalogData = z.object({ vaccines: z.array(adminVaccineDetail), canEdit: z.boolean() });

const text = (max: number) => z.string().trim().max(max, `*${max} characters limit`);
const optionalText = (max: number) => z.preprocess((v) => (v == null ? '' : v), text(max));
const labels = z.array(text(100).min(1)).max(20);

export const vaccineBody = z.object({
  name: text(255).min(1, 'This field is required'),
  display_name: optionalText(255),
  /** An uploaded logo (http(s)) or one of the site's own pictures (root-relative). */
  logo: z.preprocess((v) => (v == null ? '' : v), z.union([z.literal(''), z.string().max(500).regex(/^(https?:\/\/|\/)\S*$/, 'Invalid format')])),
  description: optionalText(4000),
  notice: optionalText(1000),
  age_groups: labels.default([]),
  doses: labels.default([]),
  is_active: z.boolean().default(true),
});
export type VaccineBody = z.output<typeof vaccineBody>;
export type VaccineInput = z.input<typeof vaccineBody>;
export const newVaccineBody = vaccineBody.extend({ country_id: z.coerce.number().int().positive() });
export type NewVaccineBody = z.output<typeof newVaccineBody>;

/** One label a line, as the form's text areas hold them. */
export const linesToLabels = (s: string) => s.split('\n').map((l) => l.trim()).filter(Boolean);

export function vaccineFormValues(v: AdminVaccineDetail | null): VaccineInput {
  return {
    name: v?.name ?? '',
    display_name: v?.displayName ?? '',
    logo: v?.logo ?? '',
    description: v?.description ?? '',
    notice: v?.notice ?? '',
    age_groups: v?.ageGroups ?? [],
    doses: v?.doses ?? [],
    is_active: v?.isActive ?? true,
  };
}
