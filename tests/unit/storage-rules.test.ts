import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/lib/errors';
import { checkUpload, LocalFileStorage, sniffImageType, storeUpload } from '../../src/server/storage';
import { rateLimitRule, RATE_LIMITS, setRateLimit, hashKey } from '../../src/server/rate-limit';

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]);
const WEBP = new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 ');

describe('upload checks (server-side type and size)', () => {
  it('knows JPEG, PNG and WebP by their first bytes, nothing else', () => {
    expect(sniffImageType(PNG)).toBe('image/png');
    expect(sniffImageType(JPEG)).toBe('image/jpeg');
    expect(sniffImageType(WEBP)).toBe('image/webp');
    expect(sniffImageType(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
    expect(sniffImageType(new Uint8Array())).toBeUndefined();
  });

  it('refuses empty, oversized, disguised and mislabelled files, naming the field', async () => {
    await expect(checkUpload('avatar', new Blob([PNG], { type: 'image/png' }))).resolves.toMatchObject({ contentType: 'image/png' });
    const err = (p: Promise<unknown>) => p.then(() => undefined, (e: ApiError) => [e.httpStatus, e.messages[0]]);
    expect(await err(checkUpload('avatar', new Blob([], { type: 'image/png' })))).toEqual([422, 'file: File is empty']);
    expect(await err(checkUpload('banner', new Blob([PNG, new Uint8Array(200 * 1024)], { type: 'image/png' }), 'image'))).toEqual([422, 'image: File size too large']);
    expect(await err(checkUpload('logo', new Blob(['<svg onload=alert(1)>'], { type: 'image/svg+xml' })))).toEqual([422, 'file: Wrong file format: use JPEG, PNG, WEBP']);
    expect(await err(checkUpload('logo', new Blob([PNG], { type: 'image/jpeg' })))).toEqual([422, 'file: Wrong file format: the file content does not match its type']);
  });
});

describe('local file storage', () => {
  let dir: string | undefined;
  afterEach(async () => dir && rm(dir, { recursive: true, force: true }));

  it('stores under owner/random names, reads back, removes, and refuses paths that climb out', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'care-st-'));
    const s = new LocalFileStorage(dir, 'http://localhost:4321');
    const stored = await storeUpload('avatar', new Blob([PNG], { type: 'image/png' }), '../../etc', s);
    expect(stored.path).toMatch(/^etc\/[0-9a-f-]{36}\.png$/);
    expect(stored.publicUrl).toBe(`http://localhost:4321/storage/v1/object/public/avatars/${stored.path}`);
    expect((await s.get('avatars', stored.path))?.data).toEqual(PNG);
    await s.remove('avatars', stored.path);
    expect(await s.get('avatars', stored.path)).toBeNull();
    await expect(s.put('avatars', '../outside.png', PNG, 'image/png')).rejects.toThrow(/bad object path/);
    await expect(s.put('../x', 'a.png', PNG, 'image/png')).rejects.toThrow(/bad object path: \.\.\/x\//);
  });
});

describe('rate-limit rules', () => {
  it('has documented defaults, environment and test overrides, and hashes keys', () => {
    expect(rateLimitRule('sign_in')).toEqual(RATE_LIMITS.sign_in);
    process.env.RATE_LIMIT_OTP_SEND = '3/60';
    expect(rateLimitRule('otp_send')).toEqual({ limit: 3, windowSeconds: 60 });
    process.env.RATE_LIMIT_OTP_SEND = 'nonsense';
    expect(rateLimitRule('otp_send')).toEqual(RATE_LIMITS.otp_send);
    delete process.env.RATE_LIMIT_OTP_SEND;
    setRateLimit('booking_create', { limit: 1, windowSeconds: 1 });
    expect(rateLimitRule('booking_create')).toEqual({ limit: 1, windowSeconds: 1 });
    setRateLimit('booking_create', undefined);
    expect(hashKey(' A@B.test ')).toBe(hashKey('a@b.test'));
    expect(hashKey('a@b.test')).toMatch(/^[0-9a-f]{64}$/);
  });
});
