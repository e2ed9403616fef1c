/**
 * The one way to declare an API endpoint. `defineEndpoint` takes the zod schemas (query, path params, JSON or
 * multipart body, response per version), the authentication mode and roles, and a handler; `serve` turns one or
 * more endpoints into a Netlify Functions v2 handler (`export default serve(...)`). The wrapper:
 * method (with the `_method=PUT` override of SPEC §7) → version → authentication → input validation →
 * rate limit → one transaction as the caller (RLS decides) → response validation → envelope.
 */
import { z } from 'zod';
import type pg from 'pg';
import { asAnon, asCaller, ANON, type Caller, type Database } from '../data/db';
import type { StaffRole } from '../lib/admin-menu';
import { requestedVersion, success, failure, GENERIC_ERROR_MESSAGE, STATUS } from '../lib/envelope';
import { ApiError, badRequest, forbidden, methodNotAllowed, notFound, payloadTooLarge, validationFailed, type HttpStatus } from '../lib/errors';
import { formEntriesToObject, FormShapeError } from '../lib/form-data';
import { bearerToken, loadPatientProfile, loadStaffProfile, verifyAccessToken, type PatientSession, type StaffSession, type UserSession } from './auth';
import { functionHeaderRecord, functionHeaders } from './headers';
import { enforceRateLimit, type RateLimitBucket } from './rate-limit';
import { newRequestId, serverDatabase } from './runtime';
import { issuesToFieldErrors } from './validation';
import { instanceCacheTtl, ReadCache } from './read-cache';
import { answerIsPersonal } from './cache-policy';
import { nulByteErrors } from './nul-bytes';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export const METHODS: readonly Method[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
/** public: anyone; user: any signed-in user; patient: a signed-in user, with the patient profile loaded; staff: a signed-in admin user. */
export type AuthMode = 'public' | 'user' | 'patient' | 'staff';

type AnyObject = z.ZodObject<z.core.$ZodLooseShape>;

export type BodySpec =
  | { json: z.ZodType; maxBytes?: number }
  | { multipart: AnyObject; maxBytes?: number };

type SessionOf<A extends AuthMode> = A extends 'staff' ? StaffSession : A extends 'patient' ? PatientSession : A extends 'user' ? UserSession : UserSession | null;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type BodyOut<B> = B extends { json: infer S } ? Out<S> : B extends { multipart: infer S } ? Out<S> : undefined;
type ResponseSpec = z.ZodType | Readonly<Record<string, z.ZodType>>;
type ResponseIn<R> = R extends z.ZodType ? z.input<R> : R extends Record<string, z.ZodType> ? z.input<R[keyof R]> : never;

export interface HandlerContext<A extends AuthMode, Q, P, B> {
  query: Q;
  params: P;
  body: B;
  auth: SessionOf<A>;
  /** The request's connection, inside its transaction, as the caller (RLS applies); none with database 'none' or 'shared'. */
  db: pg.PoolClient;
  /** The negotiated API version (SPEC §7 "accept version 2.0.0"). */
  version: string;
  requestId: string;
  ip: string;
  request: Request;
  /** Success messages for `_messages` ('Create successfully'). */
  messages: string[];
}

export interface EndpointSpec<A extends AuthMode, Q extends AnyObject | undefined, P extends AnyObject | undefined, B extends BodySpec | undefined, R extends ResponseSpec> {
  method: Method;
  /** '/api/...' with ':name' segments for path parameters. */
  path: string;
  summary: string;
  description?: string;
  tags?: string[];
  auth: A;
  /** Staff roles allowed (staff endpoints); all staff when absent. */
  roles?: readonly StaffRole[];
  query?: Q;
  params?: P;
  body?: B;
  /** The `_data` schema, or one per version ('1.0.0', '2.0.0'). */
  response: R;
  /** Versions answered; the first is the default when the client asks for none. */
  versions?: readonly string[];
  /**
   * 'none' skips the transaction (no database work). 'shared' (public, instance-cached endpoints only) skips it
   * too: the handler reads through loaders that batch and share loads across requests, each load as anon on a
   * connection of its own, so a request waiting on another's load holds no connection. Default 'caller'.
   */
  database?: 'caller' | 'none' | 'shared';
  rateLimit?: { bucket: RateLimitBucket; key: 'user' | 'ip' | ((input: { query: Out<Q>; params: Out<P>; body: BodyOut<B>; ip: string; userId?: string }) => string) };
  /** Public, cacheable data: seconds a CDN may keep it. Personal responses are always no-store. */
  cacheSeconds?: number;
  /** Seconds more the CDN may answer it once expired, while it asks the function again in the background. */
  staleSeconds?: number;
  /**
   * Public data only: a warm instance reuses the serialised answer of identical requests (same version, path
   * parameters and validated query) for this many milliseconds, with single-flight, so N concurrent identical
   * requests cost one transaction. The handler then always runs as anon (the answer must not depend on who
   * asks; a token sent is still verified) and gets `auth: null`. `PUBLIC_READ_CACHE_MS` overrides it (0: off).
   */
  instanceCacheMs?: number;
  /** false: a success answers `_data` alone (documents such as openapi.json); failures keep the envelope. */
  envelope?: boolean;
  /**
   * A non-JSON answer (e.g. 'image/png'): the handler returns a `BinaryAnswer` (response: `binaryAnswer`), sent
   * as it is with the security headers and its own cache headers. Failures keep the envelope, and input that
   * fails validation is a 400 (a malformed address of a resource, not a form to correct).
   */
  produces?: string;
  handler: (ctx: HandlerContext<A, Out<Q>, Out<P>, BodyOut<B>>) => Promise<ResponseIn<R>>;
}

export interface Endpoint {
  readonly kind: 'endpoint';
  readonly method: Method;
  readonly path: string;
  readonly summary: string;
  readonly description?: string;
  readonly tags: string[];
  readonly auth: AuthMode;
  readonly roles?: readonly StaffRole[];
  readonly query?: AnyObject;
  readonly params?: AnyObject;
  readonly body?: BodySpec;
  readonly responses: Readonly<Record<string, z.ZodType>>;
  readonly versions: readonly string[];
  readonly rateLimit?: { bucket: RateLimitBucket };
  readonly envelope: boolean;
  /** Content type of a non-JSON success answer. */
  readonly produces?: string;
  /** The instance cache of a public endpoint declaring `instanceCacheMs`. */
  readonly cache?: ReadCache<string>;
  /** Answers one request already routed to this endpoint. */
  run(req: Request, input: RoutedRequest): Promise<Response>;
}

export interface RoutedRequest {
  params: Record<string, string>;
  ip: string;
  requestId: string;
  /** Form fields already read while resolving `_method`. */
  form?: FormData;
  /** `req.url` parsed, when the router already did. */
  url?: URL;
}

export const DEFAULT_JSON_LIMIT = 100 * 1024;
export const DEFAULT_MULTIPART_LIMIT = 6 * 1024 * 1024;
export const MAX_URL_LENGTH = 8 * 1024;

/** Unknown fields are refused: a strict copy of an object schema unless it was declared loose on purpose. */
const NUMERAL = /^-?\d+(\.\d+)?$/;

function unwrap(schema: z.ZodType): z.ZodType {
  let s = schema as z.ZodType & { _zod: { def: { innerType?: z.ZodType } } };
  while (s._zod.def.innerType) s = s._zod.def.innerType as typeof s;
  return s;
}

/** Whether a URL value must be a plain decimal numeral for this field (a coerced number, alone or in a union). */
function numeralOnly(schema: z.ZodType, value: string): boolean {
  const inner = unwrap(schema);
  if (inner instanceof z.ZodNumber) return true;
  if (inner instanceof z.ZodUnion) {
    const options = (inner as unknown as { options: z.ZodType[] }).options;
    const numbers = options.filter((o) => unwrap(o) instanceof z.ZodNumber);
    return numbers.length > 0 && !options.some((o) => !numbers.includes(o) && o.safeParse(value).success);
  }
  return false;
}

/**
 * Query and path values are text: a number field takes only a plain decimal numeral. zod's coercion alone would
 * also read '1.', '0x10', '1e2' or ' 7' as numbers, so a mistyped URL would silently mean something else.
 */
function nonNumeralErrors(schema: AnyObject | undefined, value: Record<string, unknown>): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (!schema) return errors;
  const shape = (schema as unknown as { shape: Record<string, z.ZodType> }).shape;
  for (const [key, v] of Object.entries(value)) {
    if (typeof v !== 'string' || !shape[key] || NUMERAL.test(v)) continue;
    if (numeralOnly(shape[key], v)) errors[key] = ['must be a number'];
  }
  return errors;
}

function strict<S extends z.ZodType>(schema: S): S {
  if (schema instanceof z.ZodObject && (schema as AnyObject)._zod.def.catchall === undefined) return (schema as AnyObject).strict() as unknown as S;
  return schema;
}

export function defineEndpoint<A extends AuthMode, Q extends AnyObject | undefined = undefined, P extends AnyObject | undefined = undefined, B extends BodySpec | undefined = undefined, R extends ResponseSpec = ResponseSpec>(
  spec: EndpointSpec<A, Q, P, B, R>,
): Endpoint {
  if (!spec.path.startsWith('/api/')) throw new Error(`endpoint path must start with /api/: ${spec.path}`);
  const versions = spec.versions?.length ? [...spec.versions] : ['1.0.0'];
  const responses: Record<string, z.ZodType> =
    spec.response instanceof z.ZodType ? Object.fromEntries(versions.map((v) => [v, spec.response as z.ZodType])) : { ...(spec.response as Record<string, z.ZodType>) };
  for (const v of versions) if (!responses[v]) throw new Error(`${spec.method} ${spec.path}: no response schema for version ${v}`);
  if (spec.roles && spec.auth !== 'staff') throw new Error(`${spec.method} ${spec.path}: roles apply to staff endpoints only`);
  const query = spec.query ? (strict(spec.query) as AnyObject) : undefined;
  const params = spec.params ? (strict(spec.params) as AnyObject) : undefined;
  const body: BodySpec | undefined = spec.body
    ? 'json' in spec.body
      ? { json: strict(spec.body.json), maxBytes: spec.body.maxBytes }
      : { multipart: strict(spec.body.multipart), maxBytes: spec.body.maxBytes }
    : undefined;
  const isStaff = spec.auth === 'staff';
  if (spec.instanceCacheMs !== undefined && spec.auth !== 'public') throw new Error(`${spec.method} ${spec.path}: instanceCacheMs is for public endpoints only`);
  if (spec.instanceCacheMs !== undefined && spec.database === 'none') throw new Error(`${spec.method} ${spec.path}: instanceCacheMs caches database reads`);
  if (spec.database === 'shared' && spec.instanceCacheMs === undefined) throw new Error(`${spec.method} ${spec.path}: database 'shared' is for public, instance-cached reads`);
  // A cached answer is given before the rate limit would be counted.
  if (spec.instanceCacheMs !== undefined && spec.rateLimit) throw new Error(`${spec.method} ${spec.path}: instanceCacheMs answers before rateLimit counts; use one or the other`);
  const ttlMs = spec.instanceCacheMs === undefined ? 0 : instanceCacheTtl(spec.instanceCacheMs);
  const cache = spec.instanceCacheMs === undefined ? undefined : ReadCache.reloadingAhead<string>(ttlMs);

  const endpoint: Endpoint = {
    kind: 'endpoint',
    method: spec.method,
    path: spec.path,
    summary: spec.summary,
    description: spec.description,
    tags: spec.tags ?? [spec.path.split('/')[2] ?? 'api'],
    auth: spec.auth,
    roles: spec.roles,
    query,
    params,
    body,
    responses,
    versions,
    rateLimit: spec.rateLimit ? { bucket: spec.rateLimit.bucket } : undefined,
    envelope: spec.envelope !== false,
    produces: spec.produces,
    cache,
    async run(req, routed) {
      const { requestId, ip } = routed;
      let personal = spec.auth !== 'public';
      try {
        // Version (SPEC §7): the first declared one unless the client asks for another it declares.
        const asked = requestedVersion(req.headers.get('accept'));
        if (asked && !versions.includes(asked)) throw badRequest(`API version ${asked} is not available for this call; available: ${versions.join(', ')}.`);
        const version = asked ?? versions[0];

        // Authentication.
        let session: UserSession | StaffSession | PatientSession | null = null;
        const token = bearerToken(req);
        // A token sent to a public call must be valid too (as Supabase's API does): a stale session is said so.
        if (spec.auth !== 'public' || token) session = await verifyAccessToken(token, isStaff);
        personal = answerIsPersonal({ auth: spec.auth, signedIn: session !== null, answeredAsAnon: Boolean(cache) });
        const serialise = (data: unknown) => JSON.stringify(spec.envelope === false ? data : success(data, messages));
        const messages: string[] = [];
        const url = routed.url ?? new URL(req.url);
        let text: string;
        if (cache) {
          // One answer for everyone, computed as anon. Keyed by the request as sent (version, path, sorted query),
          // so a repeated request is answered before any parsing; input errors are thrown, never kept.
          text = await cache.get(cacheKey(version, routed.params, url.searchParams), async () =>
            serialise(await answer(null, url, async (db, run) => (spec.database === 'shared' ? run(undefined as unknown as pg.PoolClient) : asAnon(db, run)))),
          );
        } else {
          const caller: Caller = session ? { role: 'authenticated', claims: session.claims as Record<string, unknown> } : ANON;
          const data = await answer(session, url, async (db, run) => (spec.database === 'none' ? run(undefined as unknown as pg.PoolClient) : asCaller(db, caller, run)));
          if (spec.produces) return binaryResponse(data as BinaryAnswer, spec.produces, { personal, requestId });
          text = serialise(data);
        }
        const headers = functionHeaderRecord({ personal, maxAge: personal ? undefined : spec.cacheSeconds, staleSeconds: spec.staleSeconds, requestId, varyAccept: Boolean(spec.versions?.length) });
        if (spec.versions?.length) headers['Content-Type'] = `application/json; charset=utf-8; version=${version}`;
        return new Response(text, { status: 200, headers });

        /** Profile, input, rate limit and the handler in the caller's transaction (`within`): the answer's data. */
        async function answer(
          session: UserSession | StaffSession | PatientSession | null,
          url: URL,
          within: (db: Database, run: (client: pg.PoolClient) => Promise<unknown>) => Promise<unknown>,
        ): Promise<unknown> {
          const db = await serverDatabase();
          if (spec.auth === 'staff' && session) {
            const staff = await loadStaffProfile(db.pool, session.userId);
            if (!staff) throw forbidden("You don't have permission to access this page. This account is not a staff account.");
            if (spec.roles && !spec.roles.includes(staff.role)) throw forbidden("You don't have permission to access this page.");
            session = { ...session, staff };
          } else if (spec.auth === 'patient' && session) {
            session = { ...session, patient: await loadPatientProfile(db.pool, session.userId) };
          }

          // Input.
          const errors: Record<string, string[]> = {};
          const parse = <S extends z.ZodType>(schema: S | undefined, value: unknown, prefix: string, present: boolean) => {
            if (!schema) {
              if (present && prefix === 'query' && value && typeof value === 'object') for (const k of Object.keys(value)) errors[k] = ['Unknown field'];
              else if (present) errors[prefix] = [`This call takes no ${prefix}`];
              return undefined;
            }
            const nul = nulByteErrors(value, prefix);
            if (Object.keys(nul).length) return void Object.assign(errors, nul);
            const r = schema.safeParse(value);
            if (r.success) return r.data;
            Object.assign(errors, issuesToFieldErrors(r.error.issues, prefix, value));
            return undefined;
          };
          const queryObject = searchParamsToObject(url.searchParams);
          Object.assign(errors, nonNumeralErrors(query, queryObject), nonNumeralErrors(params, routed.params));
          const queryValue = parse(query, queryObject, 'query', Object.keys(queryObject).length > 0);
          const paramsValue = parse(params, routed.params, 'params', false);
          const bodyValue = await readBody(req, body, routed.form, (value, present) => parse(body ? ('json' in body ? body.json : body.multipart) : undefined, value, 'body', present));
          if (Object.keys(errors).length) throw validationFailed(errors, spec.produces ? 400 : 422);

          if (spec.rateLimit) {
            const k = spec.rateLimit.key;
            const key =
              k === 'user'
                ? session?.userId ?? ip
                : k === 'ip'
                  ? ip
                  : k({ query: queryValue as never, params: paramsValue as never, body: bodyValue as never, ip, userId: session?.userId });
            await enforceRateLimit(db.pool, spec.rateLimit.bucket, key);
          }

          const run = async (client: pg.PoolClient) => {
            const result = await spec.handler({
              query: queryValue as never,
              params: paramsValue as never,
              body: bodyValue as never,
              auth: session as never,
              db: client,
              version,
              requestId,
              ip,
              request: req,
              messages,
            });
            const checked = responses[version].safeParse(result);
            if (!checked.success) {
              throw new Error(`response of ${spec.method} ${spec.path} (v${version}) does not match its schema: ${JSON.stringify(checked.error.issues.slice(0, 3))}`);
            }
            return checked.data;
          };
          return within(db, run);
        }
      } catch (err) {
        return errorResponse(err, { requestId, staff: isStaff, method: req.method, path: spec.path });
      }
    },
  };
  return endpoint;
}

/** What the handler of a `produces` endpoint returns: the bytes (none for a 304) and headers such as Cache-Control and ETag. */
export interface BinaryAnswer {
  status?: 200 | 304;
  body?: Uint8Array;
  headers?: Record<string, string>;
}

/** The response schema of a `produces` endpoint. */
export const binaryAnswer = z.custom<BinaryAnswer>(
  (v) => !!v && typeof v === 'object' && ((v as BinaryAnswer).status === 304 || (v as BinaryAnswer).body instanceof Uint8Array),
  'a binary answer',
);

function binaryResponse(answer: BinaryAnswer, contentType: string, options: { personal: boolean; requestId: string }): Response {
  const headers = functionHeaders({ personal: options.personal, requestId: options.requestId });
  headers.set('Content-Type', contentType);
  if (!options.personal) for (const [k, v] of Object.entries(answer.headers ?? {})) headers.set(k, v);
  if (answer.status === 304) {
    headers.delete('Content-Type');
    return new Response(null, { status: 304, headers });
  }
  const body = answer.body!;
  headers.set('Content-Length', String(body.byteLength));
  return new Response(body as unknown as BodyInit, { status: 200, headers });
}

/**
 * The instance cache's key of a request: version, path parameters and the query as sent, its parameters sorted
 * (identical requests share one key whatever their order). Read before validation, so a repeated request costs
 * no parsing; two spellings of one validated query only share less.
 */
export function cacheKey(version: string, params: Record<string, string | undefined>, search: URLSearchParams): string {
  const sorted = new URLSearchParams(search);
  sorted.sort();
  const names = Object.keys(params).sort();
  return `${version} ${names.map((k) => `${k}=${encodeURIComponent(params[k] ?? '')}`).join('&')} ?${sorted}`;
}

function searchParamsToObject(sp: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of sp) {
    const cur = out[k];
    out[k] = cur === undefined ? v : Array.isArray(cur) ? [...cur, v] : [cur, v];
  }
  return out;
}

async function readLimited(req: Request, limit: number): Promise<Uint8Array> {
  const declared = Number(req.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > limit) throw payloadTooLarge(limit);
  if (!req.body) return new Uint8Array(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw payloadTooLarge(limit);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let o = 0;
  for (const c of chunks) {
    out.set(c, o);
    o += c.byteLength;
  }
  return out;
}

const isForm = (ct: string) => /^multipart\/form-data\b/i.test(ct) || /^application\/x-www-form-urlencoded\b/i.test(ct);

/** Reads a multipart or url-encoded body into FormData, within a size limit; a broken body is a 400. */
export async function readForm(req: Request, limit: number): Promise<FormData> {
  const ct = req.headers.get('content-type') ?? '';
  const bytes = await readLimited(req, limit);
  try {
    return await new Response(bytes as unknown as BodyInit, { headers: { 'content-type': ct } }).formData();
  } catch {
    throw badRequest('The form data could not be read: the multipart body is malformed.');
  }
}

async function readBody(req: Request, spec: BodySpec | undefined, form: FormData | undefined, parse: (value: unknown, present: boolean) => unknown): Promise<unknown> {
  const ct = req.headers.get('content-type') ?? '';
  if (!spec) {
    if (form) {
      const fields = [...form.keys()].filter((k) => k !== '_method');
      return parse(undefined, fields.length > 0);
    }
    const bytes = await readLimited(req, DEFAULT_JSON_LIMIT);
    return parse(undefined, bytes.byteLength > 0);
  }
  if ('json' in spec) {
    const limit = spec.maxBytes ?? DEFAULT_JSON_LIMIT;
    if (!/^application\/(.+\+)?json\b/i.test(ct)) throw badRequest('Send the body as JSON (Content-Type: application/json).');
    const bytes = await readLimited(req, limit);
    let value: unknown;
    try {
      value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    } catch {
      throw badRequest('The body is not valid JSON.');
    }
    return parse(value, true);
  }
  const limit = spec.maxBytes ?? DEFAULT_MULTIPART_LIMIT;
  if (!form) {
    if (!isForm(ct)) throw badRequest('Send the body as multipart/form-data.');
    form = await readForm(req, limit);
  }
  let value: Record<string, unknown>;
  try {
    value = formEntriesToObject([...form.entries()].filter(([k]) => k !== '_method') as [string, string | File][]);
  } catch (e) {
    if (e instanceof FormShapeError) throw validationFailed({ body: [e.message] });
    throw e;
  }
  // An empty file input arrives as a zero-byte unnamed file: treat it as not sent.
  for (const [k, v] of Object.entries(value)) if (v instanceof File && v.size === 0 && !v.name) delete value[k];
  return parse(value, true);
}

const PG_MESSAGES: Record<string, [HttpStatus, string]> = {
  '23505': [409, 'This record already exists.'],
  '23503': [409, 'This record refers to, or is used by, another record.'],
  '23514': [422, 'A value is outside the allowed range.'],
  '23502': [422, 'A required value is missing.'],
  '23P01': [409, 'This conflicts with an existing record.'],
  '22P02': [422, 'A value has the wrong format.'],
  '22003': [422, 'A number is out of range.'],
  '22007': [422, 'A date or time has the wrong format.'],
  '22008': [422, 'A date or time is out of range.'],
  '22001': [422, 'A value is too long.'],
  '22023': [422, 'A value is outside the allowed range.'],
  '22021': [422, 'A value contains a character that is not allowed.'],
  '22P05': [422, 'A value contains a character that is not allowed.'],
  '2201B': [422, 'A value has the wrong format.'],
  '54000': [422, 'A value is too long.'],
  '42501': [403, "You don't have permission to do this."],
  '40001': [409, 'Another change happened at the same time. Please try again.'],
  '40P01': [409, 'Another change happened at the same time. Please try again.'],
};

/**
 * The envelope for a failure. ApiError keeps its status and messages; Postgres errors map to 4xx by SQLSTATE
 * (a SQL function may raise `errcode = 'PT409'` or any two letters and a 4xx status, with a message for the client); anything else is a 500 logged
 * with the request id and answered "An error occurred!".
 */
export function errorResponse(err: unknown, info: { requestId: string; staff: boolean; method: string; path: string }): Response {
  let apiError: ApiError | undefined;
  if (err instanceof ApiError) apiError = err;
  else if (err && typeof err === 'object' && typeof (err as { code?: unknown }).code === 'string') {
    const code = (err as { code: string }).code;
    // Codes the migrations define: two letters and the HTTP status (PT409, CA422), the message for the client.
    const custom = /^[A-Z]{2}(4\d\d)$/.exec(code);
    if (custom) apiError = new ApiError(Number(custom[1]) as HttpStatus, (err as Error).message);
    else if (PG_MESSAGES[code]) apiError = new ApiError(...PG_MESSAGES[code]);
  }
  if (!apiError) {
    console.error(
      JSON.stringify({ level: 'error', requestId: info.requestId, method: info.method, path: info.path, error: err instanceof Error ? err.message : String(err), stack: err instanceof Error ? err.stack : undefined }),
    );
    apiError = new ApiError(500, GENERIC_ERROR_MESSAGE);
  }
  const headers = functionHeaders({ personal: true, requestId: info.requestId });
  for (const [k, v] of Object.entries(apiError.headers)) headers.set(k, v);
  const status = apiError.status === STATUS.sessionExpired && !info.staff ? STATUS.failed : apiError.status;
  return new Response(JSON.stringify(failure(apiError.messages, apiError.data, status)), { status: apiError.httpStatus, headers });
}

// ---- routing: one Netlify function serves one or more endpoints --------------------------------------------

export interface NetlifyContext {
  params?: Record<string, string>;
  ip?: string;
  requestId?: string;
}

export type NetlifyHandler = ((req: Request, context?: NetlifyContext) => Promise<Response>) & { endpoints: readonly Endpoint[] };

function compile(path: string): RegExp {
  const src = path
    .split('/')
    .map((seg) => (seg.startsWith(':') ? `(?<${seg.slice(1)}>[^/]+)` : seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${src}/?$`);
}

/**
 * The client's address: Netlify's context, else the header its edge (or the local server) sets, replacing any a
 * client sent. X-Forwarded-For is never read here: anyone can write it (issue 24, finding 11).
 */
export function clientIp(req: Request, context?: NetlifyContext): string {
  return context?.ip || req.headers.get('x-nf-client-connection-ip') || 'unknown';
}

/** The Netlify handler (`export default serve(a, b)`) answering the given endpoints. */
export function serve(...endpoints: Endpoint[]): NetlifyHandler {
  const routes = endpoints.map((e) => ({ e, re: compile(e.path) }));
  const handler = async (req: Request, context?: NetlifyContext): Promise<Response> => {
    const requestId = context?.requestId || req.headers.get('x-nf-request-id') || newRequestId();
    const info = { requestId, staff: endpoints.some((e) => e.auth === 'staff'), method: req.method, path: '' };
    try {
      if (req.url.length > MAX_URL_LENGTH) throw new ApiError(414, 'The address is too long.');
      const url = new URL(req.url);
      let pathname: string;
      try {
        pathname = decodeURI(url.pathname);
      } catch {
        throw badRequest('The address is malformed.');
      }
      const matches = routes.map((r) => ({ ...r, m: r.re.exec(pathname) })).filter((r) => r.m);
      if (matches.length === 0) throw notFound('There is no such call.');
      info.path = matches[0].e.path;
      info.staff = matches.some((r) => r.e.auth === 'staff');
      let method = req.method.toUpperCase();
      let form: FormData | undefined;
      const ct = req.headers.get('content-type') ?? '';
      // SPEC §7: "POST with method-override field PUT".
      if (method === 'POST' && isForm(ct) && matches.some((r) => r.e.method !== 'POST')) {
        const limit = Math.max(...matches.map((r) => r.e.body?.maxBytes ?? (r.e.body && 'multipart' in r.e.body ? DEFAULT_MULTIPART_LIMIT : DEFAULT_JSON_LIMIT)));
        form = await readForm(req, limit);
        const override = form.get('_method');
        if (typeof override === 'string' && override.trim()) {
          const o = override.trim().toUpperCase();
          if (!['PUT', 'PATCH', 'DELETE'].includes(o)) throw badRequest(`_method must be PUT, PATCH or DELETE, not ${override.slice(0, 20)}.`);
          method = o;
        }
      }
      // HEAD is a GET whose answer keeps its status and headers only (RFC 9110 §9.3.2).
      const head = method === 'HEAD';
      const route = matches.find((r) => r.e.method === (head ? 'GET' : method));
      if (!route) throw methodNotAllowed(method, [...new Set(matches.map((r) => r.e.method))]);
      const params: Record<string, string> = { ...(route.m!.groups ?? {}) };
      const answer = await route.e.run(head ? new Request(req, { method: 'GET' }) : req, { params, ip: clientIp(req, context), requestId, form, url });
      return head ? new Response(null, { status: answer.status, headers: answer.headers }) : answer;
    } catch (err) {
      return errorResponse(err, info);
    }
  };
  return Object.assign(handler, { endpoints });
}
