/** Finds real doctors, services and hospitals of the seeded site through its public calls, and signs patients in. */
import type { APIRequestContext, Page } from '@playwright/test';
import { LOCALE_CONFIG, type Locale } from '../../../i18n/locales';
import { MESSAGES } from '../../../i18n/strings';
import { ACCOUNTS, DEMO_PASSWORD } from '../../../supabase/seed/accounts';

export const SEARCH = { accept: 'application/json; version=2.0.0' };
/** Hospitals per market in the seed at scale 1 (6 organizations × 5 branches), in locale order. */
const HOSPITALS_PER_MARKET = 30;

export const text = (locale: Locale, key: string, params: Record<string, string | number> = {}) =>
  (MESSAGES[locale] as Record<string, string>)[key].replace(/\{(\w+)\}/g, (_, k: string) => String(params[k]));

export interface FoundDoctor {
  id: number;
  name: string;
  slug: string;
  hospitalId: number;
  validOutpatient: boolean;
  validTelemedicine: boolean;
  babyFormulaCampaign: boolean;
  specialties: number[];
}

function hospitalIds(locale: Locale): number[] {
  const i = (Object.keys(LOCALE_CONFIG) as Locale[]).indexOf(locale);
  return Array.from({ length: HOSPITALS_PER_MARKET }, (_, k) => i * HOSPITALS_PER_MARKET + k + 1);
}

async function data<T>(request: APIRequestContext, url: string, headers: Record<string, string> = {}): Promise<T | null> {
  const res = await request.get(url, { headers });
  if (!res.ok()) return null;
  return (await res.json())._data as T;
}

/** Whether the schedule has a bookable day (the nearest-day variant answers the week that has one). */
export async function hasSlots(request: APIRequestContext, path: string, today = new Date().toISOString().slice(0, 10)): Promise<boolean> {
  const d = await data<{ nearest: string | null }>(request, `${path}${path.includes('?') ? '&' : '?'}startDate=${today}`);
  return Boolean(d?.nearest);
}

export async function findDoctor(request: APIRequestContext, locale: Locale, want: (d: FoundDoctor) => boolean, mode: 'schedules' | 'telemedicine-schedules' = 'schedules'): Promise<FoundDoctor> {
  for (const hospitalId of hospitalIds(locale)) {
    const d = await data<{ searches: FoundDoctor[] }>(request, `/api/quick-booking/doctors?hospitalBranchId=${hospitalId}&specialtyId=`, SEARCH);
    for (const doc of d?.searches ?? []) {
      if (want(doc) && (await hasSlots(request, `/api/doctors/${doc.id}/${mode}`))) return { ...doc, hospitalId };
    }
  }
  throw new Error(`no doctor in ${locale} matches`);
}

export async function findService(request: APIRequestContext, locale: Locale): Promise<{ id: number; name: string; slug: string; hospitalId: number }> {
  for (const hospitalId of hospitalIds(locale)) {
    const d = await data<{ searches: { id: number; name: string; slug: string }[] }>(request, `/api/quick-booking/services?hospitalBranchId=${hospitalId}`, SEARCH);
    for (const s of d?.searches ?? []) if (await hasSlots(request, `/api/services/schedules?serviceId=${s.id}`)) return { ...s, hospitalId };
  }
  throw new Error(`no service in ${locale} has slots`);
}

/** Every hospital page of the locale, as a visitor finds them: the hospital listing and its further pages. */
export async function hospitalPageHrefs(page: Page, locale: Locale): Promise<string[]> {
  const prefix = LOCALE_CONFIG[locale].prefix;
  const hrefs = new Set<string>();
  const pages = [`/${prefix}/hospitals/`];
  for (let i = 0; i < pages.length; i++) {
    await page.goto(pages[i]);
    for (const h of await page.locator(`main a[href^="/${prefix}/hospital/"]`).evaluateAll((as) => as.map((a) => a.getAttribute('href')!))) hrefs.add(h);
    for (const p of await page.locator(`a[href^="/${prefix}/hospitals/page/"]`).evaluateAll((as) => as.map((a) => a.getAttribute('href')!))) if (!pages.includes(p)) pages.push(p);
  }
  return [...hrefs].filter((h) => /^\/[a-z-]+\/hospital\/[^/]+\/?$/.test(h));
}

/** A hospital page whose quick booking offers doctors (a specialty with two or more doctors) and services. */
export async function findHospitalPage(page: Page, locale: Locale): Promise<{ url: string; hospitalId: number }> {
  for (const href of await hospitalPageHrefs(page, locale)) {
    const res = await page.request.get(href);
    if (!res.ok()) continue;
    const html = await res.text();
    const m = /id="quick-booking"[^>]*data-hospital-id="(\d+)"[^>]*data-kinds="doctor,service"/.exec(html);
    if (m) return { url: href, hospitalId: Number(m[1]) };
  }
  throw new Error(`no ${locale} hospital offers both kinds`);
}

/** Signs a seeded patient in with the auth stand-in and leaves the session where the site's Supabase client reads it. */
// One sign-in per account and worker: the auth stand-in rate-limits password sign-ins as Supabase does.
const sessions = new Map<string, string>();

/** Returns the access token. */
export async function signIn(page: Page, who: keyof typeof ACCOUNTS): Promise<string> {
  const cached = sessions.get(who);
  if (cached) {
    await page.addInitScript((s) => window.localStorage.setItem('care-auth-token', s), cached);
    return JSON.parse(cached).access_token;
  }
  const res = await page.request.post('/auth/v1/token?grant_type=password', { data: { email: ACCOUNTS[who].email, password: DEMO_PASSWORD }, headers: { apikey: 'local-anon-key' } });
  if (!res.ok()) throw new Error(`sign-in failed: ${res.status()} ${await res.text()}`);
  const session = JSON.stringify(await res.json());
  sessions.set(who, session);
  await page.addInitScript((s) => window.localStorage.setItem('care-auth-token', s), session);
  return JSON.parse(session).access_token;
}

export const doctorUrl = (locale: Locale, slug: string) => `/${LOCALE_CONFIG[locale].prefix}/doctor/${slug}/`;
