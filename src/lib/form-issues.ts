/**
 * SPEC §5 form messages for zod issues: one mapping used by the admin's forms (through the zod resolver) so the
 * same schema the function validates with shows the spec's texts. Pure; returns Message objects.
 */
import type { core } from 'zod';
import { message, type Message } from './message-key';
import { FORM_MESSAGES, maxItemsMessage, maxLengthMessage, minItemsMessage, minLengthMessage } from './form-rules';

/** 'This field is required' as a server schema's custom check words it (SPEC §5). */
const SERVER_REQUIRED = 'This field is required';

/** The message of one zod issue: required, min/max length, min/max items, a file too large, otherwise 'Invalid format'. */
export function formIssueMessage(issue: core.$ZodRawIssue | core.$ZodIssue): Message {
  const input = (issue as { input?: unknown }).input;
  if (issue.code === 'invalid_type' && (input === undefined || input === null)) return FORM_MESSAGES.required;
  if (issue.code === 'too_small') {
    const min = Number(issue.minimum);
    if (issue.origin === 'array' || issue.origin === 'set') return minItemsMessage(min);
    if (issue.origin === 'string') return typeof input === 'string' && input.trim() === '' ? FORM_MESSAGES.required : minLengthMessage(min);
  }
  if (issue.code === 'too_big') {
    const max = Number(issue.maximum);
    if (issue.origin === 'array' || issue.origin === 'set') return maxItemsMessage(max);
    if (issue.origin === 'string') return maxLengthMessage(max);
    if (issue.origin === 'file') return FORM_MESSAGES.fileTooLarge;
  }
  if (issue.code === 'custom' && typeof issue.message === 'string' && issue.message.startsWith('form.')) return message(issue.message as Message['key']);
  // The server's schemas word their checks with the spec's English texts; the screen shows them translated.
  if (issue.code === 'custom' && issue.message === SERVER_REQUIRED) return FORM_MESSAGES.required;
  return FORM_MESSAGES.invalidFormat;
}
