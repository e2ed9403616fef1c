/**
 * The OpenAPI 3.1 document, generated from the endpoint declarations (zod 4's toJSONSchema), never by hand.
 */
import { z } from 'zod';
import type { Endpoint } from './endpoint';

type Json = Record<string, unknown>;

function schemaOf(s: z.core.$ZodType, io: 'input' | 'output'): Json {
  const out = z.toJSONSchema(s, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as Json;
  delete out.$schema;
  return out;
}

const ERROR_CODES: Record<string, string> = {
  '400': 'Malformed request (bad JSON or multipart, unknown version, address too long)',
  '401': 'Missing, expired or invalid access token (_status 5 on staff calls)',
  '403': 'Signed in, but not allowed',
  '404': 'Not found',
  '405': 'Method not allowed',
  '409': 'Conflict with existing data',
  '413': 'Body too large',
  '422': 'Validation failed: _messages name each field, _data.errors maps field to messages',
  '429': 'Rate limited: Retry-After says when to try again',
  '500': 'An error occurred! (logged with the request id)',
};

const envelope = (data: Json): Json => ({
  type: 'object',
  required: ['_status', '_messages', '_data'],
  properties: { _status: { type: 'integer', enum: [1] }, _messages: { type: 'array', items: { type: 'string' } }, _data: data },
});

export interface OpenApiInfo {
  title?: string;
  version?: string;
  serverUrl?: string;
}

export function buildOpenApi(endpoints: readonly Endpoint[], info: OpenApiInfo = {}): Json {
  const paths: Record<string, Record<string, Json>> = {};
  for (const e of [...endpoints].sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method))) {
    const oaPath = e.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');
    const parameters: Json[] = [];
    if (e.params) {
      const js = schemaOf(e.params, 'input') as { properties?: Record<string, Json> };
      for (const [name, schema] of Object.entries(js.properties ?? {})) parameters.push({ name, in: 'path', required: true, schema });
    }
    if (e.query) {
      const js = schemaOf(e.query, 'input') as { properties?: Record<string, Json>; required?: string[] };
      for (const [name, schema] of Object.entries(js.properties ?? {})) parameters.push({ name, in: 'query', required: (js.required ?? []).includes(name), schema });
    }
    if (e.versions.length > 1 || e.versions[0] !== '1.0.0') {
      parameters.push({
        name: 'Accept',
        in: 'header',
        required: false,
        description: `API version: application/json; version=${e.versions.join(' | ')} (default ${e.versions[0]})`,
        schema: { type: 'string', enum: e.versions.map((v) => `application/json; version=${v}`) },
      });
    }
    const op: Json = {
      operationId: `${e.method.toLowerCase()}${oaPath.replace(/[{}]/g, '').split(/[/-]/).filter(Boolean).map((s) => s[0].toUpperCase() + s.slice(1)).join('')}`,
      summary: e.summary,
      ...(e.description ? { description: e.description } : {}),
      tags: e.tags,
      parameters,
      'x-auth': e.auth,
      ...(e.roles ? { 'x-roles': e.roles } : {}),
      ...(e.rateLimit ? { 'x-rate-limit': e.rateLimit.bucket } : {}),
      ...(e.auth === 'public' ? {} : { security: [{ bearerAuth: [] }] }),
    };
    if (e.body) {
      if ('json' in e.body) {
        op.requestBody = { required: true, content: { 'application/json': { schema: schemaOf(e.body.json, 'input') } } };
      } else {
        const schema = schemaOf(e.body.multipart, 'input') as { properties?: Json };
        const withOverride =
          e.method === 'POST' ? schema : { ...schema, properties: { ...(schema.properties ?? {}), _method: { type: 'string', enum: [e.method], description: 'Method override: send as POST with this field' } } };
        op.requestBody = { required: true, content: { 'multipart/form-data': { schema: withOverride }, 'application/x-www-form-urlencoded': { schema: withOverride } } };
      }
    }
    const content: Json = {};
    if (e.produces) content[e.produces] = { schema: { type: 'string', contentMediaType: e.produces, format: 'binary' } };
    else for (const v of e.versions) {
      const type = e.versions.length > 1 || v !== '1.0.0' ? `application/json; version=${v}` : 'application/json';
      const data = schemaOf(e.responses[v], 'output');
      content[type] = { schema: e.envelope ? envelope(data) : data };
    }
    const responses: Json = { '200': { description: 'Success', content } };
    const codes = ['400', '405', '500'];
    // 401 on every call: a public call also refuses an expired or invalid token that is sent.
    codes.push('401');
    if (e.auth === 'staff' || e.auth === 'patient') codes.push('403');
    if (e.params) codes.push('404');
    // A `produces` endpoint (an image) answers invalid input with a 400, already listed.
    if ((e.query || e.params || e.body) && !e.produces) codes.push('422');
    if (e.body) codes.push('413');
    if (e.method !== 'GET') codes.push('409');
    if (e.rateLimit) codes.push('429');
    for (const c of codes.sort()) responses[c] = { description: ERROR_CODES[c], content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } } };
    op.responses = responses;
    (paths[oaPath] ??= {})[e.method.toLowerCase()] = op;
  }
  return {
    openapi: '3.1.0',
    info: { title: info.title ?? 'Care directory API', version: info.version ?? '1.0.0', description: 'Every call answers the envelope { _status, _messages, _data }: _status 1 success, -1 failure, 5 session expired (staff calls).' },
    ...(info.serverUrl ? { servers: [{ url: info.serverUrl }] } : {}),
    paths,
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'Supabase Auth access token' } },
      schemas: {
        ErrorEnvelope: {
          type: 'object',
          required: ['_status', '_messages', '_data'],
          properties: {
            _status: { type: 'integer', enum: [-1, 5] },
            _messages: { type: 'array', items: { type: 'string' }, minItems: 1 },
            _data: { description: 'null, { errors: { field: [messages] } } on validation failures, or { retryAfter } on 429' },
          },
        },
      },
    },
  };
}
