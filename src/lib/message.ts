/**
 * A translatable message: a string key plus its {placeholders}. Domain modules return these (never finished
 * English) so that pages, islands and functions render them in the visitor's locale.
 */
import type { Locale } from '../../i18n/locales';
import { translate, type MessageKey, type Params } from '../../i18n/strings';

export interface Message {
  key: MessageKey;
  params?: Params;
}

export function message(key: MessageKey, params?: Params): Message {
  return params ? { key, params } : { key };
}

export function render(locale: Locale, m: Message): string {
  return translate(locale, m.key, m.params);
}
