/**
 * Errors a call can answer with. Each carries the HTTP status, the envelope `_status` and messages a person can
 * act on. Thrown by handlers and by the endpoint wrapper; understood by browser code reading an envelope.
 */
import { GENERIC_ERROR_MESSAGE, SESSION_EXPIRED_MESSAGE, STATUS, type EnvelopeStatus, type FieldErrors } from './envelope';

export type HttpStatus = 400 | 401 | 403 | 404 | 405 | 409 | 410 | 413 | 414 | 422 | 429 | 500 | 503;

export class ApiError extends Error {
  readonly httpStatus: HttpStatus;
  readonly status: EnvelopeStatus;
  readonly messages: string[];
  readonly data: unknown;
  /** Extra response headers (Retry-After, Allow, WWW-Authenticate). */
  readonly headers: Record<string, string>;

  constructor(httpStatus: HttpStatus, messages: string | string[], options: { status?: EnvelopeStatus; data?: unknown; headers?: Record<string, string> } = {}) {
    const list = Array.isArray(messages) ? messages : [messages];
    super(list[0] ?? GENERIC_ERROR_MESSAGE);
    this.name = 'ApiError';
    this.httpStatus = httpStatus;
    this.status = options.status ?? STATUS.failed;
    this.messages = list;
    this.data = options.data ?? null;
    this.headers = options.headers ?? {};
  }
}

export const badRequest = (message: string) => new ApiError(400, message);

/** Missing or invalid session. Staff calls answer `_status` 5 (the admin app goes to /admin/login). */
export const unauthorized = (message = SESSION_EXPIRED_MESSAGE, staff = false) =>
  new ApiError(401, message, { status: staff ? STATUS.sessionExpired : STATUS.failed, headers: { 'WWW-Authenticate': 'Bearer' } });

export const forbidden = (message = "You don't have permission to access this page.") => new ApiError(403, message);
export const notFound = (message = 'Not found') => new ApiError(404, message);
export const methodNotAllowed = (method: string, allowed: string[]) =>
  new ApiError(405, `Method ${method} is not allowed here; use ${allowed.join(' or ')}.`, { headers: { Allow: allowed.join(', ') } });
export const conflict = (message: string) => new ApiError(409, message);
export const payloadTooLarge = (limitBytes: number) => new ApiError(413, `The request body is too large (limit ${Math.round(limitBytes / 1024)} KB).`);

/** 422 for forms; 400 where the input is the address of a resource (an image URL). */
export const validationFailed = (errors: FieldErrors, httpStatus: 400 | 422 = 422) =>
  new ApiError(
    httpStatus,
    Object.entries(errors).flatMap(([field, msgs]) => msgs.map((m) => (field ? `${field}: ${m}` : m))),
    { data: { errors } },
  );

export const tooManyRequests = (retryAfterSeconds: number, message?: string) =>
  new ApiError(429, message ?? `Too many attempts. Please try again in ${formatWait(retryAfterSeconds)}.`, {
    headers: { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
    data: { retryAfter: Math.max(1, Math.ceil(retryAfterSeconds)) },
  });

export function formatWait(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return `${s} second${s === 1 ? '' : 's'}`;
  const m = Math.ceil(s / 60);
  return `${m} minute${m === 1 ? '' : 's'}`;
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}
