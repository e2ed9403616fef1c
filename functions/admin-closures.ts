/**
 * Branch closures calls (issue #37 item 1; the Closures tab of /admin/organization/{id}): list a branch's
 * closures with the bookings still held on their days, add one (a date range and a reason), remove one, and apply
 * the public holidays of a year in one step (idempotent). Managers in scope only; each write closes (or reopens)
 * the branch's slots of those days in the same transaction. Nothing here cancels a booking: the answer counts them
 * and the screen links to the appointments screen.
 */
import { z } from 'zod';
import { defineEndpoint, serve } from '../src/server/endpoint';
import { notFound } from '../src/lib/errors';
import { ORGANIZATION_MESSAGES } from '../src/lib/admin-organizations';
import { applyHolidaysInput, closureInput, closuresData, CLOSURE_MESSAGES } from '../src/lib/hospital-closures';
import { addClosure, applyHolidays, closureBranch, closureBranchId, readClosures, removeClosure } from '../src/data/admin-closures';
import type { Queryable } from '../src/data/db';

const MANAGERS = ['admin', 'super', 'facility', 'senior_branch', 'branch'] as const;
const idParam = z.object({ id: z.coerce.number().int().positive() });

async function branchOf(db: Queryable, id: number) {
  const b = await closureBranch(db, id);
  if (!b) throw notFound(ORGANIZATION_MESSAGES.branchNotFound);
  return b;
}

export const adminClosureList = defineEndpoint({
  method: 'GET',
  path: '/api/admin/directory/branches/:id/closures',
  summary: "A branch's closures from today on, the bookings held on their days, and the years of public holidays of its country",
  tags: ['admin', 'organizations'],
  auth: 'staff',
  roles: MANAGERS,
  params: idParam,
  response: closuresData,
  async handler({ params, db }) {
    return readClosures(db, await branchOf(db, params.id));
  },
});

export const adminClosureCreate = defineEndpoint({
  method: 'POST',
  path: '/api/admin/directory/branches/:id/closures',
  summary: 'Close a branch from a first to a last day (a reason label); its free slots of those days are removed, booked ones withdrawn and counted',
  tags: ['admin', 'organizations'],
  auth: 'staff',
  roles: MANAGERS,
  params: idParam,
  body: { json: closureInput },
  response: closuresData,
  async handler({ params, body, db, messages }) {
    const b = await branchOf(db, params.id);
    await addClosure(db, b.id, body);
    messages.push(CLOSURE_MESSAGES.added);
    return readClosures(db, b);
  },
});

export const adminClosureHolidays = defineEndpoint({
  method: 'POST',
  path: '/api/admin/directory/branches/:id/closures/holidays',
  summary: "Apply the public holidays of a year of the branch's country as closures, in one step; applying again adds nothing",
  tags: ['admin', 'organizations'],
  auth: 'staff',
  roles: MANAGERS,
  params: idParam,
  body: { json: applyHolidaysInput },
  response: closuresData,
  async handler({ params, body, db }) {
    const b = await branchOf(db, params.id);
    const added = await applyHolidays(db, b.id, body.year);
    return { ...(await readClosures(db, b)), added };
  },
});

export const adminClosureDelete = defineEndpoint({
  method: 'DELETE',
  path: '/api/admin/directory/closures/:id',
  summary: "Remove a closure: the branch's slots of those days come back from the weekly hours",
  tags: ['admin', 'organizations'],
  auth: 'staff',
  roles: MANAGERS,
  params: idParam,
  response: closuresData,
  async handler({ params, db, messages }) {
    const branchId = await closureBranchId(db, params.id);
    if (branchId == null) throw notFound(CLOSURE_MESSAGES.notFound);
    const b = await branchOf(db, branchId);
    await removeClosure(db, params.id);
    messages.push(CLOSURE_MESSAGES.removed);
    return readClosures(db, b);
  },
});

export default serve(adminClosureList, adminClosureCreate, adminClosureHolidays, adminClosureDelete);
export const config = { path: ['/api/admin/directory/branches/:id/closures', '/api/admin/directory/branches/:id/closures/holidays', '/api/admin/directory/closures/:id'] };
