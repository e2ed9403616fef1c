/**
 * Admin campaigns (issue #39 item 2, SPEC §2 /admin/campaign, admin only): the list, create and edit (code, name,
 * sponsor, market, period, maximum cancellations, active), the campaign's doctors (the baby-formula flag of SPEC §3),
 * its eligible phone numbers (CSV import on the campaign's page, normalised to the market's format; duplicates and
 * malformed numbers come back for the error file) with each number's usage ledger, and the "check a number" tool,
 * which answers through public.campaign_eligibility and campaignAnswer exactly as the booking flow does. Writes to
 * campaigns and campaign_phones are plain statements as the caller: the policies let only platform admins write them
 * (migration 20261128150100).
 */
import { z } from 'zod';
import { defineEndpoint, serve } from '../src/server/endpoint';
import { ApiError, notFound, validationFailed } from '../src/lib/errors';
import {
  ADMIN_CAMPAIGN_PAGE_SIZE,
  CAMPAIGN_MESSAGES,
  CAMPAIGN_PHONE_PAGE_SIZE,
  CAMPAIGN_ROLES,
  campaignDoctorsData,
  campaignDoctorsQuery,
  campaignForm,
  campaignListData,
  campaignListQuery,
  campaignPhonesData,
  campaignPhonesQuery,
  campaignView,
  phoneCheckBody,
  phoneCheckData,
  phoneImportBody,
  phoneExpiryBody,
  phoneImportData,
  type CampaignView,
} from '../src/lib/admin-campaigns';
import { checkPhoneRecords, normalizeCampaignPhone, PHONE_IMPORT_MESSAGES } from '../src/lib/csv-import-campaign-phones';
import { BABY_FORMULA_CAMPAIGN_CODE, campaignAnswer, campaignEligibilitySchema } from '../src/lib/campaign';
import { callerLocale, localizeMessage } from '../src/server/caller-locale';
import { LOCALES, LOCALE_CONFIG, localeForCountryId } from '../i18n/locales';
import type { Queryable } from '../src/data/db';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const zoneOf = (countryId: number) => LOCALE_CONFIG[localeForCountryId(countryId) ?? 'vi-VN'].timeZones[0];
const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : v == null ? null : new Date(String(v)).toISOString());

/** The market's zone of a campaign row, from the locale table (one zone per market's calendar days). */
const ZONE_OF_ROW = `(case c.country_id ${LOCALES.map((l) => `when ${LOCALE_CONFIG[l].countryId} then '${LOCALE_CONFIG[l].timeZones[0]}'`).join(' ')} end)`;

/** Period as calendar days of the market: starts at 00:00 of startsOn, ends before 00:00 of the day after endsOn. */
const VIEW_COLUMNS = `c.id::int as id, c.code, c.name, c.sponsor, c.country_id::int as "countryId",
  to_char(c.starts_at at time zone ${ZONE_OF_ROW}, 'YYYY-MM-DD') as "startsOn", to_char((c.ends_at - interval '1 microsecond') at time zone ${ZONE_OF_ROW}, 'YYYY-MM-DD') as "endsOn",
  c.max_cancellations::int as "maxCancellations", c.is_active as "isActive",
  (select count(*)::int from public.campaign_phones p where p.campaign_id = c.id) as phones,
  (select count(*)::int from public.campaign_phones p where p.campaign_id = c.id and (p.booking_id is not null or p.completed or p.cancellations > 0)) as used,
  case when c.code = '${BABY_FORMULA_CAMPAIGN_CODE}' then (select count(*)::int from public.doctors d where d.country_id = c.country_id and d.baby_formula_campaign) else 0 end as doctors`;

async function readCampaign(db: Queryable, id: number): Promise<CampaignView> {
  const { rows } = await db.query('select country_id from public.campaigns where id = $1', [id]);
  if (!rows[0]) throw notFound(CAMPAIGN_MESSAGES.notFound);
  const view = await db.query(`select ${VIEW_COLUMNS} from public.campaigns c where c.id = $1`, [id]);
  return view.rows[0];
}

export const adminCampaignList = defineEndpoint({
  method: 'GET',
  path: '/api/admin/campaigns',
  summary: 'Campaigns of a market (admin only): code or name keyword, page; with phone, used-number and doctor counts',
  tags: ['admin', 'campaigns'],
  auth: 'staff',
  roles: CAMPAIGN_ROLES,
  query: campaignListQuery,
  response: campaignListData,
  async handler({ query, db }) {
    const kw = query.keyword ? `%${query.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
    const where = `($1::smallint is null or c.country_id = $1) and ($2::text is null or c.code ilike $2 escape '\\' or c.name ilike $2 escape '\\')`;
    const total = (await db.query(`select count(*)::int as n from public.campaigns c where ${where}`, [query.countryId ?? null, kw])).rows[0].n as number;
    const { rows } = await db.query(
      `select ${VIEW_COLUMNS} from public.campaigns c where ${where} order by c.is_active desc, c.created_at desc, c.id desc limit ${ADMIN_CAMPAIGN_PAGE_SIZE} offset $3`,
      [query.countryId ?? null, kw, (query.page - 1) * ADMIN_CAMPAIGN_PAGE_SIZE],
    );
    return { campaigns: rows, pagination: { current: query.page, last: Math.max(1, Math.ceil(total / ADMIN_CAMPAIGN_PAGE_SIZE)), total_items: total, per_page: ADMIN_CAMPAIGN_PAGE_SIZE } };
  },
});

/** Insert or update; a code already used in the market is a 422 on the code field. */
async function saveCampaign(db: Queryable, body: z.output<typeof campaignForm>, id: number | null): Promise<number> {
  const zone = zoneOf(body.countryId);
  const args = [body.code, body.name, body.sponsor || null, body.countryId, body.startsOn, body.endsOn, body.maxCancellations, body.isActive, zone];
  const period = `($5::date::timestamp at time zone $9), (($6::date + 1)::timestamp at time zone $9)`;
  try {
    const { rows } = id == null
      ? await db.query(`insert into public.campaigns (code, name, sponsor, country_id, starts_at, ends_at, max_cancellations, is_active) values ($1, $2, $3, $4, ${period}, $7, $8) returning id::int as id`, args)
      : await db.query(`update public.campaigns set (code, name, sponsor, country_id, starts_at, ends_at, max_cancellations, is_active) = ($1, $2, $3, $4, ${period}, $7, $8) where id = $10 returning id::int as id`, [...args, id]);
    if (!rows[0]) throw notFound(CAMPAIGN_MESSAGES.notFound);
    return rows[0].id;
  } catch (err) {
    if ((err as { code?: string }).code === '23505') throw validationFailed({ code: [CAMPAIGN_MESSAGES.codeTaken] });
    throw err;
  }
}

export const adminCampaignCreate = defineEndpoint({
  method: 'POST',
  path: '/api/admin/campaigns',
  summary: 'Create a campaign (admin only)',
  tags: ['admin', 'campaigns'],
  auth: 'staff',
  roles: CAMPAIGN_ROLES,
  body: { json: campaignForm },
  response: z.object({ campaign: campaignView }),
  async handler({ body, db, messages }) {
    const id = await saveCampaign(db, body, null);
    messages.push(CAMPAIGN_MESSAGES.created);
    return { campaign: await readCampaign(db, id) };
  },
});

export const adminCampaignRead = defineEndpoint({
  method: 'GET',
  path: '/api/admin/campaigns/:id',
  summary: 'A campaign with its counts (admin only)',
  tags: ['admin', 'campaigns'],
  auth: 'staff',
  roles: CAMPAIGN_ROLES,
  params: idParams,
  response: z.object({ campaign: campaignView }),
  async handler({ params, db }) {
    return { campaign: await readCampaign(db, params.id) };
  },
});

export const adminCampaignUpdate = defineEndpoint({
  method: 'PUT',
  path: '/api/admin/campaigns/:id',
  summary: 'Edit a campaign (admin only)',
  tags: ['admin', 'campaigns'],
  auth: 'staff',
  roles: CAMPAIGN_ROLES,
  params: idParams,
  body: { json: campaignForm },
  response: z.object({ campaign: campaignView }),
  async handler({ params, body, db, messages }) {
    await saveCampaign(db, body, params.id);
    messages.push(CAMPAIGN_MESSAGES.updated);
    return { campaign: await readCampaign(db, params.id) };
  },
});

export const adminCampaignPhones = defineEndpoint({
  method: 'GET',
  path: '/api/admin/campaigns/:id/phones',
  summary: "A campaign's eligible numbers with their expiry and usage ledger (booking, date, completed, cancellations), newest first",
  tags: ['admin', 'campaigns'],
  auth: 'staff',
  roles: CAMPAIGN_ROLES,
  params: idParams,
  query: campaignPhonesQuery,
  response: campaignPhonesData,
  async handler({ params, query, db }) {
    await readCampaign(db, params.id);
    const total = (await db.query('select count(*)::int as n from public.campaign_phones where campaign_id = $1', [params.id])).rows[0].n as number;
    const { rows } = await db.query(
      `select id::int as id, phone, to_char(expired_date, 'YYYY-MM-DD') as "expiredDate", booking_id::int as "bookingId", booking_datetime, completed, cancellations::int as cancellations, created_at
         from public.campaign_phones where campaign_id = $1 order by created_at desc, id desc limit ${CAMPAIGN_PHONE_PAGE_SIZE} offset $2`,
      [params.id, (query.page - 1) * CAMPAIGN_PHONE_PAGE_SIZE],
    );
    return {
      phones: rows.map(({ booking_datetime, created_at, ...r }) => ({ ...r, bookingDatetime: iso(booking_datetime), createdAt: iso(created_at)! })),
      pagination: { current: query.page, last: Math.max(1, Math.ceil(total / CAMPAIGN_PHONE_PAGE_SIZE)), total_items: total, per_page: CAMPAIGN_PHONE_PAGE_SIZE },
    };
  },
});

export const adminCampaignPhoneImport = defineEndpoint({
  method: 'POST',
  path: '/api/admin/campaigns/:id/phones/import',
  summary: "Import eligible numbers (the file's records, at most 50): normalised to the market's format; malformed numbers, bad dates and duplicates come back as failures",
  tags: ['admin', 'campaigns'],
  auth: 'staff',
  roles: CAMPAIGN_ROLES,
  params: idParams,
  body: { json: phoneImportBody, maxBytes: 64 * 1024 },
  response: phoneImportData,
  async handler({ params, body, db, request, messages }) {
    const campaign = await readCampaign(db, params.id);
    const existing = new Set<string>((await db.query('select phone from public.campaign_phones where campaign_id = $1', [params.id])).rows.map((r) => r.phone));
    const { rows, failures } = checkPhoneRecords(body.records.map((r) => ({ line: r.line, record: r.data })), campaign.countryId, existing);
    const stored = rows.length
      ? (
          await db.query(
            `insert into public.campaign_phones (campaign_id, phone, expired_date) select $1, x.phone, x.d from unnest($2::text[], $3::date[]) x(phone, d)
             on conflict (campaign_id, phone) do nothing returning phone`,
            [params.id, rows.map((r) => r.phone), rows.map((r) => r.expiredDate)],
          )
        ).rows.map((r) => r.phone as string)
      : [];
    // A number another admin added meanwhile is a duplicate too.
    const storedSet = new Set(stored);
    for (const r of rows) if (!storedSet.has(r.phone)) failures.push({ line: r.line, record: body.records.find((x) => x.line === r.line)!.data, messages: [PHONE_IMPORT_MESSAGES.alreadyInCampaign] });
    const locale = callerLocale(request);
    if (failures.length === 0) messages.push(CAMPAIGN_MESSAGES.imported);
    return {
      saved: stored.length,
      failed: failures.sort((a, b) => a.line - b.line).map((f) => ({ line: f.line, record: { ...f.record }, messages: f.messages.map((m) => localizeMessage(m, locale)) })),
    };
  },
});

export const adminCampaignPhoneExpiry = defineEndpoint({
  method: 'PUT',
  path: '/api/admin/campaigns/:id/phones/:phoneId',
  summary: "Change one eligible number's expiry date",
  tags: ['admin', 'campaigns'],
  auth: 'staff',
  roles: CAMPAIGN_ROLES,
  params: z.object({ id: z.coerce.number().int().positive(), phoneId: z.coerce.number().int().positive() }),
  body: { json: phoneExpiryBody },
  response: z.object({ id: z.number().int(), expiredDate: z.string() }),
  async handler({ params, body, db, messages }) {
    const { rows } = await db.query(
      `update public.campaign_phones set expired_date = $3 where id = $2 and campaign_id = $1 returning id::int as id, to_char(expired_date, 'YYYY-MM-DD') as "expiredDate"`,
      [params.id, params.phoneId, body.expiredDate],
    );
    if (!rows[0]) throw notFound(CAMPAIGN_MESSAGES.phoneNotFound);
    messages.push(CAMPAIGN_MESSAGES.updated);
    return rows[0];
  },
});

export const adminCampaignCheck = defineEndpoint({
  method: 'POST',
  path: '/api/admin/campaigns/:id/check',
  summary: 'Check a number a caller reads out: eligible, or the reason 1 to 5 with the message the booking flow shows, in the caller\'s language',
  tags: ['admin', 'campaigns'],
  auth: 'staff',
  roles: CAMPAIGN_ROLES,
  params: idParams,
  body: { json: phoneCheckBody },
  response: phoneCheckData,
  async handler({ params, body, db, request }) {
    const campaign = await readCampaign(db, params.id);
    const market = localeForCountryId(campaign.countryId) ?? 'vi-VN';
    // The booking flow's own rule: public.campaign_eligibility (a platform admin may name the number).
    const { rows } = await db.query('select public.campaign_eligibility($1, $2::smallint, $3) as result', [campaign.code, campaign.countryId, body.phone]);
    const answer = campaignAnswer(campaignEligibilitySchema.parse(rows[0].result), { locale: callerLocale(request), market });
    return { ...answer, normalized: normalizeCampaignPhone(body.phone, campaign.countryId) };
  },
});

export const adminCampaignDoctors = defineEndpoint({
  method: 'GET',
  path: '/api/admin/campaigns/:id/doctors',
  summary: "The campaign's doctors (the baby-formula flag in its market) and, for a keyword of 2+ characters, doctors to add",
  tags: ['admin', 'campaigns'],
  auth: 'staff',
  roles: CAMPAIGN_ROLES,
  params: idParams,
  query: campaignDoctorsQuery,
  response: campaignDoctorsData,
  async handler({ params, query, db }) {
    const campaign = await readCampaign(db, params.id);
    const applies = campaign.code === BABY_FORMULA_CAMPAIGN_CODE;
    if (!applies) return { members: [], candidates: [], applies };
    const cols = `d.id::int as id, d.name, h.name as hospital, d.baby_formula_campaign as "inCampaign"`;
    const members = (await db.query(`select ${cols} from public.doctors d join public.hospitals h on h.id = d.hospital_id where d.country_id = $1 and d.baby_formula_campaign order by d.name, d.id limit 500`, [campaign.countryId])).rows;
    const kw = query.keyword && [...query.keyword].length >= 2 ? `%${query.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
    const candidates = kw
      ? (await db.query(`select ${cols} from public.doctors d join public.hospitals h on h.id = d.hospital_id where d.country_id = $1 and not d.baby_formula_campaign and d.name ilike $2 escape '\\' order by d.name, d.id limit 20`, [campaign.countryId, kw])).rows
      : [];
    return { members, candidates, applies };
  },
});

export const adminCampaignDoctor = defineEndpoint({
  method: 'PUT',
  path: '/api/admin/campaigns/:id/doctors/:doctorId',
  summary: 'Add a doctor to the baby-formula campaign or remove it (the baby-formula flag)',
  tags: ['admin', 'campaigns'],
  auth: 'staff',
  roles: CAMPAIGN_ROLES,
  params: z.object({ id: z.coerce.number().int().positive(), doctorId: z.coerce.number().int().positive() }),
  body: { json: z.object({ inCampaign: z.boolean() }) },
  response: z.object({ id: z.number().int(), inCampaign: z.boolean() }),
  async handler({ params, body, db, messages }) {
    const { rows } = await db.query('select public.admin_set_campaign_doctor($1, $2, $3) as flag', [params.id, params.doctorId, body.inCampaign]);
    if (!rows[0]) throw new ApiError(404, CAMPAIGN_MESSAGES.notFound);
    messages.push(CAMPAIGN_MESSAGES.updated);
    return { id: params.doctorId, inCampaign: rows[0].flag };
  },
});

export default serve(adminCampaignList, adminCampaignCreate, adminCampaignRead, adminCampaignUpdate, adminCampaignPhones, adminCampaignPhoneImport, adminCampaignPhoneExpiry, adminCampaignCheck, adminCampaignDoctors, adminCampaignDoctor);
export const config = {
  path: ['/api/admin/campaigns', '/api/admin/campaigns/:id', '/api/admin/campaigns/:id/phones', '/api/admin/campaigns/:id/phones/import', '/api/admin/campaigns/:id/phones/:phoneId', '/api/admin/campaigns/:id/check', '/api/admin/campaigns/:id/doctors', '/api/admin/campaigns/:id/doctors/:doctorId'],
};
