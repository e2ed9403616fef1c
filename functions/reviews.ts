/**
 * GET /api/reviews: the review list of SPEC §7 (hospital_branch_id, sort option, page), and the same list for a
 * doctor (doctor_id) or a service (service_id) of the doctor and service reviews pages: exactly one of the three.
 * Only published reviews of organizations that publish reviews are readable (RLS). Public, cacheable.
 */
import { z } from 'zod';
import { defineEndpoint, serve } from '../src/server/endpoint';
import { notFound, validationFailed } from '../src/lib/errors';
import { REVIEW_SORT_OPTIONS, DEFAULT_REVIEW_SORT, pagination } from '../src/lib/reviews';
import { subjectReviews, REVIEW_PAGE_SIZE, type ReviewSubject } from '../src/data/hospital-page';

const NOT_FOUND = {
  hospitals: 'This hospital does not exist or is not published.',
  doctors: 'This doctor does not exist or is not published.',
  hospital_services: 'This service does not exist or is not published.',
} as const;

const ref = z.object({ name: z.string(), slug: z.string() }).nullable();

export const reviews = defineEndpoint({
  method: 'GET',
  path: '/api/reviews',
  summary: 'Reviews of a hospital branch, a doctor or a service, sorted and paged',
  tags: ['directory'],
  auth: 'public',
  cacheSeconds: 60,
  query: z.object({
    hospital_branch_id: z.coerce.number().int().positive().optional(),
    doctor_id: z.coerce.number().int().positive().optional(),
    service_id: z.coerce.number().int().positive().optional(),
    sort: z.enum(REVIEW_SORT_OPTIONS).default(DEFAULT_REVIEW_SORT),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
  }),
  response: z.object({
    reviews: z.array(
      z.object({
        id: z.number().int(),
        rate: z.number().int(),
        feedback: z.string().nullable(),
        createdAt: z.string(),
        authorName: z.string(),
        booking: z.object({ patient: z.object({ name: z.string(), avatar: z.string().nullable() }), bookingType: z.enum(['doctor', 'service']).nullable() }),
        doctor: ref,
        hospitalService: ref,
        /** The hospital's public reply, shown under the review. */
        reply: z.object({ body: z.string(), updatedAt: z.string() }).nullable(),
      }),
    ),
    pagination: z.object({ currentPage: z.number().int(), lastPage: z.number().int(), nextPage: z.number().int().nullable(), totalItems: z.number().int() }),
  }),
  async handler({ query, db }) {
    const given = (['hospital_branch_id', 'doctor_id', 'service_id'] as const).filter((k) => query[k] != null);
    if (given.length !== 1) {
      const message = given.length ? 'Give only one of hospital_branch_id, doctor_id and service_id' : 'This field is required';
      throw validationFailed(Object.fromEntries((given.length ? given : (['hospital_branch_id'] as const)).map((k) => [k, [message]])));
    }
    const subject: ReviewSubject =
      query.hospital_branch_id != null ? { hospitalId: query.hospital_branch_id } : query.doctor_id != null ? { doctorId: query.doctor_id } : { serviceId: query.service_id! };
    // The subject as a visitor sees it (RLS): unpublished or unknown ones are not found.
    const table = 'hospitalId' in subject ? 'hospitals' : 'doctorId' in subject ? 'doctors' : 'hospital_services';
    const { rows } = await db.query(`select 1 from public.${table} where id = $1`, [query[given[0]]]);
    if (rows.length === 0) throw notFound(NOT_FOUND[table]);
    const page = await subjectReviews(db, { subject, sort: query.sort, page: query.page });
    return {
      reviews: page.items.map((r) => ({
        id: r.id,
        rate: r.rate,
        feedback: r.feedback,
        createdAt: r.createdAt,
        authorName: r.authorName,
        booking: { patient: { name: r.authorName, avatar: r.authorAvatar }, bookingType: r.bookingType },
        doctor: r.doctor,
        hospitalService: r.hospitalService,
        reply: r.reply,
      })),
      pagination: pagination(query.page, REVIEW_PAGE_SIZE, page.totalItems),
    };
  },
});

export default serve(reviews);
export const config = { path: '/api/reviews' };
