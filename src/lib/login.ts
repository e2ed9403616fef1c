/**
 * The patient login (e-mail or phone one-time code) and its return flow (SPEC §4: the phone button saves the
 * current page and logs in with source care_phone; Continue Booking may return to the booking page).
 */

/** Calling codes of the six markets; the phone field's country is fixed (SPEC §5: no dropdown). */
export const DIAL_CODES: Record<string, string> = { VN: '+84', PH: '+63', ID: '+62', TW: '+886', MY: '+60', TH: '+66' };

/** One-time codes are six digits (the auth service's default). */
export const OTP_LENGTH = 6;

/**
 * A local number of the locale's country in E.164: spaces and dashes dropped, a national leading 0 dropped, the
 * country code added; a number typed with its own '+' country code is kept. null when it cannot be a number.
 */
export function toE164(countryCode: string, input: string): string | null {
  const raw = input.trim();
  const dial = DIAL_CODES[countryCode];
  if (!dial) return null;
  const digits = raw.replace(/[\s().-]/g, '');
  if (!/^\+?\d+$/.test(digits)) return null;
  const full = digits.startsWith('+') ? digits : `${dial}${digits.replace(/^0+/, '')}`;
  // E.164: at most 15 digits; the shortest national numbers of these markets have 8.
  const n = full.length - 1;
  return n >= 9 && n <= 15 ? full : null;
}

export function isEmail(input: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(input.trim());
}

/**
 * Where to go after login: a path on this site only (never another origin, never a protocol-relative URL), else
 * the fallback. Keeps the query (a booking page's parameters).
 */
export function safeReturnUrl(raw: string | null | undefined, fallback: string): string {
  const v = (raw ?? '').trim();
  if (!v.startsWith('/') || v.startsWith('//') || v.startsWith('/\\')) return fallback;
  try {
    const u = new URL(v, 'https://x.invalid');
    return u.origin === 'https://x.invalid' ? `${u.pathname}${u.search}${u.hash}` : fallback;
  } catch {
    return fallback;
  }
}
