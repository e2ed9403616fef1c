/**
 * The go-live checklist of an organization (issue 37 item 6): GET /api/admin/directory/organizations/:id/go-live
 * answers the facts of public.organization_go_live (one database call, the rule of what is bookable inside) and the
 * steps with the screen of each (src/lib/admin-go-live.ts). Managers of the organization and platform admins.
 */
import { z } from 'zod';
import { defineEndpoint, serve } from '../src/server/endpoint';
import { notFound } from '../src/lib/errors';
import { GO_LIVE_STEPS, goLiveFacts, goLiveSteps, isLive } from '../src/lib/admin-go-live';
import { ORGANIZATION_MESSAGES } from '../src/lib/admin-organizations';
import { organizationGoLive } from '../src/data/admin-go-live';

export const adminOrganizationGoLive = defineEndpoint({
  method: 'GET',
  path: '/api/admin/directory/organizations/:id/go-live',
  summary: 'What stands between an organization and its first bookable doctor: the go-live steps, each with the screen that does it',
  tags: ['admin', 'organizations'],
  auth: 'staff',
  roles: ['admin', 'super', 'facility', 'senior_branch', 'branch'],
  params: z.object({ id: z.coerce.number().int().positive() }),
  response: z.object({
    facts: goLiveFacts,
    steps: z.array(z.object({ key: z.enum(GO_LIVE_STEPS), done: z.boolean(), href: z.string().nullable() })),
    live: z.boolean(),
  }),
  async handler({ params, db }) {
    const facts = await organizationGoLive(db, params.id);
    if (!facts) throw notFound(ORGANIZATION_MESSAGES.notFound);
    const steps = goLiveSteps(facts);
    return { facts, steps, live: isLive(steps) };
  },
});

export default serve(adminOrganizationGoLive);
export const config = { path: ['/api/admin/directory/organizations/:id/go-live'] };
