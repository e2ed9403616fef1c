/**
 * Build-time vaccination queries (src/data/vaccinations.ts) on the seeded directory, as anon: RLS decides what a
 * visitor sees; the seed's vaccination cases (supabase/seed/vaccines.ts) are all there in every market.
 */
import { beforeAll, expect, it, vi } from 'vitest';
import { ANON, asCaller, transaction } from '../../src/data/db';
import { queryVaccinations } from '../../src/data/vaccinations';
import { vaccinationCardModel, type VaccineInput } from '../../src/lib/vaccination';
import { organizationRuns } from '../../src/lib/vaccine-branches';
import { LOCALES, LOCALE_CONFIG } from '../../i18n/locales';
import { EVERYWHERE_VACCINE, FREE_PRICE_VACCINE, OUT_OF_STOCK_VACCINE, VACCINE_NOTICES } from '../../supabase/seed/vaccines';
import { describeEachEngine } from './support/engines';

// Seeding the whole directory into a cold in-memory PGlite can outlast the default hook timeout on a busy machine.
vi.setConfig({ hookTimeout: 300_000 });

describeEachEngine('vaccination queries', { seed: true }, (ctx) => {
  const byLocale = {} as Record<(typeof LOCALES)[number], VaccineInput[]>;
  beforeAll(async () => {
    for (const locale of LOCALES) byLocale[locale] = await asCaller(ctx.db, ANON, (c) => queryVaccinations(c, LOCALE_CONFIG[locale].countryId));
  });

  it('every market has vaccines with branches, and the seed cases: price 0, out of stock everywhere, offered everywhere, notices', async () => {
    for (const locale of LOCALES) {
      const vs = byLocale[locale];
      expect(vs.length, locale).toBeGreaterThan(20);
      const bySlug = (s: string) => vs.find((v) => v.slug === s)!;
      expect(bySlug(FREE_PRICE_VACCINE).branches.every((b) => b.price === 0)).toBe(true);
      expect(vaccinationCardModel(locale, bySlug(FREE_PRICE_VACCINE))!.price.visible).toBe(false);
      expect(bySlug(OUT_OF_STOCK_VACCINE).branches.every((b) => b.status === 'out_of_stock')).toBe(true);
      expect(vaccinationCardModel(locale, bySlug(OUT_OF_STOCK_VACCINE))!.price.outOfStock).toBe(true);
      expect(bySlug(EVERYWHERE_VACCINE).branches.length).toBeGreaterThan(20);
      expect(vs.some((v) => v.notice === VACCINE_NOTICES[locale])).toBe(true);
      for (const v of vs) for (const b of v.branches) expect(b.priceUnit, `${locale} ${v.slug}`).toBe(LOCALE_CONFIG[locale].currency);
    }
  });

  it('lists branches grouped by organization, each published branch once', async () => {
    const { branches } = byLocale['vi-VN'].find((v) => v.slug === EVERYWHERE_VACCINE)!;
    const runs = organizationRuns(branches.map((b) => ({ organizationId: b.organization.id })));
    expect(runs.length).toBe(new Set(branches.map((b) => b.organization.id)).size);
    expect(new Set(branches.map((b) => b.hospitalId)).size).toBe(branches.length);
  });

  it('leaves out branches of inactive organizations, inactive vaccines, and unpublished reviews (RLS as anon)', async () => {
    const all = await transaction(ctx.db, async (c) => (await c.query(`select count(*)::int as n from public.vaccine_details d join public.vaccines v on v.id = d.vaccine_id where v.country_id = 1`)).rows[0].n);
    const seen = byLocale['vi-VN'].reduce((n, v) => n + v.branches.length, 0);
    // The last vi-VN organization is inactive: its branches' prices are not shown.
    expect(seen).toBeLessThan(all);
    const v = byLocale['vi-VN'][0];
    const published = await transaction(ctx.db, async (c) => (await c.query(
      `select count(*)::int as n from public.reviews r join public.hospitals h on h.id = r.hospital_id join public.organizations o on o.id = h.organization_id
        where r.vaccine_id = $1 and r.is_published and o.publish_reviews and o.is_active and h.is_active`, [v.id])).rows[0].n);
    expect(v.review.ratingCount).toBe(published);
    expect(v.branches.reduce((n, b) => n + b.ratingCount, 0)).toBe(published);

    await transaction(ctx.db, (c) => c.query(`update public.vaccines set status = 0 where id = $1`, [v.id]));
    try {
      const after = await asCaller(ctx.db, ANON, (c) => queryVaccinations(c, 1));
      expect(after.some((x) => x.id === v.id)).toBe(false);
    } finally {
      await transaction(ctx.db, (c) => c.query(`update public.vaccines set status = 1 where id = $1`, [v.id]));
    }
  });
});
