/**
 * The go-live checklist of an organization (issue 37 item 6): what stands between it and its first bookable doctor.
 * The facts come from one database call (public.organization_go_live, migration 20261128204000: the rule of what is
 * bookable lives there once); this module turns them into the ordered steps of the organization page, each with
 * the admin screen that does it. Shared by functions/admin-go-live.ts and the screen.
 */
import { z } from 'zod';
import { organizationPagePath } from './admin-organizations';

export const goLiveFacts = z.object({
  organizationId: z.number().int(),
  organizationActive: z.boolean(),
  branch: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  doctor: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  branchActive: z.boolean(),
  branchHasAddress: z.boolean(),
  branchHasHours: z.boolean(),
  doctorHasPrice: z.boolean(),
  doctorHasSlots: z.boolean(),
  doctorActive: z.boolean(),
});
export type GoLiveFacts = z.output<typeof goLiveFacts>;

/** The steps in the order a manager walks them (the popup has made the organization). */
export const GO_LIVE_STEPS = ['branch', 'address', 'hours', 'doctor', 'price', 'availability', 'doctorActive', 'branchActive', 'organizationActive'] as const;
export type GoLiveStepKey = (typeof GO_LIVE_STEPS)[number];

export interface GoLiveStep {
  key: GoLiveStepKey;
  done: boolean;
  /** The admin screen that does the step; null when the step is done on the organization page itself. */
  href: string | null;
}

/** The branch's tab on the organization page (the tab opens from the address). */
export const branchTabPath = (organizationId: number, branchId: number, tab: string) => `${organizationPagePath(organizationId, branchId)}&tab=${tab}`;

export function goLiveSteps(f: GoLiveFacts): GoLiveStep[] {
  const org = f.organizationId;
  const b = f.branch?.id;
  const d = f.doctor?.id;
  const done: Record<GoLiveStepKey, boolean> = {
    branch: b != null,
    address: f.branchHasAddress,
    hours: f.branchHasHours,
    doctor: d != null,
    price: f.doctorHasPrice,
    availability: f.doctorHasSlots,
    doctorActive: f.doctorActive,
    branchActive: f.branchActive,
    organizationActive: f.organizationActive,
  };
  const href: Record<GoLiveStepKey, string | null> = {
    branch: `${organizationPagePath(org)}#new-branch-title`,
    address: b != null ? branchTabPath(org, b, 'profile') : null,
    hours: b != null ? branchTabPath(org, b, 'hours') : null,
    doctor: b != null ? `/admin/doctors/add?hospital_id=${org}&branch_id=${b}` : null,
    price: d != null ? `/admin/doctors/${d}/edit` : null,
    availability: d != null ? `/admin/doctors/${d}/availability` : null,
    doctorActive: d != null ? `/admin/doctors?hospital_id=${org}&branch_id=${b}` : null,
    branchActive: b != null ? branchTabPath(org, b, 'indexing') : null,
    organizationActive: null,
  };
  return GO_LIVE_STEPS.map((key) => ({ key, done: done[key], href: href[key] }));
}

/** Bookable when every step is done: the public page then shows the doctor with its slots (after the next build). */
export const isLive = (steps: readonly GoLiveStep[]) => steps.every((s) => s.done);
