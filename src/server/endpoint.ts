/**
 * The one way to declare an API endpoint. `defineEndpoint` takes the zod schemas (query, path params, JSON or
 * multipart body, response per version), the authentication mode and roles, and a handler; `serve` turns one or
 * more endpoints into a Netlify Functions v2 handler (`export default serve(...)`). The wrapper:
 * method (with the `_method=PUT` override of SPEC §7) → version → authentication → input validation →
 * rate limit → one transaction as the caller (RLS decides) → response validation → envelope.
 */
import { z } from 'zod';
import type pg from 'pg';
import { asCaller, callerStatements, ANON, type Caller, type Database, type Queryable } from '../data/db';
import type { StaffRole } from '../lib/admin-menu';
import { emptyFieldErrors, requestedVersion, success, failure, GENERIC_ERROR_MESSAGE, STATUS } from '../lib/envelope';
import { ApiError, badRequest, forbidden, methodNotAllowed, notFound, payloadTooLarge, validationFailed, type HttpStatus } from '../lib/errors';
import { formEntriesToObject, FormShapeError } from '../lib/form-data';
import { bearerToken, loadPatientProfile, loadStaffProfile, verifyAccessToken, type PatientSession, type StaffSession, type UserSession } from './auth';
import { functionHeaderRecord, functionHeaders } from './headers';
import { enforceRateLimit, type RateLimitBucket } from './rate-limit';
import { newRequestId, serverDatabase } from './runtime';
import { issuesToFieldErrors } from './validation';
import { answerIsPersonal } from './cache-policy';
import { nulByteErrors } from './nul-bytes';
import { API_LOCALE, callerLocale, localizeFailure, localizeMessage } from './caller-locale';
import type { Locale } from '../../i18n/locales';
import { translate, type MessageKey } from '../../i18n/strings';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export const METHODS: readonly Method[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
/** public: anyone; user: any signed-in user; patient: a signed-in user, with the patient profile loaded; staff: a signed-in admin user. */
export type AuthMode = 'public' | 'user' | 'patient' | 'staff';

type AnyObject = z.ZodObject<z.core.$ZodLooseShape>;

export type BodySpec =
  | { json: z.ZodType; maxBytes?: number }
  | { multipart: AnyObject; maxBytes?: number };

type AnySession = UserSession | StaffSession | PatientSession;
type SessionOf<A extends AuthMode> = A extends 'staff' ? StaffSession : A extends 'patient' ? PatientSession : A extends 'user' ? UserSession : UserSession | null;
/**
 * How a handler reaches the database: 'caller', a transaction as the caller; 'statements', each query one round
 * trip as the caller with the role switch inside it and no transaction around them (calls that only read: the
 * public schedule and search calls, which Supabase's pooler would otherwise charge begin, settings and commit);
 * 'none', no database work.
 */
export type DatabaseMode = 'caller' | 'statements' | 'none';
type DbOf<D extends DatabaseMode> = D extends 'none' ? undefined : D extends 'statements' ? Queryable : pg.PoolClient;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type BodyOut<B> = B extends { json: infer S } ? Out<S> : B extends { multipart: infer S } ? Out<S> : undefined;
/** Any zod schema: classic, or zod/mini (the answers the admin shell parses on first load: src/lib/admin-me.ts). */
type AnySchema = z.core.$ZodType;
type ResponseSpec = AnySchema | Readonly<Record<string, AnySchema>>;
type ResponseIn<R> = R extends AnySchema ? z.input<R> : R extends Record<string, AnySchema> ? z.input<R[keyof R]> : never;

export interface HandlerContext<A extends AuthMode, Q, P, B, D extends DatabaseMode = 'caller'> {
  query: Q;
  params: P;
  body: B;
  auth: SessionOf<A>;
  /** The request's connection, inside its transaction, as the caller (RLS applies); none with database 'none'. */
  db: DbOf<D>;
  /** The negotiated API version (SPEC §7 "accept version 2.0.0"). */
  version: string;
  requestId: string;
  ip: string;
  request: Request;
  /** Success messages for `_messages` ('Create successfully'). */
  messages: string[];
}

export interface EndpointSpec<A extends AuthMode, Q extends AnyObject | undefined, P extends AnyObject | undefined, B extends BodySpec | undefined, R extends ResponseSpec, D extends DatabaseMode = 'caller'> {
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
  /** 'statements': one round trip per query, no transaction (reads only); 'none': no database work. Default 'caller'. */
  database?: D;
  rateLimit?: { bucket: RateLimitBucket; key: 'user' | 'ip' | ((input: { query: Out<Q>; params: Out<P>; body: BodyOut<B>; ip: string; userId?: string }) => string) };
  /** Public, cacheable data: seconds a CDN may keep it. Personal responses are always no-store. */
  cacheSeconds?: number;
  /** Seconds more the CDN may answer it once expired, while it asks the function again in the background. */
  staleSeconds?: number;
  /** false: a success answers `_data` alone (documents such as openapi.json); failures keep the envelope. */
  envelope?: boolean;
  /**
   * A non-JSON answer (e.g. 'image/png'): the handler returns a `BinaryAnswer` (response: `binaryAnswer`), sent
   * as it is with the security headers and its own cache headers. Failures keep the envelope, and input that
   * fails validation is a 400 (a malformed address of a resource, not a form to correct).
   */
  produces?: string;
  handler: (ctx: HandlerContext<A, Out<Q>, Out<P>, BodyOut<B>, D>) => Promise<ResponseIn<R>>;
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
  readonly responses: Readonly<Record<string, AnySchema>>;
  readonly versions: readonly string[];
  readonly rateLimit?: { bucket: RateLimitBucket };
  readonly envelope: boolean;
  /** Content type of a non-JSON success answer. */
  readonly produces?: string;
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
  const errors: Record<string, string[]> = emptyFieldErrors();
  if (!schema) return errors;
  const shape = (schema as unknown as { shape: Record<string, z.ZodType> }).shape;
  for (const [key, v] of Object.entries(value)) {
    if (typeof v !== 'string' || !Object.hasOwn(shape, key) || NUMERAL.test(v)) continue;
    if (numeralOnly(shape[key], v)) errors[key] = ['must be a number'];
  }
  return errors;
}

/**
 * Unknown fields are refused: objects become strict, and so does every option of a union (a discriminated union's
 * options escaped it, so a hold body took `price` and `patientUserId` silently: issue 34, finding 10).
 */
function strict<S extends z.ZodType>(schema: S): S {
  if (schema instanceof z.ZodObject && (schema as AnyObject)._zod.def.catchall === undefined) return (schema as AnyObject).strict() as unknown as S;
  if (schema instanceof z.ZodDiscriminatedUnion) {
    const def = schema._zod.def;
    return z.discriminatedUnion(def.discriminator, def.options.map((o) => strict(o as z.ZodType)) as unknown as [AnyObject, ...AnyObject[]]) as unknown as S;
  }
  if (schema instanceof z.ZodUnion) return z.union(schema._zod.def.options.map((o) => strict(o as z.ZodType)) as unknown as [z.ZodType, ...z.ZodType[]]) as unknown as S;
  return schema;
}

export function defineEndpoint<
  A extends AuthMode,
  Q extends AnyObject | undefined = undefined,
  P extends AnyObject | undefined = undefined,
  B extends BodySpec | undefined = undefined,
  R extends ResponseSpec = ResponseSpec,
  D extends DatabaseMode = 'caller',
>(spec: EndpointSpec<A, Q, P, B, R, D>): Endpoint {
  const label = `${spec.method} ${spec.path}`;
  if (!spec.path.startsWith('/api/')) throw new Error(`endpoint path must start with /api/: ${spec.path}`);
  if (spec.roles && spec.auth !== 'staff') throw new Error(`${label}: roles apply to staff endpoints only`);
  const versions = spec.versions?.length ? [...spec.versions] : ['1.0.0'];
  const responses = responsesPerVersion(spec.response, versions, label);
  const schemas: InputSchemas = {
    query: spec.query ? strict<AnyObject>(spec.query) : undefined,
    params: spec.params ? strict<AnyObject>(spec.params) : undefined,
    body: spec.body && strictBody(spec.body),
  };

  /**
   * The input as the handler's types name it. zod validated each part against exactly the schema its declared type
   * is derived from (Out<Q>, …): TypeScript cannot follow a runtime check into a generic conditional type, so
   * this says what parseInput established.
   */
  const typed = (input: ParsedInput) => ({ query: input.query as Out<Q>, params: input.params as Out<P>, body: input.body as BodyOut<B> });

  /** The rate limit's key: the user (else the address), the address, or the endpoint's own function of the input. */
  const rateLimitKey = (key: NonNullable<typeof spec.rateLimit>['key'], input: ParsedInput, ip: string, userId: string | undefined): string =>
    key === 'user' ? (userId ?? ip) : key === 'ip' ? ip : key({ ...typed(input), ip, userId });

  /** Calls the handler with what the steps before established, in the request's transaction (if any). */
  const callHandler = (db: DbOf<D>, request: Request, input: ParsedInput, auth: AnySession | null, version: string, routed: RoutedRequest, messages: string[]) =>
    spec.handler({
      ...typed(input),
      // authenticate() loaded the profile the endpoint's auth mode names (the same kind of check as above).
      auth: auth as SessionOf<A>,
      db,
      version,
      requestId: routed.requestId,
      ip: routed.ip,
      request,
      messages,
    });

  /** The handler in one transaction as the caller (RLS decides), its queries one round trip each, or without the database. */
  const inTransaction = (db: Database, caller: Caller, run: (client: DbOf<D>) => Promise<unknown>): Promise<unknown> =>
    spec.database === 'none'
      ? run(undefined as DbOf<D>)
      : spec.database === 'statements'
        ? run(callerStatements(db, caller) as unknown as DbOf<D>)
        : asCaller(db, caller, (client) => run(client as DbOf<D>));

  return {
    kind: 'endpoint',
    method: spec.method,
    path: spec.path,
    summary: spec.summary,
    description: spec.description,
    tags: spec.tags ?? [spec.path.split('/')[2] ?? 'api'],
    auth: spec.auth,
    roles: spec.roles,
    query: schemas.query,
    params: schemas.params,
    body: schemas.body,
    responses,
    versions,
    rateLimit: spec.rateLimit ? { bucket: spec.rateLimit.bucket } : undefined,
    envelope: spec.envelope !== false,
    produces: spec.produces,
    async run(req, routed) {
      try {
        const version = acceptVersion(req, versions);
        const db = await serverDatabase();
        const auth = await authenticate(req, db, spec.auth, spec.roles);
        const personal = answerIsPersonal({ auth: spec.auth, signedIn: auth !== null });
        const input = await parseInput(req, routed, schemas, spec.produces ? 400 : 422);
        if (spec.rateLimit) await enforceRateLimit(db.pool, spec.rateLimit.bucket, rateLimitKey(spec.rateLimit.key, input, routed.ip, auth?.userId));
        const messages: string[] = [];
        const caller: Caller = auth ? { role: 'authenticated', claims: auth.claims } : ANON;
        const answer = await inTransaction(db, caller, async (client) => checkAnswer(responses[version], await callHandler(client, req, input, auth, version, routed, messages), label, version));
        if (spec.produces) return binaryResponse(answer as BinaryAnswer, spec.produces, { personal, requestId: routed.requestId });
        // Success messages ('Create successfully') in the caller's locale too (caller-locale.ts).
        const said = messages.map((m) => localizeMessage(m, callerLocale(req)));
        return envelopeResponse(spec.envelope === false ? answer : success(answer, said), {
          personal,
          maxAge: personal ? undefined : spec.cacheSeconds,
          staleSeconds: spec.staleSeconds,
          requestId: routed.requestId,
          version: spec.versions?.length ? version : undefined,
        });
      } catch (err) {
        return errorResponse(err, { requestId: routed.requestId, staff: spec.auth === 'staff', method: req.method, path: spec.path, locale: callerLocale(req) });
      }
    },
  };
}

// ---- the steps of a request, in order ----------------------------------------------------------------------

/** The response schema of each version: one schema for all, or one per version (each declared version needs one). */
function responsesPerVersion(response: ResponseSpec, versions: readonly string[], label: string): Record<string, AnySchema> {
  const out: Record<string, AnySchema> = response instanceof z.core.$ZodType ? Object.fromEntries(versions.map((v) => [v, response])) : { ...response };
  for (const v of versions) if (!out[v]) throw new Error(`${label}: no response schema for version ${v}`);
  return out;
}

function strictBody(body: BodySpec): BodySpec {
  return 'json' in body ? { json: strict(body.json), maxBytes: body.maxBytes } : { multipart: strict(body.multipart), maxBytes: body.maxBytes };
}

/** SPEC §7 versions: the first declared one unless the client asks (Accept: …; version=x) for another it declares. */
function acceptVersion(req: Request, versions: readonly string[]): string {
  const asked = requestedVersion(req.headers.get('accept'));
  if (asked && !versions.includes(asked)) throw badRequest(`API version ${asked} is not available for this call; available: ${versions.join(', ')}.`);
  return asked ?? versions[0];
}

/**
 * Who is calling: null for a public call without a token. A token sent to a public call must be valid too (as
 * Supabase's API does), so a stale session is said so. Staff calls load the staff profile and check the role;
 * patient calls load the patient profile.
 */
async function authenticate(req: Request, db: Database, mode: AuthMode, roles: readonly StaffRole[] | undefined): Promise<AnySession | null> {
  const token = bearerToken(req);
  if (mode === 'public' && !token) return null;
  const session = await verifyAccessToken(token, mode === 'staff');
  if (mode === 'staff') {
    const staff = await loadStaffProfile(db.pool, session.userId);
    if (!staff) throw forbidden("You don't have permission to access this page. This account is not a staff account.");
    if (roles && !roles.includes(staff.role)) throw forbidden("You don't have permission to access this page.");
    return { ...session, staff };
  }
  if (mode === 'patient') return { ...session, patient: await loadPatientProfile(db.pool, session.userId) };
  return session;
}

interface InputSchemas {
  query?: AnyObject;
  params?: AnyObject;
  body?: BodySpec;
}

/** Query, path parameters and body as their schemas output them (undefined where the call takes none). */
interface ParsedInput {
  query: unknown;
  params: unknown;
  body: unknown;
}

/**
 * Reads and validates query, path parameters and body, collecting every field's errors into one answer
 * (`errorStatus`: 422 for a form to correct, 400 for a malformed address of a resource).
 */
async function parseInput(req: Request, routed: RoutedRequest, schemas: InputSchemas, errorStatus: 400 | 422): Promise<ParsedInput> {
  const errors: Record<string, string[]> = emptyFieldErrors();
  const parse = (schema: z.ZodType | undefined, value: unknown, prefix: string, present: boolean): unknown => {
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
  const queryObject = searchParamsToObject((routed.url ?? new URL(req.url)).searchParams);
  Object.assign(errors, nonNumeralErrors(schemas.query, queryObject), nonNumeralErrors(schemas.params, routed.params));
  const query = parse(schemas.query, queryObject, 'query', Object.keys(queryObject).length > 0);
  const params = parse(schemas.params, routed.params, 'params', false);
  const bodySchema = schemas.body && ('json' in schemas.body ? schemas.body.json : schemas.body.multipart);
  const body = await readBody(req, schemas.body, routed.form, (value, present) => parse(bodySchema, value, 'body', present));
  if (Object.keys(errors).length) throw validationFailed(errors, errorStatus);
  return { query, params, body };
}

/** The handler's answer checked against the version's schema: a mismatch is the server's bug (500), never sent. */
function checkAnswer(schema: AnySchema, result: unknown, label: string, version: string): unknown {
  const checked = z.safeParse(schema, result);
  if (!checked.success) throw new Error(`response of ${label} (v${version}) does not match its schema: ${JSON.stringify(checked.error.issues.slice(0, 3))}`);
  return checked.data;
}

/** A JSON answer with the function headers (no-store when personal, the CDN's lifetime when public). */
function envelopeResponse(body: unknown, options: { personal: boolean; maxAge?: number; staleSeconds?: number; requestId: string; version?: string }): Response {
  const headers = functionHeaderRecord({ personal: options.personal, maxAge: options.maxAge, staleSeconds: options.staleSeconds, requestId: options.requestId, varyAccept: options.version !== undefined });
  if (options.version) headers['Content-Type'] = `application/json; charset=utf-8; version=${options.version}`;
  return new Response(JSON.stringify(body), { status: 200, headers });
}

/** What the handler of a `produces` endpoint returns: the bytes (none for a 304) and headers such as Cache-Control and ETag. */
export interface BinaryAnswer {
  status?: 200 | 304;
  body?: Uint8Array;
  /** A body produced while it is sent (a CSV export read in batches), so its size never sits in memory. */
  stream?: ReadableStream<Uint8Array>;
  headers?: Record<string, string>;
}

/** The response schema of a `produces` endpoint. */
export const binaryAnswer = z.custom<BinaryAnswer>(
  (v) => !!v && typeof v === 'object' && ((v as BinaryAnswer).status === 304 || (v as BinaryAnswer).body instanceof Uint8Array || (v as BinaryAnswer).stream instanceof ReadableStream),
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
  if (answer.stream) {
    // Personal answers keep their no-store; a download's file name is not personal.
    if (answer.headers?.['Content-Disposition']) headers.set('Content-Disposition', answer.headers['Content-Disposition']);
    return new Response(answer.stream, { status: 200, headers });
  }
  const body = answer.body!;
  headers.set('Content-Length', String(body.byteLength));
  return new Response(body as unknown as BodyInit, { status: 200, headers });
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
    // Validation, the NUL check and a webhook's signature walk the value recursively: a body nested thousands deep
    // overflowed the stack (a 500). No call takes more than a few levels.
    if (jsonDepthOver(value, MAX_JSON_DEPTH)) throw badRequest('The body is nested too deeply.');
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

const MAX_JSON_DEPTH = 32;

/** Whether a parsed JSON value nests deeper than `max` (iterative: the check itself cannot overflow). */
export function jsonDepthOver(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (depth >= max) return true;
    for (const x of Array.isArray(v) ? v : Object.values(v)) stack.push([x, depth + 1]);
  }
  return false;
}

/** Database refusals a caller can act on, by SQLSTATE: the status and the message (its key; the English is en-PH's). */
const PG_REFUSALS: Record<string, [HttpStatus, MessageKey]> = {
  '23505': [409, 'server.db.alreadyExists'],
  '23503': [409, 'server.db.referenced'],
  '23514': [422, 'server.db.outOfRange'],
  '23502': [422, 'server.db.missing'],
  '23P01': [409, 'server.db.conflicts'],
  '22P02': [422, 'server.db.wrongFormat'],
  '22003': [422, 'server.db.numberOutOfRange'],
  '22007': [422, 'server.db.dateFormat'],
  '22008': [422, 'server.db.dateOutOfRange'],
  '22001': [422, 'server.db.tooLong'],
  '22023': [422, 'server.db.outOfRange'],
  'P0002': [404, 'server.db.notFound'],
  '22021': [422, 'server.db.badCharacter'],
  '22P05': [422, 'server.db.badCharacter'],
  '2201B': [422, 'server.db.wrongFormat'],
  '54000': [422, 'server.db.tooLong'],
  '42501': [403, 'server.db.noPermission'],
  '40001': [409, 'server.db.concurrent'],
  '40P01': [409, 'server.db.concurrent'],
};

/**
 * The envelope for a failure. ApiError keeps its status and messages; Postgres errors map to 4xx by SQLSTATE
 * (a SQL function may raise `errcode = 'PT409'` or any two letters and a 4xx status, with a message for the client); anything else is a 500 logged
 * with the request id and answered "An error occurred!".
 */
export function errorResponse(err: unknown, info: { requestId: string; staff: boolean; method: string; path: string; locale?: Locale }): Response {
  let apiError: ApiError | undefined;
  if (err instanceof ApiError) apiError = err;
  else if (err && typeof err === 'object' && typeof (err as { code?: unknown }).code === 'string') {
    const code = (err as { code: string }).code;
    // Codes the migrations define: two letters and the HTTP status (PT409, CA422), the message for the client.
    const custom = /^[A-Z]{2}(4\d\d)$/.exec(code);
    if (custom) apiError = new ApiError(Number(custom[1]) as HttpStatus, (err as Error).message);
    else if (PG_REFUSALS[code]) apiError = new ApiError(PG_REFUSALS[code][0], translate(API_LOCALE, PG_REFUSALS[code][1]));
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
  // Messages in the caller's locale (caller-locale.ts); English when none is asked for.
  const { messages, data } = localizeFailure(apiError.messages, apiError.data, info.locale ?? API_LOCALE);
  return new Response(JSON.stringify(failure(messages, data, status)), { status: apiError.httpStatus, headers });
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
