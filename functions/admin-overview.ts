/**
 * GET /api/admin/overview (SPEC §2 Overview /admin/, issue #27 item 6): bookings per day by status and revenue per
 * day over a range of at most 366 days, in each hospital's time zone. One grouped query running as the caller, so
 * row-level security decides whose bookings count (platform admins every hospital, an organization manager their
 * organization's); the top bar's organization and branch narrow it further. Platform admins name the market, so
 * revenue is always in one currency.
 */
import type pg from 'pg';
import { adminOverviewData, adminOverviewQuery, emptyCounts, overviewTotals, REVENUE_STATUSES, OVERVIEW_STATUSES, type AdminOverviewQuery, type OverviewDay, type OverviewStatus } from '../src/lib/admin-overview';
import { ApiError, validationFailed } from '../src/lib/errors';
import { isPlatformAdmin } from '../src/lib/roles';
import { defineEndpoint, serve } from '../src/server/endpoint';

interface Row {
  day: string;
  status: OverviewStatus;
  n: number;
  revenue: string;
  currency: string;
}

/**
 * Bookings of the range grouped by the hospital's calendar day and status. The starts_at bounds (a day wider on
 * each side, for every time zone) let the planner use the time indexes before the exact local-day test.
 */
async function groupedBookings(db: pg.PoolClient, q: AdminOverviewQuery): Promise<Row[]> {
  const { rows } = await db.query<Row>(
    `select to_char(local.day, 'YYYY-MM-DD') as day, b.status, count(*)::int as n,
            coalesce(sum(coalesce(b.final_price, b.price, 0)) filter (where b.status = any ($7::text[])), 0)::text as revenue,
            min(coalesce(b.currency, c.currency)) as currency
       from public.bookings b
       join public.hospitals h on h.id = b.hospital_id
       join public.countries c on c.id = h.country_id
      cross join lateral (select (b.starts_at at time zone h.time_zone)::date as day) local
      where b.status = any ($6::text[])
        and b.starts_at >= ($1::date - 1)::timestamp at time zone 'UTC'
        and b.starts_at < ($2::date + 2)::timestamp at time zone 'UTC'
        and local.day between $1::date and $2::date
        and ($3::bigint is null or h.organization_id = $3)
        and ($4::bigint is null or h.id = $4)
        and ($5::smallint is null or h.country_id = $5)
      group by local.day, b.status
      order by local.day`,
    [q.from, q.to, q.hospitalId ?? null, q.branchId ?? null, q.countryId ?? null, OVERVIEW_STATUSES, REVENUE_STATUSES],
  );
  return rows;
}

/** Rows (day × status) as one entry a day. */
function toDays(rows: Row[]): OverviewDay[] {
  const days = new Map<string, OverviewDay>();
  for (const r of rows) {
    const d = days.get(r.day) ?? { day: r.day, bookings: emptyCounts(), revenue: 0 };
    d.bookings[r.status] += r.n;
    d.revenue = Math.round((d.revenue + Number(r.revenue)) * 100) / 100;
    days.set(r.day, d);
  }
  return [...days.values()];
}

export const adminOverview = defineEndpoint({
  method: 'GET',
  path: '/api/admin/overview',
  summary: 'Bookings per day by status and revenue per day over a date range (at most 366 days), scoped by role and the top bar',
  tags: ['admin'],
  auth: 'staff',
  roles: ['admin', 'super', 'facility'],
  query: adminOverviewQuery,
  response: adminOverviewData,
  async handler({ query, auth, db }) {
    // Platform admins see every market: without one, revenue would add up different currencies.
    if (isPlatformAdmin(auth.staff.role) && query.countryId == null) throw validationFailed({ countryId: ['This field is required'] });
    const rows = await groupedBookings(db, query);
    const currencies = new Set(rows.map((r) => r.currency));
    if (currencies.size > 1) throw new ApiError(422, 'The bookings of this scope are in more than one currency.');
    const days = toDays(rows);
    return { from: query.from, to: query.to, currency: rows[0]?.currency ?? null, days, totals: overviewTotals(days) };
  },
});

export default serve(adminOverview);
export const config = { path: ['/api/admin/overview'] };
