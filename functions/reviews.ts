/**
 * GET /api/reviews: the review list of SPEC §7 (hospital_branch_id, sort option, page). Only published reviews
 * of organizations that publish reviews are readable (RLS). Public, cacheable.
 */
import { z } from 'zod';
import { defineEndpoint, serve } from '../src/server/endpoint';
import { notFound } from '../src/lib/errors';
import { REVIEW_SORT_OPTIONS, DEFAULT_REVIEW_SORT, pagination } from '../src/lib/reviews';
import { hospitalRef, hospitalReviews, REVIEW_PAGE_SIZE } from '../src/data/hospital-page';

const ref = z.object({ name: z.string(), slug: z.string() }).nullable();

export const reviews = defineEndpoint({
  method: 'GET',
  path: '/api/reviews',
  summary: 'Reviews of a hospital branch, sorted and paged',
  tags: ['directory'],
  auth: 'public',
  cacheSeconds: 60,
  query: z.object({
    hospital_branch_id: z.coerce.number().int().positive(),
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
      }),
    ),
    pagination: z.object({ currentPage: z.number().int(), lastPage: z.number().int(), nextPage: z.number().int().nullable(), totalItems: z.number().int() }),
  }),
  async handler({ query, db }) {
    const hospital = await hospitalRef(db, query.hospital_branch_id);
    if (!hospital) throw notFound('This hospital does not exist or is not published.');
    const page = await hospitalReviews(db, { hospitalId: hospital.id, sort: query.sort, page: query.page });
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
      })),
      pagination: pagination(query.page, REVIEW_PAGE_SIZE, page.totalItems),
    };
  },
});

export default serve(reviews);
export const config = { path: '/api/reviews' };
