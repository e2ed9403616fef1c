/**
 * Text with a NUL character (U+0000) cannot be stored or compared by PostgreSQL: it reached the database and
 * answered 500 (issue 24, finding 5). Every string a client sends (query, path parameters, body, at any depth,
 * keys included) is checked before the schemas see it, and such a field is a 422 naming it.
 */
import { emptyFieldErrors } from '../lib/envelope';
import { fieldPath } from './validation';

export const NUL_MESSAGE = 'must not contain a NUL character';

/** The field errors of every string in `value` that holds a NUL character; empty when there is none. */
export function nulByteErrors(value: unknown, prefix: string): Record<string, string[]> {
  const errors: Record<string, string[]> = emptyFieldErrors();
  const visit = (v: unknown, path: PropertyKey[], depth: number) => {
    if (depth > 64) return;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) errors[fieldPath(path) || prefix] = [NUL_MESSAGE];
    } else if (Array.isArray(v)) {
      v.forEach((x, i) => visit(x, [...path, i], depth + 1));
    } else if (v && typeof v === 'object' && !(v instanceof Blob)) {
      for (const [k, x] of Object.entries(v)) {
        if (k.includes('\u0000')) errors[fieldPath(path) || prefix] = [NUL_MESSAGE];
        else visit(x, [...path, k], depth + 1);
      }
    }
  };
  visit(value, [], 0);
  return errors;
}

export function containsNul(value: unknown): boolean {
  return Object.keys(nulByteErrors(value, 'value')).length > 0;
}
