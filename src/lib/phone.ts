/** Phone button and telephone links (SPEC §2, §4, §6). */
import { LOCALE_CONFIG, type Locale } from '../../i18n/locales';
import { message, type Message } from './message-key';

/** Source of the login started from a phone button, so the login page can send the visitor back. */
export const PHONE_LOGIN_SOURCE = 'care_phone';
/** Visitors who may not see the number see this many leading characters, then asterisks. */
export const PHONE_VISIBLE_PREFIX = 5;

export const PHONE_COPIED_MESSAGE = message('directory.phone.copied');

export interface LoginReturnFlow {
  /** Saved before login; the visitor comes back here. */
  returnUrl: string;
  source: typeof PHONE_LOGIN_SOURCE;
}

export interface PhoneButton {
  /** The full number, or the first 5 characters then asterisks. */
  display: string;
  masked: boolean;
  /** tel: link when the visitor may call, else null. */
  href: string | null;
  /** 'Login To Call' on the button when calling needs a login. */
  callLabel: Message | null;
  /** 'Log In To View' beside a masked number. */
  viewLabel: Message | null;
  /** Started by pressing the button when a login is needed. */
  login: LoginReturnFlow | null;
}

/** tel: URI: digits and a leading plus only. */
export function telHref(phone: string): string {
  const trimmed = phone.trim();
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${trimmed.replace(/\D/g, '')}`;
}

/** First 5 characters, then one asterisk per hidden character. */
export function maskPhone(phone: string): string {
  const p = phone.trim();
  return p.slice(0, PHONE_VISIBLE_PREFIX) + '*'.repeat(Math.max(0, p.length - PHONE_VISIBLE_PREFIX));
}

/** The number may be called by logged-in users, and by everyone in ms-MY. */
export function canCall(locale: Locale, loggedIn: boolean): boolean {
  return loggedIn || LOCALE_CONFIG[locale].features.phoneVisibleToVisitors;
}

/** The number may be read in full by those who can call, and by everyone where the locale displays it (zh-TW). */
export function canDisplay(locale: Locale, loggedIn: boolean): boolean {
  return canCall(locale, loggedIn) || LOCALE_CONFIG[locale].features.phoneDisplay;
}

/**
 * The phone button of cards and the map card. Logged-in users (and everyone in ms-MY) see and call the number;
 * zh-TW visitors see it but need a login to call; other visitors see it masked with 'Log In To View'. Pressing a
 * login label starts the login return flow. null when there is no phone.
 */
export function phoneButton(input: { phone?: string | null; locale: Locale; loggedIn: boolean; returnUrl: string }): PhoneButton | null {
  const phone = input.phone?.trim();
  if (!phone) return null;
  const call = canCall(input.locale, input.loggedIn);
  const show = canDisplay(input.locale, input.loggedIn);
  return {
    display: show ? phone : maskPhone(phone),
    masked: !show,
    href: call ? telHref(phone) : null,
    callLabel: call ? null : message('directory.phone.loginToCall'),
    viewLabel: show ? null : message('directory.phone.logInToView'),
    login: call ? null : { returnUrl: input.returnUrl, source: PHONE_LOGIN_SOURCE },
  };
}

/** Service page header: the telephone link is active only for logged-in users, and only when there is a phone. */
export function serviceHeaderPhoneLink(input: { phone?: string | null; loggedIn: boolean }): string | null {
  const phone = input.phone?.trim();
  return input.loggedIn && phone ? telHref(phone) : null;
}
