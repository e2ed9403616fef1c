/**
 * Object storage behind one small interface: Supabase Storage in production (REST with the service-role key),
 * the local filesystem otherwise (served at /storage/v1/object/public/... by scripts/stand-ins/storage.ts).
 * Uploads are checked here, server-side: declared type, the file's real signature, and size.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ApiError } from '../lib/errors';

export interface StoredObject {
  bucket: string;
  path: string;
  publicUrl: string;
  contentType: string;
  size: number;
}

export interface ObjectStorage {
  readonly driver: 'supabase' | 'local';
  /** The origin its public URLs start with ('' when they are paths on the site's own origin). */
  readonly publicOrigin: string;
  put(bucket: string, objectPath: string, data: Uint8Array, contentType: string): Promise<StoredObject>;
  get(bucket: string, objectPath: string): Promise<{ data: Uint8Array; contentType: string } | null>;
  remove(bucket: string, objectPath: string): Promise<void>;
  publicUrl(bucket: string, objectPath: string): string;
}

export const UPLOAD_KINDS = {
  avatar: { bucket: 'avatars', types: ['image/jpeg', 'image/png', 'image/webp'], maxBytes: 2 * 1024 * 1024 },
  logo: { bucket: 'logos', types: ['image/jpeg', 'image/png', 'image/webp'], maxBytes: 1024 * 1024 },
  /** SPEC §5: banner images under 200 KB. */
  banner: { bucket: 'banners', types: ['image/jpeg', 'image/png', 'image/webp'], maxBytes: 200 * 1024 },
} as const;
export type UploadKind = keyof typeof UPLOAD_KINDS;
export const BUCKETS = [...new Set(Object.values(UPLOAD_KINDS).map((k) => k.bucket))];
/** Private buckets: read and written by the functions alone (CSV import files, src/server/imports.ts). */
export const PRIVATE_BUCKETS = ['imports'];

const EXT: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };
const TYPE_OF_EXT: Record<string, string> = { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/** The image type a file's first bytes say it is, whatever its name or declared type claim. */
export function sniffImageType(bytes: Uint8Array): string | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b)) return 'image/png';
  if (bytes.length >= 12 && String.fromCharCode(...bytes.slice(0, 4)) === 'RIFF' && String.fromCharCode(...bytes.slice(8, 12)) === 'WEBP') return 'image/webp';
  return undefined;
}

export function contentTypeForPath(p: string): string {
  return TYPE_OF_EXT[path.extname(p).slice(1).toLowerCase()] ?? 'application/octet-stream';
}

/** Checks an upload for `kind`; throws a 422 naming `field` (SPEC §5 'File size too large'). */
export async function checkUpload(kind: UploadKind, file: Blob, field = 'file'): Promise<{ bytes: Uint8Array; contentType: string }> {
  const rule = UPLOAD_KINDS[kind];
  const fail = (msg: string) => new ApiError(422, `${field}: ${msg}`, { data: { errors: { [field]: [msg] } } });
  if (file.size === 0) throw fail('File is empty');
  if (file.size > rule.maxBytes) throw fail('File size too large');
  const bytes = new Uint8Array(await file.arrayBuffer());
  const real = sniffImageType(bytes);
  const allowed = rule.types as readonly string[];
  if (!real || !allowed.includes(real)) throw fail(`Wrong file format: use ${allowed.map((t) => t.split('/')[1].toUpperCase()).join(', ')}`);
  if (file.type && file.type !== real && !(file.type === 'image/jpg' && real === 'image/jpeg')) throw fail('Wrong file format: the file content does not match its type');
  return { bytes, contentType: real };
}

/** Checks and stores an upload under `<owner>/<random>.<ext>`; returns where it lives. */
export async function storeUpload(kind: UploadKind, file: Blob, owner: string, storage: ObjectStorage = objectStorage()): Promise<StoredObject> {
  const { bytes, contentType } = await checkUpload(kind, file);
  const safeOwner = owner.replace(/[^a-zA-Z0-9_-]/g, '').slice(0, 64) || 'anonymous';
  return storage.put(UPLOAD_KINDS[kind].bucket, `${safeOwner}/${crypto.randomUUID()}.${EXT[contentType]}`, bytes, contentType);
}

/** A bucket name and an object path that stay inside the bucket: no empty, '.' or '..' segment, backslash or NUL. */
export function isValidObjectPath(bucket: string, objectPath: string): boolean {
  return /^[a-z0-9][a-z0-9_-]{0,62}$/.test(bucket) && !!objectPath && objectPath.length <= 512
    && !objectPath.split('/').some((s) => s === '' || s === '.' || s === '..') && !/[\\\0]/.test(objectPath);
}

function checkObjectPath(bucket: string, objectPath: string): void {
  if (!isValidObjectPath(bucket, objectPath)) throw new Error(`bad object path: ${bucket}/${objectPath}`);
}

export class LocalFileStorage implements ObjectStorage {
  readonly driver = 'local' as const;
  constructor(
    readonly dir: string,
    /** Origin the public URLs start with ('' for same-origin relative URLs). */
    readonly baseUrl = '',
  ) {}

  get publicOrigin(): string {
    return this.baseUrl ? new URL(this.baseUrl).origin : '';
  }

  private file(bucket: string, objectPath: string): string {
    checkObjectPath(bucket, objectPath);
    return path.join(this.dir, bucket, ...objectPath.split('/'));
  }

  async put(bucket: string, objectPath: string, data: Uint8Array, contentType: string): Promise<StoredObject> {
    const f = this.file(bucket, objectPath);
    await mkdir(path.dirname(f), { recursive: true });
    await writeFile(f, data);
    return { bucket, path: objectPath, publicUrl: this.publicUrl(bucket, objectPath), contentType, size: data.byteLength };
  }

  async get(bucket: string, objectPath: string) {
    try {
      const data = new Uint8Array(await readFile(this.file(bucket, objectPath)));
      return { data, contentType: contentTypeForPath(objectPath) };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT' || (e as NodeJS.ErrnoException).code === 'EISDIR') return null;
      throw e;
    }
  }

  async remove(bucket: string, objectPath: string): Promise<void> {
    await rm(this.file(bucket, objectPath), { force: true });
  }

  publicUrl(bucket: string, objectPath: string): string {
    return `${this.baseUrl}/storage/v1/object/public/${bucket}/${objectPath.split('/').map(encodeURIComponent).join('/')}`;
  }
}

/** Longest wait for an object read from Supabase Storage. */
const STORAGE_READ_TIMEOUT_MS = 5_000;

export class SupabaseStorage implements ObjectStorage {
  readonly driver = 'supabase' as const;
  constructor(
    readonly url: string,
    private readonly serviceKey: string,
  ) {}

  get publicOrigin(): string {
    return new URL(this.url).origin;
  }

  private objectUrl(bucket: string, objectPath: string) {
    checkObjectPath(bucket, objectPath);
    return `${this.url}/storage/v1/object/${bucket}/${objectPath.split('/').map(encodeURIComponent).join('/')}`;
  }

  private headers(extra: Record<string, string> = {}) {
    return { authorization: `Bearer ${this.serviceKey}`, apikey: this.serviceKey, ...extra };
  }

  async put(bucket: string, objectPath: string, data: Uint8Array, contentType: string): Promise<StoredObject> {
    const res = await fetch(this.objectUrl(bucket, objectPath), {
      method: 'POST',
      headers: this.headers({ 'content-type': contentType, 'x-upsert': 'false', 'cache-control': 'max-age=31536000' }),
      body: data as unknown as BodyInit,
    });
    if (!res.ok) throw new Error(`storage upload failed: ${res.status} ${(await res.text()).slice(0, 200)}`);
    return { bucket, path: objectPath, publicUrl: this.publicUrl(bucket, objectPath), contentType, size: data.byteLength };
  }

  async get(bucket: string, objectPath: string) {
    // Bounded: a caller drawing a share image would rather draw the initial than wait on a stalled storage.
    const res = await fetch(this.objectUrl(bucket, objectPath), { headers: this.headers(), signal: AbortSignal.timeout(STORAGE_READ_TIMEOUT_MS) });
    if (res.status === 404 || res.status === 400) return null;
    if (!res.ok) throw new Error(`storage read failed: ${res.status}`);
    return { data: new Uint8Array(await res.arrayBuffer()), contentType: res.headers.get('content-type') ?? 'application/octet-stream' };
  }

  async remove(bucket: string, objectPath: string): Promise<void> {
    const res = await fetch(`${this.url}/storage/v1/object/${bucket}`, {
      method: 'DELETE',
      headers: this.headers({ 'content-type': 'application/json' }),
      body: JSON.stringify({ prefixes: [objectPath] }),
    });
    if (!res.ok) throw new Error(`storage delete failed: ${res.status}`);
  }

  publicUrl(bucket: string, objectPath: string): string {
    return `${this.url}/storage/v1/object/public/${bucket}/${objectPath.split('/').map(encodeURIComponent).join('/')}`;
  }
}

export function localStorageDir(): string {
  return process.env.STORAGE_DIR ?? path.resolve(process.cwd(), '.data/storage');
}

let configured: ObjectStorage | undefined;

/** Tests and the local server install a storage; `undefined` goes back to the environment's. */
export function useStorage(storage: ObjectStorage | undefined): void {
  configured = storage;
}

/**
 * STORAGE_DRIVER=supabase|local; default supabase when SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY are set and
 * the URL is not the local stand-in (STORAGE_DIR unset), local otherwise.
 */
export function objectStorage(): ObjectStorage {
  if (configured) return configured;
  const driver = process.env.STORAGE_DRIVER ?? (process.env.SUPABASE_SERVICE_ROLE_KEY && process.env.SUPABASE_URL && !process.env.STORAGE_DIR ? 'supabase' : 'local');
  if (driver === 'supabase') {
    const url = process.env.SUPABASE_URL;
    const key = process.env.SUPABASE_SERVICE_ROLE_KEY;
    if (!url || !key) throw new Error('STORAGE_DRIVER=supabase needs SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY');
    configured = new SupabaseStorage(url.replace(/\/$/, ''), key);
  } else {
    configured = new LocalFileStorage(localStorageDir(), process.env.STORAGE_PUBLIC_BASE_URL ?? '');
  }
  return configured;
}
