/**
 * The doctor and service pages' build queries and the review list call by doctor_id / service_id (issue #7):
 * profile fields, services, star counts and the first page of reviews as a visitor sees them (RLS: published
 * reviews of organizations that publish reviews), and the call's paging and subject rules.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ANON, asCaller, transaction } from '../../src/data/db';
import { doctorPagesOf, servicePagesOf } from '../../src/data/booking-pages';
import { useDatabase } from '../../src/server/runtime';
import { startTestServer, type TestServer } from '../support/test-server';
import { describeEachEngine } from './support/engines';

describeEachEngine('doctor and service pages', { seed: false }, (ctx) => {
  let server: TestServer;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    useDatabase(ctx.db);
    server = await startTestServer();
    await transaction(ctx.db, async (c) => {
      const one = async (sql: string, params: unknown[] = []) => Number((await c.query(sql, params)).rows[0].id);
      await c.query(`insert into public.countries (id, code, locale, currency, name) values (6, 'TH', 'th-TH', 'THB', 'Thailand') on conflict do nothing`);
      for (const [key, publish] of [['open', true], ['closed', false]] as const) {
        const org = await one(`insert into public.organizations (country_id, name, slug, publish_reviews) values (6, $1, $2, $3) returning id`, [`Org ${key}`, `org-${key}`, publish]);
        const h = await one(`insert into public.hospitals (organization_id, country_id, name, slug, time_zone, status, address, city) values ($1, 6, $2, $3, 'Asia/Bangkok', 1, '1 Road', 'Bangkok') returning id`, [org, `Hospital ${key}`, `hospital-${key}`]);
        ids[`hospital_${key}`] = h;
        ids[`doctor_${key}`] = await one(
          `insert into public.doctors (organization_id, hospital_id, country_id, name, slug, glance, description, languages, faqs, publication, price, partner_group)
           values ($1, $2, 6, $3, $4, 'Glance', 'More', '{ไทย,English}', $5, $6, 500, $7) returning id`,
          [org, h, `Dr ${key}`, `dr-${key}`, JSON.stringify([{ question: 'Q?', answer: 'A.' }]), JSON.stringify([{ content: 'Paper', year: 2020 }]), key === 'closed'],
        );
        ids[`service_${key}`] = await one(`insert into public.hospital_services (organization_id, hospital_id, country_id, name, slug, price_unit, price) values ($1, $2, 6, $3, $4, 'THB', 900) returning id`, [org, h, `Service ${key}`, `service-${key}`]);
        await c.query(`insert into public.doctor_services (doctor_id, name, price_type, price, price_to) values ($1, 'Consult', 'range', 100, 300)`, [ids[`doctor_${key}`]]);
        // 12 published reviews of the doctor (rates 1..5 in turn), one unpublished; 3 of the service.
        await c.query(
          `insert into public.reviews (hospital_id, doctor_id, rate, author_name, created_at, is_published)
           select $1, $2, 1 + g % 5, 'Reviewer ' || g, now() - make_interval(days => g), g <= 12 from generate_series(1, 13) g`,
          [h, ids[`doctor_${key}`]],
        );
        await c.query(`insert into public.reviews (hospital_id, service_id, rate, author_name) select $1, $2, 4, 'R' from generate_series(1, 3)`, [h, ids[`service_${key}`]]);
      }
    });
  });
  afterAll(async () => {
    await server?.close();
    useDatabase(undefined);
  });

  it('builds doctor pages with profile, services, star counts and the first review page, as a visitor', async () => {
    const pages = await asCaller(ctx.db, ANON, (c) => doctorPagesOf(c, 'th-TH'));
    const open = pages.find((p) => p.id === ids.doctor_open)!;
    expect(open).toMatchObject({ glance: 'Glance', description: 'More', languages: ['ไทย', 'English'], faqs: [{ question: 'Q?', answer: 'A.' }], publishReviews: true, totalReviews: 12 });
    expect(open.services).toEqual([expect.objectContaining({ name: 'Consult', price_type: 'range', price: 100, price_to: 300 })]);
    expect(open.hospital).toMatchObject({ slug: 'hospital-open', address: '1 Road', city: 'Bangkok' });
    expect(Object.values(open.starCounts).reduce((a, b) => a + (b ?? 0), 0)).toBe(12);
    expect(open.firstReviews).toHaveLength(10);
    expect(open.firstReviews.map((r) => r.authorName).slice(0, 2)).toEqual(['Reviewer 1', 'Reviewer 2']);
    // An organization that does not publish reviews: none are readable.
    const closed = pages.find((p) => p.id === ids.doctor_closed)!;
    expect(closed).toMatchObject({ publishReviews: false, partnerGroup: true });
    expect(closed.starCounts).toEqual({});
    expect(closed.firstReviews).toEqual([]);
    const services = await asCaller(ctx.db, ANON, (c) => servicePagesOf(c, 'th-TH'));
    expect(services.find((s) => s.id === ids.service_open)).toMatchObject({ totalReviews: 3, starCounts: { 4: 3 }, price: 900 });
  });

  it('answers the review list of a doctor or a service, paged and sorted; exactly one subject', async () => {
    const get = async (q: string) => {
      const res = await fetch(`${server.url}/api/reviews?${q}`);
      return { status: res.status, body: await res.json() };
    };
    const first = await get(`doctor_id=${ids.doctor_open}&sort=LOWEST_RATING`);
    expect(first.status).toBe(200);
    expect(first.body._data.pagination).toEqual({ currentPage: 1, lastPage: 2, nextPage: 2, totalItems: 12 });
    const rates = first.body._data.reviews.map((r: { rate: number }) => r.rate);
    expect(rates).toEqual([...rates].sort((a: number, b: number) => a - b));
    expect(first.body._data.reviews[0].doctor).toEqual({ name: 'Dr open', slug: 'dr-open' });
    const second = await get(`doctor_id=${ids.doctor_open}&page=2`);
    expect(second.body._data.reviews).toHaveLength(2);
    expect((await get(`doctor_id=${ids.doctor_closed}`)).body._data.pagination.totalItems).toBe(0);
    expect((await get(`service_id=${ids.service_open}`)).body._data.pagination.totalItems).toBe(3);
    expect((await get(`hospital_branch_id=${ids.hospital_open}`)).body._data.pagination.totalItems).toBe(15);
    const none = await get('sort=RECENT_FIRST');
    expect(none.status).toBe(422);
    expect(none.body._messages).toEqual(['hospital_branch_id: This field is required']);
    expect((await get(`doctor_id=${ids.doctor_open}&service_id=${ids.service_open}`)).status).toBe(422);
    expect((await get('doctor_id=999999')).status).toBe(404);
    expect((await get('service_id=999999')).body._messages).toEqual(['This service does not exist or is not published.']);
  });
});
