/**
 * Deterministic seed generator (fixed random seed): realistic directory data for the six markets.
 * `scale` multiplies the directory for benchmarks. Rows are inserted in bulk through one JSON parameter
 * per table (json_populate_recordset); schedules, time slots and background bookings are generated in SQL
 * (generate_series) from the seed run's current date, in each hospital's zone.
 */
import { LOCALES, LOCALE_CONFIG, localePath, type Locale } from '../../i18n/locales';
import { translator } from '../../i18n/strings';
import { siteNav } from '../../src/lib/site-nav';
import { transaction, type Database, type Queryable } from '../../src/data/db';
import { ACCOUNTS, CAMPAIGN_CODE, CAMPAIGN_PHONES, DEMO_PASSWORD, SEED_SCOPE } from './accounts';
import { CITIES } from './geo';
import { seedListingData } from './listings';
import { DISEASES, NAMES, PEOPLE, REVIEW_TEXTS, SERVICES, SERVICE_CATEGORIES, SPECIALTIES, VACCINES } from './names';
import { FEES, LOCAL_TEXT, PHONE_FORMATS, fee, phone } from './local';
import { createRandom, slugify, type Random } from './random';
import { seedVaccinationCases } from './vaccines';
import { seedDoctorProfiles } from './doctor-profiles';
import { seedHomepage } from './homepage';
import { GALLERY_PHOTOS, seedLifelike } from './lifelike';
import { seedBooking } from './booking';
import { seedAccount } from './account';

export interface SeedOptions { scale?: number; log?: (msg: string) => void }

export const ORGANIZATIONS_PER_COUNTRY = 6;
export const BRANCHES_PER_ORGANIZATION = 5;
/** Hospital photos shipped in public/ (the header carousel of the hospital page; lifelike.ts varies the order). */
const GALLERY = GALLERY_PHOTOS.slice(0, 3);
export const DOCTORS_PER_BRANCH = 10;
/** Background patients who hold the seeded bookings and reviews. */
const BACKGROUND_PATIENTS = 120;

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

const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

function workingTimes(random: Random, allDay: boolean) {
  if (allDay) return Object.fromEntries(WEEKDAYS.map((d) => [d, [{ start: '00:00', end: '23:59' }]]));
  const weekday = [{ start: '07:00', end: '11:30' }, { start: '13:00', end: '16:30' }];
  const evening = random.chance(0.4) ? [{ start: '17:30', end: '20:00' }] : [];
  return {
    mon: [...weekday, ...evening], tue: [...weekday, ...evening], wed: [...weekday, ...evening], thu: [...weekday, ...evening],
    fri: [...weekday, ...evening], sat: random.chance(0.7) ? [{ start: '07:00', end: '11:30' }] : [], sun: [],
  };
}

/** Weighted towards good ratings, but every star value occurs. */
function rating(random: Random): number {
  const x = random.next();
  return x < 0.45 ? 5 : x < 0.75 ? 4 : x < 0.87 ? 3 : x < 0.94 ? 2 : 1;
}

function uuidFor(n: number): string {
  return `00000000-0000-4000-b000-${n.toString(16).padStart(12, '0')}`;
}

export async function seedDatabase(db: Database, options: SeedOptions = {}): Promise<Record<string, number>> {
  const scale = Math.max(1, Math.floor(options.scale ?? 1));
  const random = createRandom(20261122);
  const t0 = performance.now();
  const rows: Record<string, object[]> = {};
  const add = (table: string, row: object) => (rows[table] ??= []).push(row);
  const ids: Record<string, number> = {};
  const nextId = (table: string) => (ids[table] = (ids[table] ?? 0) + 1);

  for (const l of LOCALES) {
    const c = LOCALE_CONFIG[l];
    add('countries', { id: c.countryId, code: c.countryCode, locale: l, currency: c.currency, name: c.countryName });
  }
  for (const [level, description] of [[1, 'Specialist'], [2, 'Senior specialist'], [3, 'Consultant'], [4, 'Head of department']] as const) {
    add('doctor_tiers', { id: nextId('doctor_tiers'), description, level });
  }
  for (const [level, description] of [[1, 'MD'], [2, 'MSc'], [3, 'PhD'], [4, 'Associate Professor'], [5, 'Professor']] as const) {
    add('doctor_academies', { id: nextId('doctor_academies'), description, level });
  }

  // Per-market lookups.
  const perCountry: Record<string, { specialties: number[]; clients: number[]; insurances: number[]; payments: number[]; expertise: number[] }> = {};
  for (const locale of LOCALES) {
    const cid = LOCALE_CONFIG[locale].countryId;
    const text = LOCAL_TEXT[locale];
    const pc: (typeof perCountry)[string] = { specialties: [], clients: [], insurances: [], payments: [], expertise: [] };
    perCountry[locale] = pc;
    for (const [name, roman] of SPECIALTIES[locale]) {
      const id = nextId('specialties');
      pc.specialties.push(id);
      add('specialties', { id, country_id: cid, name, slug: slugify(roman) });
    }
    for (const name of ['Direct', 'Partner network', 'Enterprise']) {
      const id = nextId('clients');
      pc.clients.push(id);
      add('clients', { id, country_id: cid, name });
    }
    for (const name of text.insurances) {
      const id = nextId('insurances');
      pc.insurances.push(id);
      add('insurances', { id, country_id: cid, name, logo: null });
    }
    const online = ['bank_app', 'wallet', 'wallet_bank_card', 'wallet_credit_card'];
    for (const code of ['cash', ...online, ...(locale === 'id-ID' ? ['local_transfer'] : [])]) {
      const id = nextId('payment_methods');
      pc.payments.push(id);
      add('payment_methods', { id, country_id: cid, code, name: code.replace(/_/g, ' '), is_online: code !== 'cash' });
    }
    for (const [name] of SPECIALTIES[locale].slice(0, 8)) {
      const id = nextId('expertise');
      pc.expertise.push(id);
      add('expertise', { id, country_id: cid, name: `${name} +` });
    }
  }

  // Organizations, hospitals (branches), their lists, doctors and services.
  const hospitalsByLocale: Record<string, Array<{ id: number; orgId: number; name: string; city: string; noServices: boolean; noReviews: boolean }>> = {};
  const doctorsByLocale: Record<string, Array<{ id: number; hospitalId: number }>> = {};
  const servicesByLocale: Record<string, Array<{ id: number; hospitalId: number }>> = {};
  const vaccineDetailsByLocale: Record<string, Array<{ vaccineId: number; hospitalId: number }>> = {};
  for (const locale of LOCALES) {
    const cfg = LOCALE_CONFIG[locale];
    const cid = cfg.countryId;
    const names = NAMES[locale];
    const people = PEOPLE[locale];
    const text = LOCAL_TEXT[locale];
    const cities = CITIES[locale];
    const pc = perCountry[locale];
    const hs: (typeof hospitalsByLocale)[string] = (hospitalsByLocale[locale] = []);
    const ds: Array<{ id: number; hospitalId: number }> = (doctorsByLocale[locale] = []);
    const ss: Array<{ id: number; hospitalId: number }> = (servicesByLocale[locale] = []);
    const orgCount = ORGANIZATIONS_PER_COUNTRY * scale;
    for (let o = 0; o < orgCount; o++) {
      const [word, roman] = names.words[o % names.words.length];
      const generation = Math.floor(o / names.words.length);
      const pattern = names.hospitalPatterns[o % names.hospitalPatterns.length];
      const orgName = pattern.replace('{w}', word) + (generation ? ` ${generation + 1}` : '');
      const orgSlug = slugify(`${roman}-${o + 1}`);
      const orgId = nextId('organizations');
      add('organizations', {
        id: orgId, country_id: cid, name: orgName, slug: orgSlug, client_id: random.pick(pc.clients),
        website_url: `https://www.${orgSlug}.example.${cfg.countryCode.toLowerCase()}`,
        // The last organization of vi-VN is inactive; every fourth organization does not publish reviews.
        is_active: !(locale === 'vi-VN' && o === orgCount - 1),
        publish_reviews: o % 4 !== 3,
      });
      for (let b = 0; b < BRANCHES_PER_ORGANIZATION; b++) {
        const city = cities[(o + b) % cities.length];
        const id = nextId('hospitals');
        const name = `${orgName} ${city.name}`;
        const allDay = b === 0 && o % 2 === 0;
        // In each market: organization 2's last branch has no services, organization 3's first has no reviews.
        const noServices = o === 1 && b === BRANCHES_PER_ORGANIZATION - 1;
        const noReviews = o === 2 && b === 0;
        // Organization 4's last branch has nothing bookable (its doctors inactive, its services unavailable).
        const nothingBookable = o === 3 && b === BRANCHES_PER_ORGANIZATION - 1;
        // Random draws happen either way, so this rule does not shift the rest of the seed.
        const bookable = <T,>(value: T, none: T) => (nothingBookable ? none : value);
        hs.push({ id, orgId, name, city: city.name, noServices, noReviews });
        add('hospitals', {
          id, organization_id: orgId, country_id: cid, name, short_name: city.name,
          slug: slugify(`${roman} ${city.slug} ${o + 1}-${b + 1}`),
          address: `${random.int(1, 299)} ${city.name}`, city: city.name, city_slug: city.slug,
          latitude: Number((city.lat + (random.next() - 0.5) * 0.08).toFixed(7)),
          longitude: Number((city.lng + (random.next() - 0.5) * 0.08).toFixed(7)),
          time_zone: city.timeZone, phone: phone(random, PHONE_FORMATS[locale].landline),
          website_url: `https://www.${orgSlug}.example.${cfg.countryCode.toLowerCase()}/${city.slug}`,
          booking_url: locale === 'zh-TW' ? `https://booking.${orgSlug}.example.tw/${city.slug}` : null,
          about: text.about(name, city.name), patient_guide: text.guide,
          working_times: workingTimes(random, allDay), emergency_hours: allDay,
          medical_facilities: text.facilities.filter(() => random.chance(0.7)), faqs: text.faqs,
          show_service_category: b % 3 !== 2,
          // Excluded from indexing: a few ids per market; status unset: not indexed either.
          exclude_from_index: (o * BRANCHES_PER_ORGANIZATION + b) % 13 === 7,
          status: b === 4 && o % 5 === 0 ? null : 1,
          // The first two branches of each organization have a photo gallery (the header carousel).
          images: b <= 1 ? GALLERY.slice(0, 2 + ((o + b) % 2)) : [],
        });
        for (const s of pc.specialties.filter(() => random.chance(0.6))) add('hospital_specialties', { hospital_id: id, specialty_id: s });
        for (const ins of pc.insurances.filter(() => random.chance(0.5))) add('hospital_insurances', { hospital_id: id, insurance_id: ins });
        for (const p of pc.payments.filter((_, i) => i === 0 || random.chance(0.6))) add('hospital_payment_methods', { hospital_id: id, payment_method_id: p });

        // Doctors.
        for (let k = 0; k < DOCTORS_PER_BRANCH; k++) {
          const did = nextId('doctors');
          const female = random.chance(0.5);
          const [fam, famRoman] = random.pick(people.family);
          const [giv, givRoman] = random.pick(people.given);
          const title = female ? people.doctorTitle.female : people.doctorTitle.male;
          const full = people.full(fam, giv);
          const display = locale === 'zh-TW' ? `${full} ${title}` : `${title} ${full}`;
          const partner = random.chance(0.05);
          const teleOnly = !partner && random.chance(0.05);
          const tele = !partner && (teleOnly || random.chance(0.3));
          const priceType = random.chance(0.7) ? 'fixed' : random.chance(0.5) ? 'starting' : 'range';
          const price = partner && random.chance(0.5) ? 0 : fee(random, locale);
          const specCount = random.chance(0.05) ? 0 : random.int(1, 2);
          const specs = [...new Set(Array.from({ length: specCount }, () => random.pick(pc.specialties)))];
          const pediatric = specs.includes(pc.specialties[1]);
          ds.push({ id: did, hospitalId: id });
          add('doctors', {
            id: did, country_id: cid, organization_id: orgId, hospital_id: id, name: display,
            slug: slugify(`${famRoman} ${givRoman} ${did}`), gender: female ? 'female' : 'male',
            description: text.experience(name), glance: text.experience(name),
            provide_care: pediatric ? 'children' : random.pick(['adults', 'adults', 'both'] as const),
            phone: phone(random, PHONE_FORMATS[locale].mobile), email: `doctor${did}@${orgSlug}.example.test`,
            contract: random.pick(['full-time', 'part-time', 'visiting']), tier_id: random.int(1, 4), academy_id: random.int(1, 5),
            client_id: random.pick(pc.clients), languages: text.languages.filter((_, i) => i === 0 || random.chance(0.6)),
            experience: [{ content: text.experience(name), year: random.int(2005, 2022) }],
            education: [{ content: random.pick(text.education), year: random.int(1990, 2015) }],
            awards: random.chance(0.2) ? [{ content: 'Best Doctor Award', year: random.int(2015, 2025) }] : [],
            publication: [], memberships: random.chance(0.3) ? [{ content: 'Medical Association' }] : [],
            faqs: [], price_type: priceType, price,
            price_to: priceType === 'range' ? price + FEES[locale].step * random.int(2, 8) : null,
            promotion_percent: random.chance(0.1) ? random.pick([10, 15, 20, 30]) : null,
            outpatient_enabled: !teleOnly, telemedicine_enabled: tele,
            telemedicine_fee: tele ? fee(random, locale, 0.8) : null,
            buffer_time_outpatient: random.pick([0, 30, 60, 120]), buffer_time_telemedicine: random.pick([15, 30, 60]),
            partner_group: partner, is_featured: !partner && k < 3, baby_formula_campaign: locale === 'vi-VN' && tele && (pediatric || random.chance(0.2)),
            status: bookable(random.chance(0.95) ? 1 : 0, 0),
          });
          for (const s of specs) add('doctor_specialties', { doctor_id: did, specialty_id: s });
          if (random.chance(0.4)) add('doctor_expertise', { doctor_id: did, expertise_id: random.pick(pc.expertise) });
          if (random.chance(0.3)) {
            const p = fee(random, locale, 1.5);
            add('doctor_services', { id: nextId('doctor_services'), doctor_id: did, name: SPECIALTIES[locale][random.int(0, 11)][0], price_type: 'range', price: p, price_to: p * 2 });
          }
        }

        // Service categories and services.
        if (!noServices) {
          const catIds = SERVICE_CATEGORIES[locale].map((cat, i) => {
            const cidx = nextId('service_categories');
            add('service_categories', { id: cidx, hospital_id: id, name: cat, sort_order: i });
            return cidx;
          });
          const templates = SERVICES[locale].filter(() => random.chance(0.52));
          for (const [sname, sroman, cat, isPackage, factor] of templates) {
            const sid = nextId('hospital_services');
            const priceType = isPackage ? 'fixed' : random.chance(0.7) ? 'fixed' : random.chance(0.5) ? 'starting' : 'range';
            const price = fee(random, locale, factor);
            const promo = random.chance(0.2) ? random.pick([5, 10, 15, 20, 25, 30]) : null;
            ss.push({ id: sid, hospitalId: id });
            add('hospital_services', {
              id: sid, country_id: cid, organization_id: orgId, hospital_id: id, category_id: catIds[cat], name: sname, slug: slugify(sroman),
              description: `${sname} - ${name}`, phone: phone(random, PHONE_FORMATS[locale].landline), price_type: priceType, price,
              price_to: priceType === 'range' ? price * 2 : null,
              original_price: promo ? Math.round(price / (1 - promo / 100) / FEES[locale].step) * FEES[locale].step : null,
              price_unit: cfg.currency, promotion_percent: promo, buffer_time: random.pick([0, 60, 120, 1440]), is_package: isPackage,
              online_payment: isPackage && locale === 'vi-VN' && random.chance(0.6), requires_reservation: random.chance(0.1),
              availability: bookable(random.chance(0.9) ? 1 : random.chance(0.5) ? 2 : 0, 0), status: random.chance(0.96) ? 1 : 0,
            });
          }
        }
      }
    }

    // Vaccines (per market) and their per-branch prices; about one in six is out of stock at a branch.
    const dis = DISEASES[locale];
    const vds: Array<{ vaccineId: number; hospitalId: number }> = (vaccineDetailsByLocale[locale] = []);
    for (const [brand, d] of VACCINES) {
      const vid = nextId('vaccines');
      const doses = random.int(1, 3);
      add('vaccines', {
        id: vid, country_id: cid, name: brand, display_name: `${dis.prefix} ${dis.names[d]}`, slug: slugify(brand),
        description: `${brand}: ${dis.prefix} ${dis.names[d]}`, notice: null,
        age_group_labels: dis.ages.filter((_, i) => i === 0 || random.chance(0.5)), doses_labels: [dis.doses(doses)],
      });
      for (const h of hs) {
        if (!random.chance(0.85)) continue;
        const price = fee(random, locale, 2);
        const pct = random.chance(0.2) ? random.pick([5, 10, 15]) : null;
        vds.push({ vaccineId: vid, hospitalId: h.id });
        add('vaccine_details', {
          id: nextId('vaccine_details'), vaccine_id: vid, hospital_id: h.id, price, price_unit: cfg.currency,
          percent_discount: pct, price_discount: pct ? Math.round(price * (1 - pct / 100)) : null,
          status: random.chance(0.17) ? 'out_of_stock' : 'available',
        });
      }
    }

    // Vouchers, content blocks, navigation, popular keys, articles.
    text.voucherNames.forEach((vname, i) => {
      const vid = nextId('vouchers');
      add('vouchers', {
        id: vid, country_id: cid, code: `${cfg.countryCode}${['WELCOME', 'CHECKUP', 'ONLINE'][i]}${26 + i}`, name: vname, sponsor: i === 1 ? 'Partner' : null,
        communication_type: i === 2 ? 'other' : 'offline', discount_percentage: i === 0 ? 10 : null,
        discount_amount: i === 0 ? null : FEES[locale].step * (i + 1), is_active: true,
      });
      for (let k = 0; k < 12; k++) {
        if (i === 1 && ss.length) add('voucher_targets', { id: nextId('voucher_targets'), voucher_id: vid, service_id: random.pick(ss).id });
        else add('voucher_targets', { id: nextId('voucher_targets'), voucher_id: vid, doctor_id: random.pick(ds).id });
      }
    });
    text.articleTitles.forEach((title, i) => add('articles', {
      id: nextId('articles'), country_id: cid, post_title: title, post_date: new Date(Date.UTC(2026, 9, 1 + i * 7)).toISOString(),
      permalink: `https://${cfg.domain}/discover/${slugify(title) || `article-${i + 1}`}`,
      categories: [{ name: text.navLabels[4], text_color: '#0b7285' }], expert_display_name: people.full(people.family[i][0], people.given[i][0]),
    }));
    // issue 40: the menu the public header reads, the site's sections of the market (pages that are built).
    siteNav(locale).forEach((n, i) => add('website_nav', { id: nextId('website_nav'), country_id: cid, label: translator(locale)(n.label), url: localePath(locale, n.path), sort_order: (i + 1) * 10 }));
    text.searchKeys.forEach((keyword, i) => add('popular_search_keys', { id: nextId('popular_search_keys'), country_id: cid, keyword, sort_order: i }));
    for (let i = 0; i < 3; i++) add('homepage_blocks', { id: nextId('homepage_blocks'), country_id: cid, kind: 'banner', title: text.voucherNames[i], image_desktop: `banners/${cfg.prefix}-${i + 1}-desktop.webp`, image_mobile: `banners/${cfg.prefix}-${i + 1}-mobile.webp`, sort_order: i });
    for (let i = 0; i < 6; i++) add('homepage_blocks', { id: nextId('homepage_blocks'), country_id: cid, kind: 'top_hospital', hospital_id: hs[i * 3].id, sort_order: i });
    for (let i = 0; i < 8; i++) add('homepage_blocks', { id: nextId('homepage_blocks'), country_id: cid, kind: 'top_doctor', doctor_id: ds[i * 17].id, sort_order: i });
    for (let i = 0; i < 6 && ss.length; i++) add('homepage_blocks', { id: nextId('homepage_blocks'), country_id: cid, kind: 'top_service', service_id: ss[i * 11 % ss.length].id, sort_order: i });
    add('homepage_blocks', { id: nextId('homepage_blocks'), country_id: cid, kind: 'promotion', title: text.voucherNames[1], link_url: `/${cfg.prefix}/service`, sort_order: 0 });
    add('homepage_blocks', { id: nextId('homepage_blocks'), country_id: cid, kind: 'top_video', video_url: 'https://www.youtube.com/watch?v=3PmVJQUCm4E' /* WHO: How to handwash */, sort_order: 0 });
  }

  // ---- accounts ----------------------------------------------------------------------------------------------
  const vi = 'vi-VN' as Locale;
  const viPeople = PEOPLE[vi];
  const staff: Array<[keyof typeof ACCOUNTS, string]> = [
    ['admin', 'Quản trị viên'], ['super', 'Siêu quản trị'], ['facility', 'Quản lý tổ chức'], ['seniorBranch', 'Quản lý cấp cao chi nhánh'], ['branch', 'Quản lý chi nhánh'], ['doctor', 'Bác sĩ Demo'],
  ];
  const authUsers: object[] = [];
  const account = (id: string, email: string, name: string, confirmed = true) =>
    authUsers.push({ id, email, aud: 'authenticated', role: 'authenticated', email_confirmed_at: confirmed ? '2026-01-01T00:00:00Z' : null, raw_app_meta_data: { provider: 'email', providers: ['email'] }, raw_user_meta_data: { name } });
  for (const [key, name] of staff) {
    const a = ACCOUNTS[key];
    account(a.id, a.email, name);
    add('admin_users', {
      user_id: a.id, role: a.role, name, email: a.email, phone: phone(random, PHONE_FORMATS[vi].mobile), country_id: 1,
      organization_id: ['facility', 'senior_branch', 'branch', 'doctor'].includes(a.role) ? SEED_SCOPE.organizationId : null,
    });
  }
  for (const h of SEED_SCOPE.seniorBranchHospitalIds) add('admin_user_branches', { user_id: ACCOUNTS.seniorBranch.id, hospital_id: h });
  add('admin_user_branches', { user_id: ACCOUNTS.branch.id, hospital_id: SEED_SCOPE.branchHospitalId });
  const demoDoctorId = doctorsByLocale[vi].find((d) => d.hospitalId === SEED_SCOPE.branchHospitalId)!.id;
  const doctorRow = rows.doctors.find((d) => (d as { id: number }).id === demoDoctorId) as Record<string, unknown>;
  Object.assign(doctorRow, { user_id: ACCOUNTS.doctor.id, status: 1, outpatient_enabled: true, telemedicine_enabled: true, partner_group: false, telemedicine_fee: 300000, buffer_time_outpatient: 60, email: ACCOUNTS.doctor.email });

  const patient = (id: string, email: string, name: string, onboarded: boolean, gender: number, birthday: string, phoneNo?: string) => {
    account(id, email, name);
    add('patients', {
      user_id: id, email, email_verified_at: '2026-01-01T00:00:00Z', country_id: 1,
      ...(onboarded ? { name, phone: phoneNo ?? phone(random, PHONE_FORMATS[vi].mobile), phone_verified_at: '2026-01-01T00:00:00Z', birthday, gender } : {}),
    });
  };
  // The demo patient's verified phone is the campaign's eligible number (SPEC §8 happy path).
  patient(ACCOUNTS.patient.id, ACCOUNTS.patient.email, 'Nguyễn Thị Hoa', true, 2, '1990-04-12', CAMPAIGN_PHONES.eligible);
  patient(ACCOUNTS.patientNew.id, ACCOUNTS.patientNew.email, 'Trần Văn Mới', false, 1, '1995-01-01');
  patient(ACCOUNTS.patientOther.id, ACCOUNTS.patientOther.email, 'Lê Minh Khoa', true, 1, '1985-09-30');
  add('family_members', { id: nextId('family_members'), patient_user_id: ACCOUNTS.patient.id, name: 'Phạm Gia Bảo', birthday: '2019-06-01', gender: 'male', relation: 'con', notify_to: 'MASTER' });
  add('family_members', { id: nextId('family_members'), patient_user_id: ACCOUNTS.patient.id, name: 'Nguyễn Văn Thành', birthday: '1958-02-20', gender: 'male', relation: 'bố', notify_to: 'BOTH', email: 'thanh.nguyen@demo.test', phone: '0903 123 456' });
  add('family_members', { id: nextId('family_members'), patient_user_id: ACCOUNTS.patientOther.id, name: 'Lê Thị Ngân', birthday: '2016-11-11', gender: 'female', relation: 'con', notify_to: 'MASTER' });
  const background: string[] = [];
  for (let i = 1; i <= BACKGROUND_PATIENTS; i++) {
    const id = uuidFor(i);
    background.push(id);
    const [f] = random.pick(viPeople.family);
    const [g] = random.pick(viPeople.given);
    patient(id, `patient${i}@seed.test`, viPeople.full(f, g), true, random.int(1, 2), `19${random.int(50, 99)}-0${random.int(1, 9)}-1${random.int(0, 9)}`);
  }

  // Reviews (JSON): spread ratings and dates over two years; none for the no-reviews hospitals.
  const now = Date.now();
  for (const locale of LOCALES) {
    const people = PEOPLE[locale];
    const texts = REVIEW_TEXTS[locale];
    const noReviews = new Set(hospitalsByLocale[locale].filter((h) => h.noReviews).map((h) => h.id));
    const review = (hospitalId: number, doctorId: number | null, serviceId: number | null, vaccineId: number | null = null) => {
      const rate = rating(random);
      const days = Math.floor(random.next() ** 2 * 720);
      const [f] = random.pick(people.family);
      const [g] = random.pick(people.given);
      add('reviews', {
        id: nextId('reviews'), hospital_id: hospitalId, doctor_id: doctorId, service_id: serviceId, vaccine_id: vaccineId, rate,
        feedback: random.chance(0.85) ? random.pick(texts[rate <= 2 ? 0 : rate === 3 ? 1 : 2]) : null, author_name: people.full(f, g),
        ...(random.chance(0.95) ? { is_published: true, status: 'published' } : { is_published: false, status: 'hidden' }), created_at: new Date(now - days * 86_400_000 - random.int(0, 86_399) * 1000).toISOString(),
      });
    };
    for (const d of doctorsByLocale[locale]) {
      if (noReviews.has(d.hospitalId)) continue;
      for (let n = Math.floor(random.next() ** 2 * 9); n > 0; n--) review(d.hospitalId, d.id, null);
    }
    for (const s of servicesByLocale[locale]) {
      if (noReviews.has(s.hospitalId)) continue;
      for (let n = Math.floor(random.next() ** 2 * 5); n > 0; n--) review(s.hospitalId, null, s.id);
    }
    for (const v of vaccineDetailsByLocale[locale]) {
      if (noReviews.has(v.hospitalId) || !random.chance(0.3)) continue;
      for (let n = random.int(1, 3); n > 0; n--) review(v.hospitalId, null, null, v.vaccineId);
    }
  }

  // Baby-formula campaign (vi-VN): phones for each eligibility result (bookings are linked in SQL below).
  add('campaigns', { id: nextId('campaigns'), country_id: 1, code: CAMPAIGN_CODE, name: 'Chương trình sữa công thức cho bé', sponsor: 'Baby formula brand', max_cancellations: 3 });
  const today = new Date(now);
  const day = (offset: number) => new Date(today.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  const at = (offset: number) => new Date(today.getTime() + offset * 86_400_000).toISOString();
  const P = CAMPAIGN_PHONES;
  for (const [phoneNo, r] of [
    [P.eligible, { expired_date: day(90) }],
    [P.expired, { expired_date: day(-10), completed: true, booking_datetime: at(-30) }],
    [P.expiredNotCompleted, { expired_date: day(-5) }],
    [P.cancelledThreeTimes, { expired_date: day(90), cancellations: 3 }],
    [P.upcomingBooking, { expired_date: day(90), booking_datetime: at(3) }],
    [P.completedBooking, { expired_date: day(90), completed: true, booking_datetime: at(-12) }],
  ] as const) add('campaign_phones', { id: nextId('campaign_phones'), campaign_id: 1, phone: phoneNo, completed: false, cancellations: 0, booking_datetime: null, ...r });

  // A finished doctor import of the organization manager with one failed row (SPEC §4 warning: 2 saved, 1/3 not
  // loaded), as src/server/imports.ts leaves one: lines counted from the header (line 1), the error file's address.
  const seedImportHash = '5eed0000000000000000000000000001';
  const seedDoctor = (name: string, email: string) => ({ name, gender: 'female', email, phone: '0901234567', hospital_branch_id: '1', provide_care: 'adults', specialties: '', languages: 'Vietnamese', expertise: '', glance: '', description: '' });
  add('imports', { id: nextId('imports'), hash: seedImportHash, country_id: 1, import_type: 'doctor', organization_id: 1, created_by: ACCOUNTS.facility.id, file_name: 'doctors.csv', size_kb: 0.6, status: 'warning', percent: 100, success: 2, failed: 1, result_url: `/api/admin/imports/${seedImportHash}/errors.csv` });
  add('import_rows', { id: nextId('import_rows'), import_id: 1, line: 2, data: { ...seedDoctor('BS. Demo 1', 'demo1@example.com'), _outcome: 'created' }, status: 'success' });
  add('import_rows', { id: nextId('import_rows'), import_id: 1, line: 3, data: { ...seedDoctor('BS. Demo 2', 'demo2@example.com'), _outcome: 'created' }, status: 'success' });
  add('import_rows', { id: nextId('import_rows'), import_id: 1, line: 4, data: seedDoctor('', 'demo3@example.com'), status: 'failed', message: 'Column "name" is empty: fill it in.' });

  seedVaccinationCases(rows, nextId);

  const order = ['countries', 'doctor_tiers', 'doctor_academies', 'specialties', 'clients', 'insurances', 'payment_methods', 'expertise',
    'organizations', 'hospitals', 'hospital_specialties', 'hospital_insurances', 'hospital_payment_methods', 'doctors', 'doctor_specialties',
    'doctor_expertise', 'doctor_services', 'service_categories', 'hospital_services', 'vaccines', 'vaccine_details', 'vouchers', 'voucher_targets',
    'articles', 'website_nav', 'popular_search_keys', 'homepage_blocks', 'admin_users', 'admin_user_branches', 'patients', 'family_members',
    'reviews', 'campaigns', 'campaign_phones', 'imports', 'import_rows'];
  options.log?.(`generated rows in ${Math.round(performance.now() - t0)} ms`);

  const counts: Record<string, number> = {};
  await transaction(db, async (c) => {
    await c.query(`select set_config('care.history', 'off', true)`);
    // Bulk load: the generated rows are consistent by construction (denormalized ids given, keys taken from the
    // tables), so row triggers and foreign-key checks are skipped while loading when the loader may (superuser,
    // local databases only); slot counters are then computed in one statement. The demo bookings below go
    // through every trigger.
    const replica = await c
      .query(`savepoint bulk; set local session_replication_role = replica`)
      .then(() => true)
      .catch(async () => (await c.query('rollback to savepoint bulk'), false));
    await c.query(
      `insert into auth.users (id, email, aud, role, email_confirmed_at, raw_app_meta_data, raw_user_meta_data, encrypted_password)
       select r.id, r.email, r.aud, r.role, r.email_confirmed_at, r.raw_app_meta_data, r.raw_user_meta_data, pw.hash
         from json_populate_recordset(null::auth.users, $1) r
        cross join (select extensions.crypt($2, extensions.gen_salt('bf')) as hash) pw`,
      [JSON.stringify(authUsers), DEMO_PASSWORD],
    );
    for (const t of order) await insertRows(c, `public.${t}`, rows[t] ?? []);
    await seedListingData(c);
    // Identity columns were given explicit ids: move the sequences past them.
    const seqs = await c.query(
      `select c.relname as t, pg_get_serial_sequence('public.' || c.relname, a.attname) as seq
         from pg_class c join pg_namespace n on n.oid = c.relnamespace join pg_attribute a on a.attrelid = c.oid
        where n.nspname = 'public' and a.attname = 'id' and a.attidentity = 'd' and c.relname = any ($1)`,
      [order],
    );
    for (const r of seqs.rows) await c.query(`select setval($1, (select coalesce(max(id), 0) + 1 from public.${r.t}), false)`, [r.seq]);
    await seedDoctorProfiles(c);
    await seedLifelike(c);
    options.log?.(`inserted directory rows at ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    await generateSchedules(c);
    options.log?.(`generated schedules at ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    await seedBackgroundBookings(c, demoDoctorId, background);
    if (replica) {
      await c.query(`update public.time_slots ts set booked = b.n
                       from (select slot_id, count(*) as n from public.bookings where public.booking_occupies(status) group by slot_id) b
                      where b.slot_id = ts.id`);
      await c.query(`set local session_replication_role = origin; release savepoint bulk`);
    }
    await seedDemoBookings(c, demoDoctorId);
    await seedAvailability(c, demoDoctorId);
    // The bell of the finished demo import (its trigger was off while loading, when the loader could turn it off).
    await c.query(
      `insert into public.notifications (kind, organization_id, import_id, import_created_by)
       select 'import_finished', i.organization_id, i.id, i.created_by from public.imports i
        where i.status <> 'processing' and not exists (select 1 from public.notifications n where n.import_id = i.id)`,
    );
    options.log?.(`booked at ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    await c.query(`insert into public.directory_changes (entity, action) values ('all', 'RESEED')`);
    const tables = [...order, 'schedules', 'time_slots', 'bookings'];
    const r = await c.query(tables.map((t) => `select '${t}' as t, count(*)::int as n from public.${t}`).join(' union all '));
    for (const t of tables) counts[t] = r.rows.find((row) => row.t === t)!.n;
    counts['auth.users'] = authUsers.length;
  });
  await seedHomepage(db);
  await seedBooking(db);
  await seedAccount(db);
  // Fresh statistics, so the first queries after a seed get real plans (RLS subplans included).
  await db.pool.query('analyze');
  options.log?.(`seeded (scale ${scale}) in ${((performance.now() - t0) / 1000).toFixed(1)} s: ${JSON.stringify(counts)}`);
  return counts;
}

/**
 * Schedules for the next 60 days from today in each hospital's zone, with realistic gaps: no Sundays,
 * each doctor works about two days in five in a pattern of its own plus occasional days off, one doctor in five
 * and most services publish no schedule; slot patterns per doctor (morning, afternoon, split, evening),
 * telemedicine in the evening, services in the morning with capacity 3.
 */
async function generateSchedules(c: Queryable) {
  await c.query(`
    insert into public.schedules (kind, doctor_id, hospital_id, working_day)
    select k.kind, d.id, d.hospital_id, g.day::date
      from public.doctors d
      join public.hospitals h on h.id = d.hospital_id
     cross join (values ('outpatient'), ('telemedicine')) k(kind)
     cross join lateral generate_series((now() at time zone h.time_zone)::date, (now() at time zone h.time_zone)::date + 59, interval '1 day') g(day)
     where d.status = 1 and d.id % 10 not in (3, 7)
       and ((k.kind = 'outpatient' and d.outpatient_enabled) or (k.kind = 'telemedicine' and d.telemedicine_enabled))
       and extract(isodow from g.day) <> 7
       and (d.id + (g.day::date - date '2000-01-03')) % 5 in (0, 2)
       and (d.id * 31 + (g.day::date - date '2000-01-03')) % 13 <> 0`);
  await c.query(`
    insert into public.schedules (kind, service_id, hospital_id, working_day)
    select 'service', s.id, s.hospital_id, g.day::date
      from public.hospital_services s
      join public.hospitals h on h.id = s.hospital_id
     cross join lateral generate_series((now() at time zone h.time_zone)::date, (now() at time zone h.time_zone)::date + 59, interval '1 day') g(day)
     where s.status = 1 and s.availability <> 0 and s.id % 4 = 0
       and extract(isodow from g.day) not in (6, 7)
       and (s.id + (g.day::date - date '2000-01-03')) % 3 <> 0`);
  await c.query(`
    with pattern(p, first_start, last_start, step_min) as (values
      (0, time '08:00', time '10:30', 30), (1, time '13:30', time '16:00', 30), (2, time '08:00', time '09:30', 30),
      (2, time '14:00', time '15:30', 30), (3, time '17:30', time '19:30', 30), (4, time '19:00', time '20:40', 20),
      (5, time '07:30', time '10:30', 30))
    insert into public.time_slots (schedule_id, started, ended, capacity)
    select s.id, t.started, t.started + make_interval(mins => p.step_min),
           case when s.kind = 'service' then 3 when s.doctor_id % 5 = 0 then 2 else 1 end
      from public.schedules s
      join pattern p on p.p = case s.kind when 'telemedicine' then 4 when 'service' then 5 else (s.doctor_id % 4)::int end
     cross join lateral (select g::time as started
                           from generate_series(date '2000-01-01' + p.first_start, date '2000-01-01' + p.last_start, make_interval(mins => p.step_min)) g) t
     where (s.id * 7 + extract(hour from t.started)::int * 3 + extract(minute from t.started)::int) % 9 <> 0`);
}

/** A third vi-VN branch: some of its doctors keep their schedule with weekly hours (none of the staff scope's own). */
const AVAILABILITY_BRANCH_ID = 3;

/**
 * Weekly hours (issue #29 item 4) for the doctor-role demo account's doctor and the first three bookable doctors
 * of a third branch: Monday to Saturday at the times of their seed pattern (same slot length and capacity), a day
 * off and extra Saturday evening hours for the demo doctor; their schedules are then generated from them like a save from
 * the availability screen does (public.generate_doctor_slots: booked slots are kept, free ones follow the hours).
 */
async function seedAvailability(c: Queryable, demoDoctorId: number) {
  await c.query(
    `insert into public.doctor_availability (doctor_id, kind, slot_minutes, capacity)
     select d.id, k.kind, case k.kind when 'telemedicine' then 20 else 30 end, case when d.id % 5 = 0 then 2 else 1 end
       from public.doctors d cross join (values ('outpatient'), ('telemedicine')) k(kind)
      where (d.id = $1 or d.id in (select x.id from public.doctors x where x.hospital_id = $2 and x.status = 1 and x.outpatient_enabled and x.id % 10 not in (3, 7) order by x.id limit 3))
        and ((k.kind = 'outpatient' and d.outpatient_enabled) or (k.kind = 'telemedicine' and d.telemedicine_enabled))`,
    [demoDoctorId, AVAILABILITY_BRANCH_ID],
  );
  await c.query(`
    with pattern(p, starts, ends) as (values
      (0, time '08:00', time '11:00'), (1, time '13:30', time '16:30'), (2, time '08:00', time '10:00'), (2, time '14:00', time '16:00'),
      (3, time '17:30', time '20:00'), (4, time '19:00', time '21:00'))
    insert into public.doctor_weekly_hours (doctor_id, kind, weekday, starts, ends)
    select a.doctor_id, a.kind, wd, p.starts, p.ends
      from public.doctor_availability a
      join pattern p on p.p = case a.kind when 'telemedicine' then 4 else (a.doctor_id % 4)::int end
     cross join generate_series(1, 6) wd`);
  // The demo doctor: a conference day off in a week and a half, and a Saturday evening clinic the week after.
  await c.query(
    `insert into public.doctor_schedule_exceptions (doctor_id, kind, day, type, starts, ends, note)
     select $1, 'outpatient', t.today + 10 + case when extract(isodow from t.today + 10) = 7 then 1 else 0 end, 'off', null, null, 'Hội nghị y khoa'
       from (select (now() at time zone h.time_zone)::date as today from public.doctors d join public.hospitals h on h.id = d.hospital_id where d.id = $1) t
      where exists (select 1 from public.doctor_availability a where a.doctor_id = $1 and a.kind = 'outpatient')
     union all
     select $1, 'outpatient', t.today + 15 + (6 - extract(isodow from t.today + 15)::int + 7) % 7, 'extra', time '20:00', time '21:30', 'Khám ngoài giờ thứ Bảy'
       from (select (now() at time zone h.time_zone)::date as today from public.doctors d join public.hospitals h on h.id = d.hospital_id where d.id = $1) t
      where exists (select 1 from public.doctor_availability a where a.doctor_id = $1 and a.kind = 'outpatient')`,
    [demoDoctorId],
  );
  await c.query(`select public.generate_doctor_slots(a.doctor_id, a.kind) from public.doctor_availability a order by a.doctor_id, a.kind`);
}

/** Background bookings on near slots (some full). */
async function seedBackgroundBookings(c: Queryable, demoDoctorId: number, background: string[]) {
  // About one slot in four of the next week is booked by a background patient.
  await c.query(
    `insert into public.bookings (booking_type, appointment_type, patient_user_id, doctor_id, service_id, hospital_id, slot_id, starts_at, status, price, idempotency_key, payment_method)
     select case when s.kind = 'service' then 'service' else 'doctor' end, s.kind, ($1::uuid[])[1 + ts.id % array_length($1::uuid[], 1)],
            s.doctor_id, s.service_id, s.hospital_id, ts.id, (s.working_day + ts.started) at time zone h.time_zone, 'confirmed',
            coalesce(d.price, sv.price), 'seed-bg-' || ts.id, 'cash'
       from public.time_slots ts
       join public.schedules s on s.id = ts.schedule_id
       join public.hospitals h on h.id = s.hospital_id
       left join public.doctors d on d.id = s.doctor_id
       left join public.hospital_services sv on sv.id = s.service_id
      where s.working_day between (now() at time zone h.time_zone)::date + 1 and (now() at time zone h.time_zone)::date + 7
        and ts.id % 4 = 1 and s.doctor_id is distinct from $2`,
    [background, demoDoctorId],
  );
}

/** The demo patients' bookings, through the booking triggers like any other write. */
async function seedDemoBookings(c: Queryable, demoDoctorId: number) {
  // The demo doctor: a past working day (for a completed booking and its review), and upcoming bookings.
  await c.query(
    `with s as (insert into public.schedules (kind, doctor_id, working_day)
                select 'outpatient', $1, (now() at time zone 'Asia/Ho_Chi_Minh')::date - 7 returning id)
     insert into public.time_slots (schedule_id, started, ended, capacity) select id, time '09:00', time '09:30', 1 from s`,
    [demoDoctorId],
  );
  const slot = async (where: string, params: unknown[]) =>
    (await c.query(`select ts.id, (s.working_day + ts.started) at time zone h.time_zone as starts_at, s.hospital_id, s.doctor_id, s.service_id, s.kind
                      from public.time_slots ts join public.schedules s on s.id = ts.schedule_id join public.hospitals h on h.id = s.hospital_id
                     where ${where} and ts.booked < ts.capacity order by s.working_day, ts.started limit 1`, params)).rows[0];
  const book = async (s: Record<string, unknown> | undefined, patient: string, key: string, status: string, familyMemberId: number | null = null) => {
    if (!s) throw new Error(`seed: no free slot for ${key}`);
    await c.query(
      `insert into public.bookings (booking_type, appointment_type, patient_user_id, family_member_id, doctor_id, service_id, hospital_id, slot_id, starts_at, status, idempotency_key, payment_method, cancelled_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'cash', case when $10 = 'cancelled' then now() end)`,
      [s.kind === 'service' ? 'service' : 'doctor', s.kind, patient, familyMemberId, s.doctor_id, s.service_id, s.hospital_id, s.id, s.starts_at, status, key],
    );
  };
  const P = ACCOUNTS.patient.id;
  await book(await slot(`s.doctor_id = $1 and s.working_day < now()::date`, [demoDoctorId]), P, 'seed-demo-completed', 'completed');
  await book(await slot(`s.doctor_id = $1 and s.kind = 'outpatient' and s.working_day > now()::date + 1`, [demoDoctorId]), P, 'seed-demo-upcoming', 'confirmed');
  await book(await slot(`s.doctor_id = $1 and s.kind = 'telemedicine' and s.working_day > now()::date + 1`, [demoDoctorId]), P, 'seed-demo-tele-family', 'pending', 1);
  await book(await slot(`s.hospital_id = $1 and s.kind = 'service' and s.working_day > now()::date + 1`, [SEED_SCOPE.seniorBranchHospitalIds[1]]), P, 'seed-demo-service', 'confirmed', 2);
  await book(await slot(`s.doctor_id = $1 and s.kind = 'outpatient' and s.working_day > now()::date + 3`, [demoDoctorId]), P, 'seed-demo-cancelled', 'cancelled');
  await book(await slot(`s.hospital_id in (select id from public.hospitals where organization_id = $1) and s.kind = 'outpatient' and s.working_day > now()::date + 1`, [SEED_SCOPE.otherOrganizationId]), ACCOUNTS.patientOther.id, 'seed-other-upcoming', 'confirmed');
  // The demo patient's review of the completed visit; campaign phones linked to bookings.
  await c.query(
    `insert into public.reviews (booking_id, patient_user_id, author_name, doctor_id, hospital_id, rate, feedback)
     select b.id, b.patient_user_id, 'Nguyễn Thị Hoa', b.doctor_id, b.hospital_id, 5, 'Bác sĩ tận tâm, giải thích rõ ràng.'
       from public.bookings b where b.idempotency_key = 'seed-demo-completed'`,
  );
  // Reviews waiting for a look at the organization's first two branches (issue #39): at each, one names a phone number
  // (flagged) and one does not; the admin reviews e2e spec works on branch 1 at 1280 px and branch 2 at 390 px.
  await c.query(
    `insert into public.reviews (author_name, doctor_id, hospital_id, rate, feedback, status, is_published, created_at)
     select v.author, (select min(d.id) from public.doctors d where d.hospital_id = v.hospital), v.hospital, v.rate, v.feedback, 'pending', false, now() - v.age
       from (values (1, 'Quách Minh Khoa', 2, 'Chờ lâu quá. Gọi lại cho tôi số 0912 345 678 nhé.', interval '2 hours'),
                    (1, 'Hứa Thu Hà', 4, 'Phòng khám sạch sẽ, nhân viên lịch sự.', interval '5 hours'),
                    (2, 'Lạc Hoàng Nam', 1, 'Không ai nghe máy, liên hệ tôi qua 0987 654 321.', interval '3 hours'),
                    (2, 'Tôn Nữ Thanh Tâm', 5, 'Đặt lịch dễ, được gọi đúng giờ.', interval '6 hours')) v(hospital, author, rate, feedback, age)`,
  );
  await c.query(
    `update public.campaign_phones set booking_id = (select id from public.bookings where idempotency_key = 'seed-demo-upcoming')
      where phone = $1`,
    [CAMPAIGN_PHONES.upcomingBooking],
  );
}
