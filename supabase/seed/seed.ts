/**
 * Deterministic seed generator (fixed random seed): realistic directory data for the six markets.
 * `scale` multiplies the directory for benchmarks. Rows are inserted in bulk through one JSON parameter
 * per table (json_populate_recordset), which is fast on PGlite and on a real server alike.
 */
import { LOCALES, LOCALE_CONFIG } from '../../i18n/locales';
import { transaction, type Database, type Queryable } from '../../src/data/db';
import { CITIES } from './geo';
import { NAMES } from './names';
import { createRandom, slugify } from './random';

export interface SeedOptions { scale?: number; log?: (msg: string) => void }

const ORGANIZATIONS_PER_COUNTRY = 6;
const BRANCHES_PER_ORGANIZATION = 5;

/** Bulk insert; only the columns the rows carry are written, so column defaults still apply. */
export async function insertRows(c: Queryable, table: string, rows: object[], chunk = 5000): Promise<void> {
  if (rows.length === 0) return;
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))].map((k) => `"${k}"`).join(', ');
  for (let i = 0; i < rows.length; i += chunk) {
    await c.query(`insert into ${table} (${columns}) select ${columns} from json_populate_recordset(null::${table}, $1)`, [
      JSON.stringify(rows.slice(i, i + chunk)),
    ]);
  }
}

export async function seedDatabase(db: Database, options: SeedOptions = {}): Promise<Record<string, number>> {
  const scale = Math.max(1, Math.floor(options.scale ?? 1));
  const random = createRandom(20261122);
  const countries = LOCALES.map((l) => {
    const c = LOCALE_CONFIG[l];
    return { id: c.countryId, code: c.countryCode, locale: l, currency: c.currency, name: c.countryName };
  });
  const organizations: object[] = [];
  const hospitals: object[] = [];
  let orgId = 0;
  let hospitalId = 0;
  for (const locale of LOCALES) {
    const cfg = LOCALE_CONFIG[locale];
    const names = NAMES[locale];
    const cities = CITIES[locale];
    for (let o = 0; o < ORGANIZATIONS_PER_COUNTRY * scale; o++) {
      const [word, roman] = names.words[o % names.words.length];
      const generation = Math.floor(o / names.words.length);
      const pattern = names.hospitalPatterns[o % names.hospitalPatterns.length];
      const orgName = pattern.replace('{w}', word) + (generation ? ` ${generation + 1}` : '');
      const orgSlug = slugify(`${roman}-${o + 1}`);
      orgId++;
      organizations.push({ id: orgId, country_id: cfg.countryId, name: orgName, slug: orgSlug, is_active: !(locale === 'vi-VN' && o === ORGANIZATIONS_PER_COUNTRY * scale - 1), publish_reviews: o % 4 !== 3 });
      for (let b = 0; b < BRANCHES_PER_ORGANIZATION; b++) {
        const city = cities[(o + b) % cities.length];
        hospitalId++;
        const name = `${orgName} ${city.name}`;
        hospitals.push({
          id: hospitalId,
          organization_id: orgId,
          country_id: cfg.countryId,
          name,
          short_name: city.name,
          slug: slugify(`${roman} ${city.slug} ${o + 1}-${b + 1}`),
          address: `${random.int(1, 299)} ${city.name}`,
          city: city.name,
          city_slug: city.slug,
          latitude: Number((city.lat + (random.next() - 0.5) * 0.08).toFixed(7)),
          longitude: Number((city.lng + (random.next() - 0.5) * 0.08).toFixed(7)),
          time_zone: city.timeZone,
          status: b === 4 && o % 5 === 0 ? null : 1,
          images: [],
        });
      }
    }
  }
  await transaction(db, async (c) => {
    await insertRows(c, 'public.countries', countries);
    await insertRows(c, 'public.organizations', organizations);
    await insertRows(c, 'public.hospitals', hospitals);
    // Identity columns were given explicit ids: move the sequences past them.
    for (const t of ['organizations', 'hospitals']) {
      await c.query(`select setval(pg_get_serial_sequence('public.${t}', 'id'), (select coalesce(max(id), 1) from public.${t}))`);
    }
  });
  const counts = { countries: countries.length, organizations: organizations.length, hospitals: hospitals.length };
  options.log?.(`seeded ${JSON.stringify(counts)}`);
  return counts;
}
