/**
 * Server messages in the caller's locale (issue #30 item 4). The functions build their messages in English (the
 * spec's texts); the envelope of a failure is rendered in the locale the caller asks for: the best match of
 * `Accept-Language` among the six markets (the site's islands send their page's locale), else the `lang` cookie
 * the language switcher sets, else English as before. Messages with no translation stay as they are.
 */
import { LOCALES, LOCALE_CONFIG, type Locale } from '../../i18n/locales';
import { MESSAGES, translate, type MessageKey } from '../../i18n/strings';
import type { FieldErrors } from '../lib/envelope';

/** The API's own language: callers that ask for nothing get the spec's English. */
export const API_LOCALE: Locale = 'en-PH';

/** The market locale of a language tag: the exact tag, else the first market with the same language. */
export function matchLocale(tag: string): Locale | null {
  const t = tag.trim().toLowerCase();
  if (!t || t === '*') return null;
  const exact = LOCALES.find((l) => l.toLowerCase() === t || LOCALE_CONFIG[l].htmlLang.toLowerCase() === t);
  if (exact) return exact;
  const language = t.split('-')[0];
  return LOCALES.find((l) => l.split('-')[0].toLowerCase() === language) ?? null;
}

/** The best market locale of an Accept-Language header (by q value, then order), or null. */
export function acceptLanguageLocale(header: string | null | undefined): Locale | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part, i) => {
      const [tag, ...rest] = part.trim().split(';');
      const q = rest.map((r) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(r)).find(Boolean);
      return { tag, q: q ? Number(q[1]) : 1, i };
    })
    .filter((x) => x.tag && x.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const { tag } of ranked) {
    const l = matchLocale(tag);
    if (l) return l;
  }
  return null;
}

/** The `lang` cookie's locale (set by the language switcher), or null. */
export function cookieLocale(cookieHeader: string | null | undefined): Locale | null {
  const m = /(?:^|;\s*)lang=([^;]*)/.exec(cookieHeader ?? '');
  if (!m) return null;
  const value = decodeURIComponent(m[1]);
  return LOCALES.find((l) => l === value) ?? null;
}

/** The locale a call's messages are written in. */
export function callerLocale(req: Request): Locale {
  return acceptLanguageLocale(req.headers.get('accept-language')) ?? cookieLocale(req.headers.get('cookie')) ?? API_LOCALE;
}

type Rule = [pattern: RegExp, key: MessageKey, params?: (m: RegExpExecArray) => Record<string, string | number>];
/** The English messages the wrapper and the validation produce whose counts need a plural, and their keys. */
const PLURAL_RULES: Rule[] = [
  [/^Too many attempts\. Please try again in (\d+) seconds?\.$/, 'server.tooManySeconds', (m) => ({ count: Number(m[1]) })],
  [/^Too many attempts\. Please try again in (\d+) minutes?\.$/, 'server.tooManyMinutes', (m) => ({ count: Number(m[1]) })],
  [/^The date range can be at most (\d+) days?\.$/, 'server.rangeTooLong', (m) => ({ count: Number(m[1]) })],
];

/**
 * Messages whose English text is their en-PH string: every `server.*` key (the wrapper's, the validation's, and
 * what the booking, account, family, profile, review and onboarding functions and their SQL say to a patient),
 * and the form rules of src/lib the functions re-check (written with translate('en-PH', key)).
 */
const KEYED_FORM_RULES: MessageKey[] = [
  'form.required',
  'form.invalidFormat',
  'form.maxLength',
  'form.family.nameRequired',
  'form.family.birthdayRequired',
  'form.family.birthdayFuture',
  'form.family.emailInvalid',
  'form.family.avatarRequired',
  'account.family.avatarType',
  'account.bookings.review.rateRequired',
];

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A rule from an en-PH template with {placeholders} (no plural): each placeholder matches any text. */
function templateRule(key: MessageKey): Rule {
  const names: string[] = [];
  const source = MESSAGES[API_LOCALE][key]
    .split(/\{(\w+)\}/)
    .map((part, i) => (i % 2 ? (names.push(part), '(.+?)') : escapeRegExp(part)))
    .join('');
  return [new RegExp(`^${source}$`), key, (m) => Object.fromEntries(names.map((n, i) => [n, m[i + 1]]))];
}

let rules: Rule[] | null = null;
/** Built on first use (a server process translates; nothing else pays for the table). */
function allRules(): Rule[] {
  rules ??= [
    ...PLURAL_RULES,
    ...(Object.keys(MESSAGES[API_LOCALE]) as MessageKey[])
      .filter((k) => k.startsWith('server.') && !MESSAGES[API_LOCALE][k].includes(', plural,'))
      .concat(KEYED_FORM_RULES)
      .map(templateRule),
  ];
  return rules;
}

function translateWhole(text: string, locale: Locale): string | null {
  for (const [pattern, key, params] of allRules()) {
    const m = pattern.exec(text);
    if (m) return translate(locale, key, params?.(m));
  }
  return null;
}

/** One message in `locale`; a field-prefixed message ('name: This field is required') keeps its field path. */
export function localizeMessage(text: string, locale: Locale): string {
  if (locale === API_LOCALE) return text;
  const whole = translateWhole(text, locale);
  if (whole !== null) return whole;
  const colon = text.indexOf(': ');
  if (colon > 0) {
    const rest = translateWhole(text.slice(colon + 2), locale);
    if (rest !== null) return `${text.slice(0, colon + 2)}${rest}`;
  }
  return text;
}

/** The messages of a failure envelope, and its field errors (`_data.errors`), in `locale`. */
export function localizeFailure(messages: string[], data: unknown, locale: Locale): { messages: string[]; data: unknown } {
  if (locale === API_LOCALE) return { messages, data };
  const errors = (data as { errors?: FieldErrors } | null)?.errors;
  const localized = errors ? { ...(data as object), errors: Object.fromEntries(Object.entries(errors).map(([f, list]) => [f, list.map((m) => localizeMessage(m, locale))])) } : data;
  return { messages: messages.map((m) => localizeMessage(m, locale)), data: localized };
}
