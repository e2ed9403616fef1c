/**
 * GET /api/search (the directory search behind /{locale}/search/) on the seeded directory, on PGlite and on
 * PostgreSQL 15: what it finds and how it ranks, what each locale searches, the links of the results, what a
 * visitor may not see, input rules, cache headers and the rate limit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useDatabase } from '../../src/server/runtime';
import { setRateLimit } from '../../src/server/rate-limit';
import { searchDirectory } from '../../src/data/search';
import { ANON, asCaller } from '../../src/data/db';
import { LOCALE_CONFIG } from '../../i18n/locales';
import { startTestServer, type TestServer } from '../support/test-server';
import { describeEachEngine } from './support/engines';

interface Envelope { _status: number; _messages: string[]; _data: any }

describeEachEngine('directory search GET /api/search', { seed: true }, (ctx) => {
  let server: TestServer;
  const get = async (query: Record<string, string>) => {
    const res = await fetch(`${server.url}/api/search?${new URLSearchParams(query)}`);
    return { res, body: (await res.json()) as Envelope };
  };
  const row = async (sql: string, params: unknown[] = []) => (await ctx.db.pool.query(sql, params)).rows[0];

  beforeAll(async () => {
    useDatabase(ctx.db);
    server = await startTestServer();
    setRateLimit('directory_search', { limit: 10_000, windowSeconds: 60 });
  });
  afterAll(async () => {
    await server?.close();
    useDatabase(undefined);
    setRateLimit('directory_search', undefined);
  });

  // First in the file: this engine's database has counted no search from this address yet.
  describe('rate limit', () => {
    it('answers 429 with Retry-After once a client address is over the directory_search bucket', async () => {
      setRateLimit('directory_search', { limit: 2, windowSeconds: 60 });
      try {
        expect((await get({ locale: 'vi-VN', keyword: 'abc' })).res.status).toBe(200);
        expect((await get({ locale: 'vi-VN', keyword: 'abd' })).res.status).toBe(200);
        const third = await get({ locale: 'vi-VN', keyword: 'abe' });
        expect(third.res.status).toBe(429);
        expect(third.res.headers.get('retry-after')).toBeTruthy();
      } finally {
        setRateLimit('directory_search', { limit: 10_000, windowSeconds: 60 });
      }
    });
  });

  it('finds a published hospital by part of its name, first, with its page link, rating and address', async () => {
    const h = await row(`select h.id::int, h.name, h.slug, h.city from public.hospitals h join public.organizations o on o.id = h.organization_id
                          where h.country_id = 1 and h.is_active and o.is_active order by h.id limit 1`);
    const { res, body } = await get({ locale: 'vi-VN', keyword: h.name });
    expect(res.status).toBe(200);
    expect(body._status).toBe(1);
    expect(body._data.kinds).toEqual(['hospitals', 'doctors', 'services']);
    expect(body._data.hospitals[0]).toMatchObject({ id: h.id, name: h.name, href: `/vi-vn/hospital/${h.slug}/`, external: false });
    expect(body._data.hospitals[0].address).toContain(h.city);
    expect(body._data.hospitals.length).toBeLessThanOrEqual(10);
  });

  it('matches every word of the keyword, and the romanized spelling typed without diacritics', async () => {
    const withMarks = await get({ locale: 'vi-VN', keyword: 'An Bình' });
    const plain = await get({ locale: 'vi-VN', keyword: 'an binh' });
    expect(withMarks.body._data.hospitals.length).toBeGreaterThan(0);
    for (const h of withMarks.body._data.hospitals) expect(h.name).toMatch(/An Bình/);
    const ids = (r: typeof plain) => r.body._data.hospitals.map((h: { id: number }) => h.id).sort((a: number, b: number) => a - b);
    expect(ids(plain)).toEqual(ids(withMarks));
  });

  it('finds vi-VN doctors and services, with doctor pages and service pages (hospital path + service path)', async () => {
    const s = await row(`select s.name, s.slug, h.slug as hospital from public.hospital_services s join public.hospitals h on h.id = s.hospital_id
                          join public.organizations o on o.id = h.organization_id
                          where s.country_id = 1 and s.status = 1 and h.is_active and o.is_active and s.name = 'Nội soi dạ dày không đau' order by s.id limit 1`);
    const { body } = await get({ locale: 'vi-VN', keyword: 'nội soi dạ dày' });
    expect(body._data.services.length).toBeGreaterThan(0);
    for (const x of body._data.services) expect(x.name.toLowerCase()).toContain('nội soi dạ dày');
    expect(body._data.services.map((x: { href: string }) => x.href)).toContain(`/vi-vn/hospital/${s.hospital}/${s.slug}/`);
    expect(body._data.services[0].priceText).toMatch(/₫/);
    // Hospitals offering the service are found too, after any hospital whose name matches.
    expect(body._data.hospitals.length).toBeGreaterThan(0);

    const d = await row(`select d.name, d.slug from public.doctors d join public.hospitals h on h.id = d.hospital_id join public.organizations o on o.id = h.organization_id
                          where d.country_id = 1 and h.is_active and o.is_active order by d.id limit 1`);
    const doctors = await get({ locale: 'vi-VN', keyword: d.name });
    expect(doctors.body._data.doctors[0]).toMatchObject({ name: d.name, href: `/vi-vn/doctor/${d.slug}/`, external: false });
  });

  it('en-PH searches hospitals and doctors, not services; zh-TW hospitals only, linking to their websites', async () => {
    const ph = await get({ locale: 'en-PH', keyword: 'Ultrasound' });
    expect(ph.body._data.kinds).toEqual(['hospitals', 'doctors']);
    expect(ph.body._data.services).toEqual([]);
    // Hospitals that offer ultrasound are still found.
    expect(ph.body._data.hospitals.length).toBeGreaterThan(0);

    const tw = await get({ locale: 'zh-TW', keyword: '小兒科' });
    expect(tw.body._data.kinds).toEqual(['hospitals']);
    expect(tw.body._data.doctors).toEqual([]);
    expect(tw.body._data.services).toEqual([]);
    const h = await row(`select website_url from public.hospitals where id = $1`, [tw.body._data.hospitals[0].id]);
    expect(tw.body._data.hospitals[0]).toMatchObject({ href: h.website_url, external: true });
  });

  it('never returns what a visitor may not see (an inactive organization\'s hospitals)', async () => {
    const hidden = await row(`select h.name from public.hospitals h join public.organizations o on o.id = h.organization_id where h.country_id = 1 and not o.is_active order by h.id limit 1`);
    expect(hidden).toBeDefined();
    const { body } = await get({ locale: 'vi-VN', keyword: hidden.name });
    expect(body._data.hospitals.map((h: { name: string }) => h.name)).not.toContain(hidden.name);
  });

  it('answers nothing for a nonsense keyword, and pattern characters are matched literally', async () => {
    for (const keyword of ['zzqxwv', '%%%', '___', '\\\\\\']) {
      const { res, body } = await get({ locale: 'th-TH', keyword });
      expect(res.status, keyword).toBe(200);
      expect(body._data, keyword).toMatchObject({ total: 0, hospitals: [], doctors: [], services: [] });
    }
  });

  it('refuses keywords under 3 characters, unknown locales and unknown fields with a 422 naming the field; cuts an over-long one to 100', async () => {
    const short = await get({ locale: 'vi-VN', keyword: ' ab ' });
    expect(short.res.status).toBe(422);
    expect(short.body._messages).toContain('keyword: This field must have at least 3 characters');
    // An over-long keyword is cut to the search box's maximum, as the box itself does (issue #30 item 5).
    const long = await get({ locale: 'vi-VN', keyword: 'Hospital'.padEnd(140, 'x') });
    expect(long.res.status).toBe(200);
    expect(long.body._status).toBe(1);
    expect((await get({ locale: 'fr-FR', keyword: 'abc' })).res.status).toBe(422);
    expect((await get({ keyword: 'abc' })).res.status).toBe(422);
    expect((await get({ locale: 'vi-VN', keyword: 'abc', page: '2' })).res.status).toBe(422);
  });

  it('is public and cacheable for a minute', async () => {
    const { res } = await get({ locale: 'ms-MY', keyword: 'Hospital' });
    expect(res.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=60');
  });

  it('ranks name matches before hospitals found by a specialty or service, and limits each kind to 10', async () => {
    const rows = await asCaller(ctx.db, ANON, (c) => searchDirectory(c, { countryId: LOCALE_CONFIG['id-ID'].countryId, keyword: 'Rumah Sakit', doctors: true, services: true }));
    expect(rows.hospitals).toHaveLength(10);
    for (const h of rows.hospitals) expect(h.name).toMatch(/Rumah Sakit/i);
  });
});
