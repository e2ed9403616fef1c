/**
 * UI strings: one JSON file per locale under i18n/strings/. vi-VN (the default locale) defines the keys;
 * a unit test fails when any other locale misses a key or a {placeholder}.
 */
import type { Locale } from './locales';
import vi from './strings/vi-VN.json' with { type: 'json' };
import en from './strings/en-PH.json' with { type: 'json' };
import id from './strings/id-ID.json' with { type: 'json' };
import zh from './strings/zh-TW.json' with { type: 'json' };
import ms from './strings/ms-MY.json' with { type: 'json' };
import th from './strings/th-TH.json' with { type: 'json' };

export type MessageKey = keyof typeof vi;
export type Messages = Record<MessageKey, string>;

export const MESSAGES: Record<Locale, Messages> = {
  'vi-VN': vi,
  'en-PH': en,
  'id-ID': id,
  'zh-TW': zh,
  'ms-MY': ms,
  'th-TH': th,
};

export { interpolate, type Params } from './interpolate';
import { interpolate, type Params } from './interpolate';

export function translate(locale: Locale, key: MessageKey, params?: Params): string {
  return interpolate(MESSAGES[locale][key], params);
}

/** A translator bound to one locale, for pages and islands. */
export function translator(locale: Locale) {
  return (key: MessageKey, params?: Params) => translate(locale, key, params);
}
