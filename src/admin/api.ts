/**
 * The admin's API client: the envelope of DESIGN §6 (`_status`, `_messages`, `_data`) read through the zod schema
 * of the call's `_data` (the same schema the function answers with). Status 5 (session expired) sends the user to
 * /admin/login?returnTo=<where they were> (SPEC §4, §8); other failures throw ApiError with the server's messages.
 * Every call sends the admin's language as Accept-Language, so the server's messages come in it (README, server messages).
 */
// zod/mini's parse reads classic and zod/mini schemas alike, and keeps classic zod out of the shell's first load.
import { parse, type core, type output } from 'zod/mini';
import { ADMIN_LOGIN, STATUS } from '../lib/admin-rules';
import { pageLanguageHeader } from '../scripts/page-locale';
import { adminLocale } from './i18n';
import { accessToken } from './session';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly messages: string[],
    readonly httpStatus: number,
  ) {
    super(messages[0] ?? `HTTP ${httpStatus}`);
  }
  /** The first server message, or undefined when the server gave none (the screen then shows its own fallback). */
  get firstMessage(): string | undefined {
    return this.messages.find((m) => m.trim() !== '');
  }
}

/** Where status 5 sends the user; replaced by the app so that the router navigates (tests may replace it too). */
let onSessionExpired: (loginHref: string) => void = (href) => window.location.assign(href);
export function setSessionExpiredHandler(fn: (loginHref: string) => void): void {
  onSessionExpired = fn;
}

/**
 * /admin/login?returnTo=<path+query> of the page the user is on. On the login page already (a late status-5 answer
 * of a call started before the app sent the user there) it is that page itself, so its returnTo is kept.
 */
export function loginHref(from: { pathname: string; search: string } = window.location): string {
  const here = `${from.pathname}${from.search}`;
  if (from.pathname === ADMIN_LOGIN) return here;
  return here.startsWith('/admin') ? `${ADMIN_LOGIN}?returnTo=${encodeURIComponent(here)}` : ADMIN_LOGIN;
}

/** A returnTo parameter is followed only inside the admin (never to another site). */
export function safeReturnTo(value: string | null): string {
  return value && /^\/admin(\/|$|\?)/.test(value) && !value.startsWith('/admin/login') ? value : '/admin';
}

type QueryValue = string | number | boolean | null | undefined;

export interface CallOptions<S extends core.$ZodType> {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, QueryValue>;
  /** JSON, or a FormData sent as multipart. */
  body?: unknown;
  /** SPEC §7 "accept header asks version 2.0.0". */
  version?: string;
  /** Schema of `_data`. */
  data: S;
  signal?: AbortSignal;
}

export interface CallResult<T> {
  data: T;
  messages: string[];
}

function withQuery(path: string, query: CallOptions<core.$ZodType>['query']): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const s = params.toString();
  return s ? `${path}?${s}` : path;
}

export async function call<S extends core.$ZodType>(path: string, opts: CallOptions<S>): Promise<CallResult<output<S>>> {
  const token = await accessToken();
  const headers: Record<string, string> = { accept: opts.version ? `application/json; version=${opts.version}` : 'application/json', ...pageLanguageHeader(adminLocale()) };
  if (token) headers.authorization = `Bearer ${token}`;
  // A FormData body goes as multipart (the browser sets the boundary); anything else as JSON.
  const multipart = opts.body instanceof FormData;
  if (opts.body !== undefined && !multipart) headers['content-type'] = 'application/json';
  const body = opts.body === undefined ? undefined : multipart ? (opts.body as FormData) : JSON.stringify(opts.body);
  let res: Response;
  try {
    res = await fetch(withQuery(path, opts.query), { method: opts.method ?? 'GET', headers, body, signal: opts.signal });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(STATUS.failure, [], 0);
  }
  const envelope = (await res.json().catch(() => null)) as { _status?: number; _messages?: unknown; _data?: unknown } | null;
  const messages = Array.isArray(envelope?._messages) ? envelope._messages.filter((m): m is string => typeof m === 'string') : [];
  if (envelope?._status === STATUS.sessionExpired) {
    onSessionExpired(loginHref());
    throw new ApiError(STATUS.sessionExpired, messages, res.status);
  }
  if (!res.ok || envelope?._status !== STATUS.success) throw new ApiError(envelope?._status ?? STATUS.failure, messages, res.status);
  return { data: parse(opts.data, envelope._data), messages };
}
