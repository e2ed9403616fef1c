import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { allEndpoints, FUNCTIONS } from '../../functions/openapi';
import { buildOpenApi } from '../../src/server/openapi';

const dir = path.resolve(import.meta.dirname, '../../functions');
const files = async () => (await readdir(dir)).filter((f) => f.endsWith('.ts')).sort();

describe('OpenAPI document generated from the endpoint declarations', () => {
  it('knows every function module, and each module\'s literal config.path is exactly its endpoints\' paths', async () => {
    const registered = new Set(Object.values(FUNCTIONS));
    for (const f of await files()) {
      const mod = await import(pathToFileURL(path.join(dir, f)).href);
      // Scheduled functions answer no HTTP call: Netlify runs them on their schedule only.
      if (mod.config?.schedule) {
        expect(mod.config.path, f).toBeUndefined();
        continue;
      }
      // Background functions (name ending in -background) answer only the upload function's signed call, at /.netlify/functions/<name>.
      if (f.endsWith('-background.ts')) {
        expect(mod.config?.path, f).toBeUndefined();
        continue;
      }
      expect(registered.has(mod.default), `${f} is missing from FUNCTIONS in functions/openapi.ts`).toBe(true);
      const configured = [mod.config.path].flat().sort();
      expect(configured, f).toEqual([...new Set(mod.default.endpoints.map((e: { path: string }) => e.path))].sort());
    }
  });

  it('lists every endpoint with method, parameters, body, envelope and error responses', () => {
    const doc = buildOpenApi(allEndpoints()) as { openapi: string; paths: Record<string, Record<string, any>> };
    expect(doc.openapi).toBe('3.1.0');
    const ops = Object.entries(doc.paths).flatMap(([p, m]) => Object.keys(m).map((k) => `${k.toUpperCase()} ${p}`));
    expect(ops.sort()).toEqual(allEndpoints().map((e) => `${e.method} ${e.path.replace(/:(\w+)/g, '{$1}')}`).sort());
    expect(ops).toEqual(expect.arrayContaining(['GET /api/health', 'GET /api/me', 'GET /api/admin/me', 'GET /api/session', 'POST /api/admin/uploads', 'GET /api/openapi.json']));
    const me = doc.paths['/api/me'].get;
    expect(me.security).toEqual([{ bearerAuth: [] }]);
    expect(me['x-auth']).toBe('patient');
    const ok = me.responses['200'].content['application/json'].schema;
    expect(ok.required).toEqual(['_status', '_messages', '_data']);
    expect(ok.properties._data.properties.onboarding).toBeDefined();
    expect(me.responses['401'].content['application/json'].schema.$ref).toBe('#/components/schemas/ErrorEnvelope');
    const upload = doc.paths['/api/admin/uploads'].post;
    const form = upload.requestBody.content['multipart/form-data'].schema;
    expect(form.properties.file).toMatchObject({ type: 'string', format: 'binary' });
    expect(form.properties.kind.enum).toEqual(['avatar', 'logo', 'banner']);
    expect(upload.responses['422']).toBeDefined();
    expect(doc.paths['/api/health'].get.security).toBeUndefined();
  });

  it('documents path and query parameters, versions and the _method override', async () => {
    const { defineEndpoint } = await import('../../src/server/endpoint');
    const { z } = await import('zod');
    const e = defineEndpoint({
      method: 'PUT',
      path: '/api/family/:id',
      summary: 'Update family profile',
      auth: 'patient',
      params: z.object({ id: z.coerce.number().int() }),
      query: z.object({ locale: z.string().optional() }),
      body: { multipart: z.object({ name: z.string() }) },
      versions: ['1.0.0', '2.0.0'],
      response: z.object({ contact: z.object({ id: z.number() }) }),
      handler: async () => ({ contact: { id: 1 } }),
    });
    const op = (buildOpenApi([e]) as any).paths['/api/family/{id}'].put;
    expect(op.parameters.map((p: any) => `${p.in}:${p.name}:${p.required}`)).toEqual(['path:id:true', 'query:locale:false', 'header:Accept:false']);
    expect(op.requestBody.content['multipart/form-data'].schema.properties._method).toMatchObject({ enum: ['PUT'] });
    expect(Object.keys(op.responses['200'].content)).toEqual(['application/json; version=1.0.0', 'application/json; version=2.0.0']);
  });
});
