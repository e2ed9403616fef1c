/**
 * Translatable messages (./message-key) and their rendering in a locale through the string catalogue.
 */
import type { Locale } from '../../i18n/locales';
import { translate } from '../../i18n/strings';
import type { Message } from './message-key';

export { message, type Message } from './message-key';

export function render(locale: Locale, m: Message): string {
  return translate(locale, m.key, m.params);
}
