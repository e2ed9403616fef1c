/**
 * /admin/integrations calendar feeds (issue #40 item 4): a secret subscription address per branch or per doctor of
 * it, for the managers of the branch (branch, senior branch, facility; platform admins). Create, rotate and revoke
 * go through the definer functions of migration 20261128202000 (scope checked inside); the address's token is
 * answered once, by create and rotate, and only its hash is stored. The feed itself: functions/ical-feed.ts.
 */
import { z } from 'zod';
import { feedPath, icalFeedInputSchema, icalFeedListSchema, icalFeedSchema, type IcalFeed } from '../src/lib/ical-feed';
import { notFound } from '../src/lib/errors';
import type { Queryable } from '../src/data/db';
import { defineEndpoint, serve } from '../src/server/endpoint';

const MANAGERS = ['facility', 'senior_branch', 'branch', 'admin', 'super'] as const;
const idParam = z.object({ id: z.coerce.number().int().positive() });
const at = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

const FEEDS = `select f.id::int as id, json_build_object('id', h.id, 'name', h.name) as hospital,
  case when d.id is null then null else json_build_object('id', d.id, 'name', d.name) end as doctor,
  f.token_hint as "tokenHint", f.created_at as "createdAt", f.rotated_at as "rotatedAt"
  from public.ical_feeds f join public.hospitals h on h.id = f.hospital_id left join public.doctors d on d.id = f.doctor_id`;

async function readFeed(db: Queryable, id: number): Promise<IcalFeed> {
  const { rows } = await db.query(`${FEEDS} where f.id = $1`, [id]);
  if (!rows[0]) throw notFound('This calendar feed does not exist.');
  return { ...rows[0], createdAt: at(rows[0].createdAt)!, rotatedAt: at(rows[0].rotatedAt) };
}

export const listFeeds = defineEndpoint({
  method: 'GET',
  path: '/api/admin/integrations/ical-feeds',
  summary: 'The calendar feeds of the branches the caller manages (one branch with hospitalId, with its doctors to pick from)',
  tags: ['admin', 'integrations'],
  auth: 'staff',
  roles: MANAGERS,
  query: z.object({ hospitalId: z.coerce.number().int().positive().optional() }),
  response: icalFeedListSchema.extend({ doctors: z.array(z.object({ id: z.number().int(), name: z.string() })) }),
  async handler({ query, db }) {
    const hospitalId = query.hospitalId ?? null;
    const { rows } = await db.query(`${FEEDS} where ($1::bigint is null or f.hospital_id = $1) order by h.name, f.doctor_id nulls first, d.name`, [hospitalId]);
    const doctors = hospitalId
      ? (await db.query(`select d.id::int as id, d.name from public.doctors d where d.hospital_id = $1 and public.can_manage_hospital(d.hospital_id) order by d.name limit 500`, [hospitalId])).rows
      : [];
    return { items: rows.map((r) => ({ ...r, createdAt: at(r.createdAt)!, rotatedAt: at(r.rotatedAt) })), doctors };
  },
});

export const createFeed = defineEndpoint({
  method: 'POST',
  path: '/api/admin/integrations/ical-feeds',
  summary: 'A calendar feed for a branch (doctorId null) or one of its doctors; its secret address is answered this once',
  tags: ['admin', 'integrations'],
  auth: 'staff',
  roles: MANAGERS,
  body: { json: icalFeedInputSchema },
  response: icalFeedSchema,
  async handler({ body, db, messages }) {
    const { rows } = await db.query<{ id: number; token: string }>('select id::int as id, token from public.ical_feed_create($1, $2)', [body.hospitalId, body.doctorId ?? null]);
    messages.push('Create successfully');
    return { ...(await readFeed(db, rows[0].id)), url: feedPath(rows[0].token) };
  },
});

export const rotateFeed = defineEndpoint({
  method: 'POST',
  path: '/api/admin/integrations/ical-feeds/:id/rotate',
  summary: 'A new secret address for a calendar feed: the old one answers 404 at once',
  tags: ['admin', 'integrations'],
  auth: 'staff',
  roles: MANAGERS,
  params: idParam,
  response: icalFeedSchema,
  async handler({ params, db, messages }) {
    const { rows } = await db.query<{ id: number; token: string }>('select id::int as id, token from public.ical_feed_rotate($1)', [params.id]);
    messages.push('Update successfully');
    return { ...(await readFeed(db, rows[0].id)), url: feedPath(rows[0].token) };
  },
});

export const revokeFeed = defineEndpoint({
  method: 'DELETE',
  path: '/api/admin/integrations/ical-feeds/:id',
  summary: 'Revoke a calendar feed: its address answers 404 from now on',
  tags: ['admin', 'integrations'],
  auth: 'staff',
  roles: MANAGERS,
  params: idParam,
  response: z.null(),
  async handler({ params, db, messages }) {
    await db.query('select public.ical_feed_revoke($1)', [params.id]);
    messages.push('Delete successfully');
    return null;
  },
});

export default serve(listFeeds, createFeed, rotateFeed, revokeFeed);
export const config = {
  path: ['/api/admin/integrations/ical-feeds', '/api/admin/integrations/ical-feeds/:id', '/api/admin/integrations/ical-feeds/:id/rotate'],
};
