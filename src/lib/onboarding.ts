/**
 * SPEC §5 onboarding rule: a patient is onboarded when the profile has name, phone, phone_verified_at, birthday
 * and a numeric gender; in configurations that require it also e-mail and email_verified_at, and the e-mail must
 * not end with a placeholder domain (the group's or the social login's). Pure; used by /api/me, the booking
 * flow's redirect and the onboarding screen.
 */
export interface OnboardingProfile {
  name?: string | null;
  phone?: string | null;
  phone_verified_at?: string | Date | null;
  email?: string | null;
  email_verified_at?: string | Date | null;
  birthday?: string | Date | null;
  gender?: number | string | null;
}

export interface OnboardingOptions {
  /** Also require a verified, real e-mail. */
  requireEmail?: boolean;
  /** Domains of placeholder e-mails (social login without e-mail, the group's generated addresses). */
  placeholderDomains?: readonly string[];
}

export const DEFAULT_PLACEHOLDER_DOMAINS = ['privaterelay.appleid.com', 'placeholder.care.local', 'noemail.social.local'] as const;

export type OnboardingField = 'name' | 'phone' | 'phone_verified_at' | 'birthday' | 'gender' | 'email' | 'email_verified_at';

const present = (v: unknown) => v !== null && v !== undefined && !(typeof v === 'string' && v.trim() === '');

export function isPlaceholderEmail(email: string | null | undefined, domains: readonly string[] = DEFAULT_PLACEHOLDER_DOMAINS): boolean {
  if (!email) return false;
  const e = email.trim().toLowerCase();
  return domains.some((d) => e.endsWith('@' + d.toLowerCase()) || e.endsWith('.' + d.toLowerCase()));
}

/** The fields still missing, in the order the onboarding screen asks for them; empty when onboarded. */
export function missingOnboardingFields(profile: OnboardingProfile | null | undefined, options: OnboardingOptions = {}): OnboardingField[] {
  const p = profile ?? {};
  const missing: OnboardingField[] = [];
  if (!present(p.name)) missing.push('name');
  if (!present(p.phone)) missing.push('phone');
  if (!present(p.phone_verified_at)) missing.push('phone_verified_at');
  if (!present(p.birthday)) missing.push('birthday');
  const g = p.gender;
  const numeric = typeof g === 'number' ? Number.isInteger(g) : typeof g === 'string' && /^\d+$/.test(g.trim());
  if (!numeric) missing.push('gender');
  if (options.requireEmail) {
    if (!present(p.email) || isPlaceholderEmail(p.email, options.placeholderDomains)) missing.push('email');
    if (!present(p.email_verified_at)) missing.push('email_verified_at');
  }
  return missing;
}

export function isOnboarded(profile: OnboardingProfile | null | undefined, options: OnboardingOptions = {}): boolean {
  return missingOnboardingFields(profile, options).length === 0;
}
