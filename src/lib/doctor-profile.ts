/**
 * Doctor page profile rules (SPEC §3 doctor read model, issue #7): the repeating sections (experience,
 * education, awards, publications, memberships) as entries with an optional year, FAQs, the services with their
 * price lines, and which sections a page shows (sections without data are left out).
 */
import type { Currency, Locale } from '../../i18n/locales';
import { priceView, type PriceType } from './prices';

export interface ProfileEntry {
  content: string;
  year: number | null;
}

export interface ProfileFaq {
  question: string;
  answer: string;
}

function yearOf(value: unknown): number | null {
  const n = typeof value === 'string' ? Number(value.trim()) : typeof value === 'number' ? value : NaN;
  return Number.isInteger(n) && n > 1900 && n < 2200 ? n : null;
}

function entryOf(value: unknown): ProfileEntry | null {
  if (typeof value === 'string') {
    const s = value.trim();
    if (!s) return null;
    // The legacy experiences list holds JSON descriptions with content and year.
    if (s.startsWith('{')) {
      try {
        return entryOf(JSON.parse(s));
      } catch {
        /* plain text that starts with a brace */
      }
    }
    return { content: s, year: null };
  }
  if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    const content = typeof o.content === 'string' ? o.content.trim() : typeof o.description === 'string' ? o.description.trim() : '';
    if (!content) return null;
    return { content, year: yearOf(o.year) };
  }
  return null;
}

/**
 * Entries of a repeating section, empty ones dropped, most recent year first (entries without a year keep their
 * order after the dated ones). `legacy` (the legacy experiences list) is used only when the list itself is empty.
 */
export function profileEntries(list: unknown, legacy?: unknown): ProfileEntry[] {
  const read = (l: unknown) => (Array.isArray(l) ? l.map(entryOf).filter((e): e is ProfileEntry => e !== null) : []);
  const own = read(list);
  const entries = own.length ? own : read(legacy);
  return entries
    .map((e, i) => ({ e, i }))
    .sort((a, b) => (b.e.year ?? -Infinity) - (a.e.year ?? -Infinity) || a.i - b.i)
    .map(({ e }) => e);
}

/** FAQs with both a question and an answer. */
export function profileFaqs(list: unknown): ProfileFaq[] {
  if (!Array.isArray(list)) return [];
  return list.flatMap((f) => {
    const q = typeof f?.question === 'string' ? f.question.trim() : '';
    const a = typeof f?.answer === 'string' ? f.answer.trim() : '';
    return q && a ? [{ question: q, answer: a }] : [];
  });
}

export interface DoctorServiceInput {
  id: number;
  name: string;
  description: string | null;
  price_type: PriceType | string;
  price: number;
  price_to: number | null;
}

export interface DoctorServiceLine {
  id: number;
  name: string;
  description: string | null;
  /** Localised price (fixed, 'From …' or a range), or null when the price rule hides it. */
  priceText: string | null;
}

/**
 * A doctor's services with their price lines: the doctor's partner-group flag and price override apply to each
 * (SPEC §5: hidden for partner-group doctors and zero prices unless the override flag is set).
 */
export function doctorServiceLines(
  locale: Locale,
  services: readonly DoctorServiceInput[],
  doctor: { partnerGroup: boolean; priceOverride: boolean; currency: Currency },
): DoctorServiceLine[] {
  return services.map((s) => {
    const v = priceView(locale, {
      price: Number(s.price),
      priceTo: s.price_to == null ? null : Number(s.price_to),
      priceType: s.price_type,
      currency: doctor.currency,
      partnerGroup: doctor.partnerGroup,
      showPriceOverride: doctor.priceOverride,
    });
    return { id: s.id, name: s.name, description: s.description?.trim() || null, priceText: v.visible ? v.text : null };
  });
}

export const PROFILE_SECTIONS = ['glance', 'description', 'expertise', 'languages', 'experience', 'education', 'awards', 'publications', 'memberships', 'services', 'faqs'] as const;
export type ProfileSection = (typeof PROFILE_SECTIONS)[number];

export interface DoctorProfileInput {
  glance: string | null;
  description: string | null;
  expertise: readonly string[];
  languages: readonly string[];
  experience: readonly ProfileEntry[];
  education: readonly ProfileEntry[];
  awards: readonly ProfileEntry[];
  publications: readonly ProfileEntry[];
  memberships: readonly ProfileEntry[];
  services: readonly unknown[];
  faqs: readonly ProfileFaq[];
}

/** The sections a doctor page shows, in page order: only those with data. */
export function profileSections(p: DoctorProfileInput): ProfileSection[] {
  const has: Record<ProfileSection, boolean> = {
    glance: !!p.glance?.trim(),
    description: !!p.description?.trim() && p.description.trim() !== p.glance?.trim(),
    expertise: p.expertise.length > 0,
    languages: p.languages.length > 0,
    experience: p.experience.length > 0,
    education: p.education.length > 0,
    awards: p.awards.length > 0,
    publications: p.publications.length > 0,
    memberships: p.memberships.length > 0,
    services: p.services.length > 0,
    faqs: p.faqs.length > 0,
  };
  return PROFILE_SECTIONS.filter((s) => has[s]);
}
