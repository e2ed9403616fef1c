/** Hospital page rules (SPEC §2, §9): tabs, booking area, hours, collapsed lists, indexing, links and paths. */
import { LOCALE_CONFIG, type Locale } from '../../i18n/locales';
import { message, type Message } from './message-key';

export const HOSPITAL_TABS = ['general', 'services', 'doctors', 'reviews'] as const;
export type HospitalTab = (typeof HOSPITAL_TABS)[number];
export const DEFAULT_HOSPITAL_TAB: HospitalTab = 'general';
/** Query parameter that keeps the tab; general info has none. */
export const TAB_PARAM = 'tab';

export const CAROUSEL_INTERVAL_MS = 7000;
export const MAP_ZOOM = 15;
export const COLLAPSED_LIST_SIZE = { mobile: 5, desktop: 10 } as const;
export type Viewport = keyof typeof COLLAPSED_LIST_SIZE;
/** About and patient guide collapse to this many lines. */
export const COLLAPSED_TEXT_LINES = 4;
export const LIST_SKELETONS = 20;
// The search-box rules live in their own module, so a page that only searches does not load this one's imports.
export { SEARCH_DEBOUNCE_MS, SEARCH_MIN_CHARS, KEYWORD_MAX_CHARS, clampKeyword, searchKeyword } from './search-keyword';

export const NO_RESULTS_MESSAGE = message('directory.noResults');
export const NO_REVIEWS_MESSAGE = message('directory.reviews.empty');

export interface TabCounts {
  services: number;
  doctors: number;
  reviews: number;
}

export interface TabView {
  id: HospitalTab;
  label: Message;
  /** Value of the tab query parameter; null for general info. */
  query: string | null;
}

/** General Info always; Services and Doctors where the locale allows; Reviews only if the organization publishes them. */
export function hospitalTabs(locale: Locale, counts: TabCounts, publishReviews: boolean): TabView[] {
  const f = LOCALE_CONFIG[locale].features;
  const tabs: TabView[] = [{ id: 'general', label: message('directory.tab.general'), query: null }];
  if (f.serviceListings) tabs.push({ id: 'services', label: message('directory.tab.services', { count: counts.services }), query: 'services' });
  if (f.doctorListings) tabs.push({ id: 'doctors', label: message('directory.tab.doctors', { count: counts.doctors }), query: 'doctors' });
  if (publishReviews) tabs.push({ id: 'reviews', label: message('directory.tab.reviews', { count: counts.reviews }), query: 'reviews' });
  return tabs;
}

/** The tab a query value selects; unknown, missing or not offered -> general info. */
export function parseTab(value: string | null | undefined, offered: readonly TabView[] | readonly HospitalTab[]): HospitalTab {
  const ids = offered.map((t) => (typeof t === 'string' ? t : t.id));
  return ids.find((id) => id !== 'general' && id === value) ?? DEFAULT_HOSPITAL_TAB;
}

/** URL of a tab: sets ?tab=…, or removes it for general info; other query parameters are kept. */
export function tabHref(currentUrl: string, tab: HospitalTab): string {
  const url = new URL(currentUrl, 'http://x');
  if (tab === 'general') url.searchParams.delete(TAB_PARAM);
  else url.searchParams.set(TAB_PARAM, tab);
  const q = url.searchParams.toString();
  return `${url.pathname}${q ? `?${q}` : ''}${url.hash}`;
}

/** The rating summary links to the reviews tab only when reviews are published and exist. */
export function ratingLinksToReviews(publishReviews: boolean, totalReviews: number): boolean {
  return publishReviews && totalReviews > 0;
}

export type BookingKind = 'doctor' | 'service';

export interface BookingArea {
  /** Quick booking card (desktop) / 'Book now' panel (mobile, tablet). */
  quickBooking: boolean;
  /** Kinds offered in quick booking; the switch shows only with both. */
  kinds: BookingKind[];
  forcedKind: BookingKind | null;
  showSwitch: boolean;
  /** 'Book an appointment' maps link, instead of quick booking. */
  mapsButton: boolean;
  /** 'Hospital you may like' suggestions when nothing is bookable. */
  suggestions: boolean;
}

export function bookingArea(input: { locale: Locale; totalAvailableDoctors: number; totalAvailableServices: number; canReadBookingBlock: boolean }): BookingArea {
  const kinds: BookingKind[] = [];
  if (input.totalAvailableDoctors > 0) kinds.push('doctor');
  if (input.totalAvailableServices > 0) kinds.push('service');
  const bookable = kinds.length > 0;
  const quickBooking = bookable && LOCALE_CONFIG[input.locale].features.quickBooking && !input.canReadBookingBlock;
  return {
    quickBooking,
    kinds: quickBooking ? kinds : [],
    forcedKind: quickBooking && kinds.length === 1 ? kinds[0] : null,
    showSwitch: quickBooking && kinds.length > 1,
    mapsButton: input.canReadBookingBlock,
    suggestions: !bookable,
  };
}

/**
 * Maps link of the 'Book an appointment' button and the directions link of hospital cards: coordinates when
 * known, else the name and address as a search; null when there is nothing to search for.
 */
export function mapsLink(place: { latitude?: number | null; longitude?: number | null; name?: string | null; address?: string | null }): string | null {
  const base = 'https://www.google.com/maps/search/?api=1&query=';
  if (place.latitude != null && place.longitude != null && Number.isFinite(place.latitude) && Number.isFinite(place.longitude)) return `${base}${place.latitude},${place.longitude}`;
  const q = [place.name, place.address].map((v) => v?.trim()).filter(Boolean).join(', ');
  return q ? base + encodeURIComponent(q) : null;
}

/** Link to the organization's other branches only while the organization is active. */
export function showOtherBranches(organization: { isActive?: boolean | null } | null | undefined): boolean {
  return !!organization?.isActive;
}

/** Featured doctors carousel skips partner-group doctors. */
export function featuredDoctors<T extends { partnerGroup?: boolean | null }>(doctors: readonly T[]): T[] {
  return doctors.filter((d) => !d.partnerGroup);
}

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export type TimeRange = { start: string; end: string } | string;
export type WorkingTimes = Partial<Record<Weekday, readonly TimeRange[] | null>>;

export interface DayHours {
  day: Weekday;
  label: Message;
  closed: boolean;
  /** 'HH:mm - HH:mm' per range, in order. */
  ranges: string[];
  /** Text of the row: the ranges, or 'Closed'. */
  text: Message | string;
}

function rangeText(r: TimeRange): string | null {
  if (typeof r === 'string') {
    const m = r.match(/^\s*(\d{1,2}:\d{2})\s*[-–]\s*(\d{1,2}:\d{2})\s*$/);
    return m ? `${m[1]} - ${m[2]}` : r.trim() || null;
  }
  return r.start && r.end ? `${r.start.slice(0, 5)} - ${r.end.slice(0, 5)}` : null;
}

/** Regular hours per weekday mon..sun; a day without ranges reads 'Closed'. */
export function regularHours(workingTimes: WorkingTimes | null | undefined): DayHours[] {
  return WEEKDAYS.map((day) => {
    const ranges = (workingTimes?.[day] ?? [])
      .map(rangeText)
      .filter((t): t is string => !!t)
      .sort();
    const closed = ranges.length === 0;
    return { day, label: message(`directory.weekday.${day}`), closed, ranges, text: closed ? message('directory.hours.closed') : ranges.join(', ') };
  });
}

/** openingHours {day,start,end} rows folded into workingTimes; day is 'mon'..'sun' or 0..6 from Sunday. */
export function workingTimesFromOpeningHours(rows: readonly { day: string | number; start: string; end: string }[]): WorkingTimes {
  const out: Partial<Record<Weekday, TimeRange[]>> = {};
  for (const r of rows) {
    const name = typeof r.day === 'string' ? r.day.slice(0, 3).toLowerCase() : null;
    const day: Weekday | undefined = typeof r.day === 'number' ? WEEKDAYS[(((r.day % 7) + 7) + 6) % 7] : WEEKDAYS.find((d) => d === name);
    if (day) (out[day] ??= []).push({ start: r.start, end: r.end });
  }
  return out;
}

/** First 5 (mobile) or 10 (desktop) items, then 'view more'. */
export function collapsedList<T>(items: readonly T[], viewport: Viewport, expanded = false): { visible: T[]; hasMore: boolean } {
  const size = COLLAPSED_LIST_SIZE[viewport];
  return { visible: expanded ? [...items] : items.slice(0, size), hasMore: !expanded && items.length > size };
}

/**
 * Hospital ids kept out of search engines (configuration). Empty by default; deployments list ids here.
 * A hospital whose status is not set is never indexed either.
 */
export const SEARCH_INDEX_EXCLUDED_HOSPITAL_IDS: readonly number[] = [];

export function isIndexable(hospital: { id: number; status?: number | null }, excludedIds: readonly number[] = SEARCH_INDEX_EXCLUDED_HOSPITAL_IDS): boolean {
  return hospital.status != null && !excludedIds.includes(hospital.id);
}

/** The one specialty whose card opens the hospital listing filtered by a fixed type (configuration). */
export const SPECIAL_SPECIALTY = { slug: 'dentistry', hospitalType: 'dental-clinic' } as const;

/** Specialty card: doctor listing of the city for the specialty, or the fixed-type hospital listing. Paths are inside the locale prefix. */
export function specialtyCardHref(citySlug: string, specialtySlug: string, special: { slug: string; hospitalType: string } = SPECIAL_SPECIALTY): string {
  if (specialtySlug === special.slug) return `/hospitals/?type=${encodeURIComponent(special.hospitalType)}`;
  return `/doctors/${encodeURIComponent(citySlug)}/${encodeURIComponent(specialtySlug)}`;
}

function withoutQuery(path: string): string {
  return path.replace(/[?#].*$/, '');
}

function join(base: string, tail: string): string {
  return `${base.replace(/\/+$/, '')}/${tail.replace(/^\/+/, '')}`;
}

/** Vaccine detail: current path without query, then '{vaccine slug}-{vaccine_detail_id}'. */
export function vaccineDetailUrl(currentPath: string, vaccineSlug: string, vaccineDetailId: number | string): string {
  return join(withoutQuery(currentPath), `${vaccineSlug}-${vaccineDetailId}`);
}

/** A service page path is the hospital path followed by the service path. */
export function servicePagePath(hospitalPath: string, servicePath: string): string {
  return join(withoutQuery(hospitalPath), servicePath);
}

/** The reviews page of a service or a doctor appends 'reviews' to its page path. */
export function reviewsPagePath(pagePath: string): string {
  return join(withoutQuery(pagePath), 'reviews');
}

export const serviceReviewsPath = reviewsPagePath;
export const doctorReviewsPath = reviewsPagePath;

/** The mobile ad inside About goes after this many non-empty lines (vi-VN only). */
export const ABOUT_AD_AFTER_LINES = 2;

/** About split into non-empty lines, before and after the mobile ad position. */
export function aboutWithAd(about: string | null | undefined, afterLines = ABOUT_AD_AFTER_LINES): { before: string[]; after: string[] } {
  const lines = (about ?? '').split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
  return { before: lines.slice(0, afterLines), after: lines.slice(afterLines) };
}
