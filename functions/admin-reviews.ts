/**
 * Admin reviews (issue #39 item 1, SPEC §2 /admin/reviews): the list of a scope with its filters, tabs, rating
 * summary and counts; publish or hide (one or a selection); the hospital's one public reply; an organization's
 * choice whether new reviews wait for a look. Reads run as the caller (row-level security) and are narrowed to the
 * caller's scope here (the public policy would also show other organizations' published reviews); every change goes
 * through a security definer function that checks role and scope again (migration 20261128150000).
 */
import { z } from 'zod';
import { defineEndpoint, serve } from '../src/server/endpoint';
import { ApiError, notFound } from '../src/lib/errors';
import {
  ADMIN_REVIEW_PAGE_SIZE,
  adminReviewListData,
  adminReviewListQuery,
  moderateReviewsBody,
  moderateReviewsData,
  replyBody,
  replyData,
  REVIEW_MESSAGES,
  REVIEW_MODERATORS,
  REVIEW_READERS,
  reviewHoldBody,
  reviewHoldData,
  type AdminReviewItem,
} from '../src/lib/admin-reviews';
import { reviewFlags } from '../src/lib/review-flags';
import { REVIEW_ORDER } from '../src/data/hospital-page';
import type { Queryable } from '../src/data/db';

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : v == null ? null : new Date(String(v)).toISOString());

/** The caller's scope once per call: every review of a platform admin, a manager's branches, a doctor's own reviews. */
const SCOPE = `with me as materialized (select public.is_platform_admin() as admin, public.staff_hospital_ids() as ids, public.current_doctor_id() as doctor, public.staff_role() as role)`;
const IN_SCOPE = `(case when me.role = 'doctor' then r.doctor_id = me.doctor else me.admin or r.hospital_id = any (me.ids) end)`;

/** Filters of the list except the tab, as SQL over `r` (reviews) and `h` (its branch); $1..$10. */
const FILTERS = `${IN_SCOPE}
  and ($1::smallint is null or h.country_id = $1) and ($2::bigint is null or h.organization_id = $2) and ($3::bigint is null or r.hospital_id = $3)
  and ($4::bigint is null or r.doctor_id = $4) and ($5::bigint is null or r.service_id = $5) and ($6::int is null or r.rate = $6)
  and ($7::date is null or (r.created_at at time zone h.time_zone)::date >= $7) and ($8::date is null or (r.created_at at time zone h.time_zone)::date <= $8)
  and ($9::text is null or r.feedback ilike $9 escape '\\' or r.author_name ilike $9 escape '\\')`;

function likePattern(keyword: string | undefined): string | null {
  const k = keyword?.trim();
  return k ? `%${k.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
}

function toItem(r: Record<string, any>): AdminReviewItem {
  return {
    id: r.id,
    status: r.status,
    rate: r.rate,
    feedback: r.feedback,
    authorName: r.author_name,
    createdAt: iso(r.created_at)!,
    hiddenReason: r.hidden_reason,
    moderatedAt: iso(r.moderated_at),
    hospital: { id: r.hospital_id, name: r.hospital_name, timeZone: r.time_zone },
    doctor: r.doctor_id ? { id: r.doctor_id, name: r.doctor_name } : null,
    service: r.service_id ? { id: r.service_id, name: r.service_name } : null,
    reply: r.reply_body ? { body: r.reply_body, updatedAt: iso(r.reply_updated_at)! } : null,
    flags: reviewFlags(r.feedback, { knownNames: [r.author_name, r.doctor_name, r.service_name, r.hospital_name] }),
  };
}

const ROW_COLUMNS = `r.id::int as id, r.status, r.rate::int as rate, r.feedback, r.author_name, r.created_at, r.hidden_reason, r.moderated_at,
  r.hospital_id::int as hospital_id, h.name as hospital_name, h.time_zone, r.doctor_id::int as doctor_id, d.name as doctor_name,
  r.service_id::int as service_id, s.name as service_name, rr.body as reply_body, rr.updated_at as reply_updated_at`;
const ROW_JOINS = `left join public.doctors d on d.id = r.doctor_id left join public.hospital_services s on s.id = r.service_id
  left join public.review_replies rr on rr.review_id = r.id`;

export const adminReviewList = defineEndpoint({
  method: 'GET',
  path: '/api/admin/reviews',
  summary: 'Reviews of the caller\'s scope: tab (pending, published, hidden), rating, doctor, service, hospital, branch, dates, keyword, sort; with counts and the rating summary',
  tags: ['admin', 'reviews'],
  auth: 'staff',
  roles: REVIEW_READERS,
  query: adminReviewListQuery,
  response: adminReviewListData,
  async handler({ query, db, auth }) {
    const organizationId = query.hospitalId ?? (auth.staff.role === 'doctor' ? null : auth.staff.hospital?.id ?? null);
    const args = [query.countryId ?? null, query.hospitalId ?? null, query.branchId ?? null, query.doctorId ?? null, query.serviceId ?? null, query.rating ?? null, query.from ?? null, query.to ?? null, likePattern(query.keyword)];
    // One connection per call: the reads run one after the other.
    const summary = await db.query(
      `${SCOPE} select r.status, r.rate::int as rate, count(*)::int as n from me, public.reviews r join public.hospitals h on h.id = r.hospital_id
        where ${FILTERS} group by r.status, r.rate`,
      args,
    );
    const offset = (query.page - 1) * ADMIN_REVIEW_PAGE_SIZE;
    const page = await db.query(
      `${SCOPE} select ${ROW_COLUMNS} from me, public.reviews r join public.hospitals h on h.id = r.hospital_id ${ROW_JOINS}
        where ${FILTERS} and r.status = $10 order by ${REVIEW_ORDER[query.sort]} limit ${ADMIN_REVIEW_PAGE_SIZE} offset $11`,
      [...args, query.status, offset],
    );
    const counts = { pending: 0, published: 0, hidden: 0 };
    const stars: Record<string, number> = {};
    let sum = 0;
    for (const row of summary.rows) {
      counts[row.status as keyof typeof counts] += row.n;
      if (row.status === 'published') {
        stars[row.rate] = (stars[row.rate] ?? 0) + row.n;
        sum += row.rate * row.n;
      }
    }
    const total = counts[query.status];
    let organization = null;
    if (organizationId != null) {
      const o = await db.query('select id::int as id, name, hold_new_reviews, publish_reviews from public.organizations where id = $1', [organizationId]);
      if (o.rows[0]) organization = { id: o.rows[0].id, name: o.rows[0].name, holdNewReviews: o.rows[0].hold_new_reviews, publishReviews: o.rows[0].publish_reviews };
    }
    // Filter choices: the doctors and services of the chosen organization (or the caller's), inside the scope.
    let doctors: { id: number; name: string }[] = [];
    let services: { id: number; name: string }[] = [];
    if (organizationId != null && auth.staff.role !== 'doctor') {
      const where = `x.organization_id = $1 and ($2::bigint is null or x.hospital_id = $2) and (me.admin or x.hospital_id = any (me.ids))`;
      doctors = (await db.query(`${SCOPE} select x.id::int as id, x.name from me, public.doctors x where ${where} order by x.name, x.id limit 500`, [organizationId, query.branchId ?? null])).rows;
      services = (await db.query(`${SCOPE} select x.id::int as id, x.name from me, public.hospital_services x where ${where} order by x.name, x.id limit 500`, [organizationId, query.branchId ?? null])).rows;
    }
    const published = counts.published;
    return {
      reviews: page.rows.map(toItem),
      pagination: { current: query.page, last: Math.max(1, Math.ceil(total / ADMIN_REVIEW_PAGE_SIZE)), total_items: total, per_page: ADMIN_REVIEW_PAGE_SIZE },
      summary: { counts, stars, rating: published ? Math.round((sum / published) * 10) / 10 : 0 },
      organization,
      doctors,
      services,
    };
  },
});

/** Flags of the selected reviews as the list shows them (the same rule, src/lib/review-flags). */
async function flaggedIds(db: Queryable, ids: number[]): Promise<number[]> {
  const { rows } = await db.query(
    `select r.id::int as id, r.feedback, r.author_name, d.name as doctor_name, s.name as service_name, h.name as hospital_name
       from public.reviews r join public.hospitals h on h.id = r.hospital_id ${ROW_JOINS} where r.id = any ($1::bigint[]) and r.status <> 'published'`,
    [ids],
  );
  return rows.filter((r) => reviewFlags(r.feedback, { knownNames: [r.author_name, r.doctor_name, r.service_name, r.hospital_name] }).length > 0).map((r) => r.id);
}

export const adminReviewModeration = defineEndpoint({
  method: 'POST',
  path: '/api/admin/reviews/moderation',
  summary: 'Publish or hide one review or a selection (at most 100); hiding needs a reason; publishing a flagged review needs confirmFlagged',
  tags: ['admin', 'reviews'],
  auth: 'staff',
  roles: REVIEW_MODERATORS,
  body: { json: moderateReviewsBody },
  response: moderateReviewsData,
  async handler({ body, db, messages }) {
    if (body.status === 'hidden' && !body.reason) throw new ApiError(422, REVIEW_MESSAGES.reasonRequired);
    if (body.status === 'published' && !body.confirmFlagged && (await flaggedIds(db, body.ids)).length > 0) throw new ApiError(422, REVIEW_MESSAGES.flaggedNeedsConfirm);
    const { rows } = await db.query('select public.admin_moderate_reviews($1::bigint[], $2, $3) as changed', [body.ids, body.status, body.reason ?? null]);
    messages.push(body.status === 'published' ? REVIEW_MESSAGES.published : REVIEW_MESSAGES.hidden);
    return { changed: rows[0].changed };
  },
});

export const adminReviewReply = defineEndpoint({
  method: 'PUT',
  path: '/api/admin/reviews/:id/reply',
  summary: "Write or change the hospital's one public reply to a review; an empty body removes it",
  tags: ['admin', 'reviews'],
  auth: 'staff',
  roles: REVIEW_MODERATORS,
  params: z.object({ id: z.coerce.number().int().positive() }),
  body: { json: replyBody },
  response: replyData,
  async handler({ params, body, db, messages }) {
    const { rows } = await db.query('select public.admin_reply_review($1, $2) as kept', [params.id, body.body]);
    const reply = await db.query('select body, updated_at from public.review_replies where review_id = $1', [params.id]);
    messages.push(rows[0].kept ? REVIEW_MESSAGES.replySaved : REVIEW_MESSAGES.replyRemoved);
    const r = reply.rows[0];
    return { id: params.id, reply: r ? { body: r.body, updatedAt: iso(r.updated_at)! } : null };
  },
});

export const adminReviewHold = defineEndpoint({
  method: 'PUT',
  path: '/api/admin/reviews/hold',
  summary: "Whether an organization's new reviews wait for a look (pending) or publish at once",
  tags: ['admin', 'reviews'],
  auth: 'staff',
  roles: ['admin', 'super', 'facility'],
  body: { json: reviewHoldBody },
  response: reviewHoldData,
  async handler({ body, db, messages }) {
    const { rows } = await db.query('select public.admin_set_review_hold($1, $2) as hold', [body.organizationId, body.holdNewReviews]);
    if (!rows[0]) throw notFound(REVIEW_MESSAGES.notFound);
    messages.push(rows[0].hold ? REVIEW_MESSAGES.holdOn : REVIEW_MESSAGES.holdOff);
    return { organizationId: body.organizationId, holdNewReviews: rows[0].hold };
  },
});

export default serve(adminReviewList, adminReviewModeration, adminReviewHold, adminReviewReply);
export const config = { path: ['/api/admin/reviews', '/api/admin/reviews/moderation', '/api/admin/reviews/hold', '/api/admin/reviews/:id/reply'] };
