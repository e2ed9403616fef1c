/**
 * SPEC §5 form messages and the small input rules, pure: no zod, no string catalogue. The admin's form kit and
 * pagination load only this; ./validation re-exports it beside the schema factories.
 */
import { message, type Message } from './message-key';

export const FORM_MESSAGES = {
  required: message('form.required'),
  invalidFormat: message('form.invalidFormat'),
  /** An oversized file in a single file input (SPEC §5). */
  fileTooLarge: message('form.fileTooLarge'),
  nameRequired: message('form.family.nameRequired'),
  birthdayRequired: message('form.family.birthdayRequired'),
  birthdayFuture: message('form.family.birthdayFuture'),
  emailInvalid: message('form.family.emailInvalid'),
  avatarRequired: message('form.family.avatarRequired'),
} as const satisfies Record<string, Message>;

export const maxLengthMessage = (number: number) => message('form.maxLength', { number });
export const minLengthMessage = (number: number) => message('form.minLength', { number });
export const minItemsMessage = (number: number) => message('form.minItems', { number });
export const maxItemsMessage = (number: number) => message('form.maxItems', { number });

/** Number inputs block the keys e and full stop. */
export function isBlockedNumberKey(key: string): boolean {
  return key === 'e' || key === 'E' || key === '.';
}

/** Pagination accepts whole pages 1 to the page count. */
export function isValidPage(page: unknown, pageCount: number): page is number {
  return typeof page === 'number' && Number.isInteger(page) && page >= 1 && page <= Math.max(1, pageCount);
}
