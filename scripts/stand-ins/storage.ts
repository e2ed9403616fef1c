/**
 * Local Supabase Storage stand-in (development and tests only; never deployed): the object endpoints
 * @supabase/supabase-js and src/server/storage.ts call, over files under STORAGE_DIR (default .data/storage).
 *
 *   GET|HEAD /storage/v1/object/public/:bucket/:path     public read
 *   GET|HEAD /storage/v1/object/:bucket/:path            authenticated read (Bearer, as for uploads)
 *   POST|PUT /storage/v1/object/:bucket/:path            upload (Bearer: a user's access token or the service key)
 *   DELETE   /storage/v1/object/:bucket  { prefixes }    remove
 *
 * Buckets and their rules are those of src/server/storage.ts (content type by the file's real signature, size).
 */
import { jwtVerify } from 'jose';
import { jwtSecret } from '../../src/server/env';
import { checkUpload, isValidObjectPath, LocalFileStorage, localStorageDir, objectStorage, UPLOAD_KINDS, type ObjectStorage } from '../../src/server/storage';
import { ApiError } from '../../src/lib/errors';

function local(): ObjectStorage {
  const s = objectStorage();
  return s.driver === 'local' ? s : new LocalFileStorage(localStorageDir());
}

const KIND_OF_BUCKET = new Map<string, keyof typeof UPLOAD_KINDS>(Object.entries(UPLOAD_KINDS).map(([kind, r]) => [r.bucket, kind as keyof typeof UPLOAD_KINDS]));

function reply(status: number, error: string, message: string): Response {
  // Supabase Storage's error body.
  return Response.json({ statusCode: String(status), error, message }, { status, headers: { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' } });
}

/** Who asks: the service key, a signed-in user (their id), or nobody valid. */
type Requester = { role: 'service_role' } | { role: 'authenticated'; userId: string } | null;

async function requester(req: Request): Promise<Requester> {
  const m = /^Bearer\s+(\S+)$/i.exec(req.headers.get('authorization') ?? '');
  if (!m) return null;
  try {
    const { payload } = await jwtVerify(m[1], new TextEncoder().encode(jwtSecret()), { algorithms: ['HS256'] });
    if (payload.role === 'service_role') return { role: 'service_role' };
    if (payload.role === 'authenticated' && typeof payload.sub === 'string') return { role: 'authenticated', userId: payload.sub };
    return null;
  } catch {
    return null;
  }
}

async function authorize(req: Request): Promise<boolean> {
  return (await requester(req)) !== null;
}

/**
 * The storage policies per bucket (issue 24, finding 12), as Supabase Storage's policies on storage.objects
 * would say them: the server (service key) writes every bucket; a signed-in user writes and deletes only in
 * `avatars`, and only under a folder named by their own user id; `logos` and `banners` are written by the
 * server alone (staff upload through POST /api/admin/uploads).
 */
export function mayWrite(who: Requester, bucket: string, objectPath: string): boolean {
  if (!who) return false;
  if (who.role === 'service_role') return true;
  return bucket === 'avatars' && objectPath.split('/')[0] === who.userId && objectPath.split('/').length > 1;
}

function splitPath(rest: string): { bucket: string; objectPath: string } | undefined {
  const parts = rest.split('/').filter(Boolean);
  if (parts.length < 2) return undefined;
  try {
    const p = { bucket: decodeURIComponent(parts[0]), objectPath: parts.slice(1).map(decodeURIComponent).join('/') };
    // '..%2F', '%5C' and '%00' decode into segments that leave the bucket (issue 34, finding 9): not an object.
    return isValidObjectPath(p.bucket, p.objectPath) ? p : undefined;
  } catch {
    return undefined;
  }
}

export async function handleStorage(req: Request): Promise<Response> {
  const url = new URL(req.url);
  const route = url.pathname.replace(/^\/storage\/v1/, '');
  const storage = local();
  try {
    if ((req.method === 'GET' || req.method === 'HEAD') && route.startsWith('/object/')) {
      // Public read, or the authenticated read of any object (the service key: src/server/storage.ts get).
      const isPublic = route.startsWith('/object/public/');
      if (!isPublic && !(await authorize(req))) return reply(403, 'Unauthorized', 'Invalid or missing access token');
      const p = splitPath(route.slice(isPublic ? '/object/public/'.length : '/object/'.length));
      if (!p || !KIND_OF_BUCKET.has(p.bucket)) return reply(404, 'not_found', 'Object not found');
      const obj = await storage.get(p.bucket, p.objectPath).catch(() => null);
      if (!obj) return reply(404, 'not_found', 'Object not found');
      return new Response(req.method === 'HEAD' ? null : (obj.data as unknown as BodyInit), {
        headers: {
          'Content-Type': obj.contentType,
          'Content-Length': String(obj.data.byteLength),
          'Cache-Control': 'public, max-age=3600',
          'X-Content-Type-Options': 'nosniff',
          'Content-Security-Policy': "default-src 'none'; sandbox",
        },
      });
    }
    if ((req.method === 'POST' || req.method === 'PUT') && route.startsWith('/object/') && !route.startsWith('/object/public/')) {
      const who = await requester(req);
      if (!who) return reply(403, 'Unauthorized', 'Invalid or missing access token');
      const p = splitPath(route.slice('/object/'.length));
      if (!p) return reply(400, 'invalid_key', 'Bucket and object path are required');
      const kind = KIND_OF_BUCKET.get(p.bucket);
      if (!kind) return reply(404, 'Bucket not found', 'Bucket not found');
      if (!mayWrite(who, p.bucket, p.objectPath)) return reply(403, 'Unauthorized', 'new row violates row-level security policy');
      const max = UPLOAD_KINDS[kind].maxBytes;
      const declared = Number(req.headers.get('content-length') ?? NaN);
      if (Number.isFinite(declared) && declared > max + 64 * 1024) return reply(413, 'Payload too large', 'The object exceeded the maximum allowed size');
      let file: Blob;
      const ct = req.headers.get('content-type') ?? '';
      if (/^multipart\/form-data/i.test(ct)) {
        const form = await req.formData().catch(() => undefined);
        const part = form && [...form.values()].find((v): v is File => v instanceof File);
        if (!part) return reply(400, 'invalid_mime_type', 'No file in the form data');
        file = part;
      } else {
        file = new Blob([await req.arrayBuffer()], { type: ct.split(';')[0].trim() });
      }
      let checked;
      try {
        checked = await checkUpload(kind, file);
      } catch (e) {
        if (e instanceof ApiError) return reply(e.messages[0]?.includes('size') ? 413 : 415, 'invalid_mime_type', e.messages[0]);
        throw e;
      }
      const upsert = req.method === 'PUT' || req.headers.get('x-upsert') === 'true';
      if (!upsert && (await storage.get(p.bucket, p.objectPath).catch(() => null))) return reply(409, 'Duplicate', 'The resource already exists');
      await storage.put(p.bucket, p.objectPath, checked.bytes, checked.contentType);
      return Response.json({ Key: `${p.bucket}/${p.objectPath}`, Id: crypto.randomUUID() }, { headers: { 'Cache-Control': 'no-store' } });
    }
    if (req.method === 'DELETE' && /^\/object\/[^/]+\/?$/.test(route)) {
      const who = await requester(req);
      if (!who) return reply(403, 'Unauthorized', 'Invalid or missing access token');
      const bucket = route.split('/')[2];
      if (!KIND_OF_BUCKET.has(bucket)) return reply(404, 'Bucket not found', 'Bucket not found');
      const body = (await req.json().catch(() => ({}))) as { prefixes?: unknown };
      const prefixes = Array.isArray(body.prefixes) ? body.prefixes.filter((x): x is string => typeof x === 'string') : [];
      const removed = [];
      for (const p of prefixes) {
        // As under row-level security: objects the caller may not delete are left alone, not reported.
        if (!isValidObjectPath(bucket, p) || !mayWrite(who, bucket, p)) continue;
        if (await storage.get(bucket, p).catch(() => null)) {
          await storage.remove(bucket, p);
          removed.push({ name: p, bucket_id: bucket });
        }
      }
      return Response.json(removed);
    }
    return reply(404, 'not_found', `${req.method} ${url.pathname} is not answered by the local storage stand-in`);
  } catch (e) {
    console.error('[storage] failed:', e instanceof Error ? e.message : e);
    return reply(500, 'internal', 'Internal Server Error');
  }
}
