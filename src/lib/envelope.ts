/**
 * The API envelope of DESIGN §6, shared by functions and browser code:
 * `{ _status, _messages, _data }` with `_status` 1 (success), -1 (failure with messages) or 5 (session expired:
 * the admin app goes to /admin/login). HTTP status codes agree with `_status`.
 */
export const STATUS = { ok: 1, failed: -1, sessionExpired: 5 } as const;
export type EnvelopeStatus = (typeof STATUS)[keyof typeof STATUS];

export interface Envelope<T = unknown> {
  _status: EnvelopeStatus;
  _messages: string[];
  _data: T;
}

/** Field errors of a failed validation, keyed by the field's path (`experience[0].content`). */
export type FieldErrors = Record<string, string[]>;

/**
 * An empty FieldErrors without a prototype: a client's field named `__proto__` becomes an own key like any other.
 * On a plain object `errors['__proto__'] = [...]` replaced the object's prototype instead, the error vanished and the
 * handler ran without its body (issue 34, finding 8).
 */
export const emptyFieldErrors = (): FieldErrors => Object.create(null) as FieldErrors;

export const GENERIC_ERROR_MESSAGE = 'An error occurred!';
export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please sign in again.';

export function success<T>(data: T, messages: string[] = []): Envelope<T> {
  return { _status: STATUS.ok, _messages: messages, _data: data };
}

export function failure<T = null>(messages: string[], data: T = null as T, status: EnvelopeStatus = STATUS.failed): Envelope<T> {
  return { _status: status, _messages: messages, _data: data };
}

export function isEnvelope(value: unknown): value is Envelope {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (v._status === 1 || v._status === -1 || v._status === 5) && Array.isArray(v._messages) && '_data' in v;
}

/** The message a screen shows for a failed call: the first server message, else the generic one (SPEC §8). */
export function firstMessage(envelope: Pick<Envelope, '_messages'> | null | undefined, fallback = GENERIC_ERROR_MESSAGE): string {
  const m = envelope?._messages?.find((s) => typeof s === 'string' && s.trim() !== '');
  return m ?? fallback;
}

/** Parses `Accept: application/json; version=2.0.0`; undefined when no version is asked for. */
export function requestedVersion(accept: string | null | undefined): string | undefined {
  if (!accept) return undefined;
  for (const part of accept.split(',')) {
    const m = /;\s*version\s*=\s*"?([^;",\s]+)"?/i.exec(part);
    if (m) return m[1];
  }
  return undefined;
}

/** The `Accept` header that asks for an API version (SPEC §7 "accept version 2.0.0"). */
export function acceptVersion(version: string): string {
  return `application/json; version=${version}`;
}
