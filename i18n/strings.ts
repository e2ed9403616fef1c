/**
 * UI strings: one JSON file per locale under i18n/strings/, plus one per locale in each area folder
 * (i18n/strings/booking/, account/, server/: the functions' messages to patients). vi-VN (the default locale) defines the keys;
 * a unit test fails when any other locale misses a key or a {placeholder}.
 */
import type { Locale } from './locales';
import vi from './strings/vi-VN.json' with { type: 'json' };
import en from './strings/en-PH.json' with { type: 'json' };
import id from './strings/id-ID.json' with { type: 'json' };
import zh from './strings/zh-TW.json' with { type: 'json' };
import ms from './strings/ms-MY.json' with { type: 'json' };
import th from './strings/th-TH.json' with { type: 'json' };
// One folder per product area (booking, account), so that areas built side by side never edit one file.
import viBooking from './strings/booking/vi-VN.json' with { type: 'json' };
import enBooking from './strings/booking/en-PH.json' with { type: 'json' };
import idBooking from './strings/booking/id-ID.json' with { type: 'json' };
import zhBooking from './strings/booking/zh-TW.json' with { type: 'json' };
import msBooking from './strings/booking/ms-MY.json' with { type: 'json' };
import thBooking from './strings/booking/th-TH.json' with { type: 'json' };
import viAccount from './strings/account/vi-VN.json' with { type: 'json' };
import enAccount from './strings/account/en-PH.json' with { type: 'json' };
import idAccount from './strings/account/id-ID.json' with { type: 'json' };
import zhAccount from './strings/account/zh-TW.json' with { type: 'json' };
import msAccount from './strings/account/ms-MY.json' with { type: 'json' };
import thAccount from './strings/account/th-TH.json' with { type: 'json' };
import viServer from './strings/server/vi-VN.json' with { type: 'json' };
import enServer from './strings/server/en-PH.json' with { type: 'json' };
import idServer from './strings/server/id-ID.json' with { type: 'json' };
import zhServer from './strings/server/zh-TW.json' with { type: 'json' };
import msServer from './strings/server/ms-MY.json' with { type: 'json' };
import thServer from './strings/server/th-TH.json' with { type: 'json' };
// Admin appointments (issue 35): the cancellation mail, the CSV export's headers and labels, its server messages.
import viAppointments from './strings/appointments/vi-VN.json' with { type: 'json' };
import enAppointments from './strings/appointments/en-PH.json' with { type: 'json' };
import idAppointments from './strings/appointments/id-ID.json' with { type: 'json' };
import zhAppointments from './strings/appointments/zh-TW.json' with { type: 'json' };
import msAppointments from './strings/appointments/ms-MY.json' with { type: 'json' };
import thAppointments from './strings/appointments/th-TH.json' with { type: 'json' };
// Doctor unavailable (issue 35): the rebooking links of the cancellation mail, the link's page and server messages.
import viDoctorUnavailable from './strings/doctor-unavailable/vi-VN.json' with { type: 'json' };
import enDoctorUnavailable from './strings/doctor-unavailable/en-PH.json' with { type: 'json' };
import idDoctorUnavailable from './strings/doctor-unavailable/id-ID.json' with { type: 'json' };
import zhDoctorUnavailable from './strings/doctor-unavailable/zh-TW.json' with { type: 'json' };
import msDoctorUnavailable from './strings/doctor-unavailable/ms-MY.json' with { type: 'json' };
import thDoctorUnavailable from './strings/doctor-unavailable/th-TH.json' with { type: 'json' };

const viAll = /* @__PURE__ */ (() => ({ ...vi, ...viBooking, ...viAccount, ...viServer, ...viAppointments, ...viDoctorUnavailable }))();
export type MessageKey = keyof typeof viAll;
export type Messages = Record<MessageKey, string>;

// Built in a pure call so that a bundle importing a module of src/lib without rendering (the admin app, which has
// catalogues of its own) drops the six tables.
export const MESSAGES: Record<Locale, Messages> = /* @__PURE__ */ (() => ({
  'vi-VN': viAll,
  'en-PH': { ...en, ...enBooking, ...enAccount, ...enServer, ...enAppointments, ...enDoctorUnavailable } as Messages,
  'id-ID': { ...id, ...idBooking, ...idAccount, ...idServer, ...idAppointments, ...idDoctorUnavailable } as Messages,
  'zh-TW': { ...zh, ...zhBooking, ...zhAccount, ...zhServer, ...zhAppointments, ...zhDoctorUnavailable } as Messages,
  'ms-MY': { ...ms, ...msBooking, ...msAccount, ...msServer, ...msAppointments, ...msDoctorUnavailable } as Messages,
  'th-TH': { ...th, ...thBooking, ...thAccount, ...thServer, ...thAppointments, ...thDoctorUnavailable } as Messages,
}))();

export { interpolate, type Params } from './interpolate';
import { interpolate, type Params, type PluralSelect } from './interpolate';

const pluralRules = new Map<Locale, PluralSelect>();
/** The locale's CLDR plural category of a number (one Intl.PluralRules per locale and process). */
export function pluralOf(locale: Locale): PluralSelect {
  let select = pluralRules.get(locale);
  if (!select) {
    const rules = new Intl.PluralRules(locale);
    select = (n) => rules.select(n);
    pluralRules.set(locale, select);
  }
  return select;
}

export function translate(locale: Locale, key: MessageKey, params?: Params): string {
  const template = MESSAGES[locale][key];
  return interpolate(template, params, template.includes(', plural,') ? pluralOf(locale) : undefined);
}

/** A translator bound to one locale, for pages and islands. */
export function translator(locale: Locale) {
  return (key: MessageKey, params?: Params) => translate(locale, key, params);
}
