/**
 * A translatable message: a string key plus its {placeholders}. Domain modules return these (never finished
 * English) so that pages, islands and functions render them in the visitor's locale. Kept apart from the string
 * catalogue (`render` in ./message) so that code which only makes messages, like the admin's form kit, does not
 * load every locale's strings.
 */
import type { MessageKey, Params } from '../../i18n/strings';

export interface Message {
  key: MessageKey;
  params?: Params;
}

export function message(key: MessageKey, params?: Params): Message {
  return params ? { key, params } : { key };
}
