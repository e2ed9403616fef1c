/**
 * GET /api/og-images/{type}/?locale=…&{type}Id=… on the seeded directory, on both engines: a real 1200×630 PNG
 * for every type in every locale with text actually drawn (Vietnamese, Thai and Traditional Chinese titles
 * change the pixels of the title area), cache headers and ETag revalidation, 400 for a bad address, 404 for what
 * is missing, unpublished or of another locale, and logos drawn only from readable images of ours (site files, the
 * configured storage: local, or Supabase Storage's HTTP API as the stand-in answers it).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import handler from '../../functions/og-images';
import { LOCALES, LOCALE_CONFIG, type Locale } from '../../i18n/locales';
import { ANON, asCaller } from '../../src/data/db';
import { loadShareImageInput } from '../../src/data/share-image';
import { ogImagePath, type ShareImageType } from '../../src/lib/directory-routes';
import { BRAND_COLOR, SHARE_IMAGE_TYPES, shareImageModel } from '../../src/lib/share-image';
import { renderShareImage } from '../../src/server/share-image';
import { useDatabase } from '../../src/server/runtime';
import { LocalFileStorage, SupabaseStorage, useStorage } from '../../src/server/storage';
import { localApiKey } from '../../scripts/stand-ins/auth';
import { countPixels, decodePng, differingPixels, hasPngSignature, type Box, type DecodedPng } from '../support/png';
import { startTestServer } from '../support/test-server';
import { describeEachEngine } from './support/engines';

/** Where the title is drawn (right of the 220 px logo, under the type label). */
const TITLE_BOX: Box = { x: 320, y: 168, width: 830, height: 124 };
/** The logo or avatar. */
const MEDIA_BOX: Box = { x: 56, y: 132, width: 220, height: 220 };
const ink = (r: number, g: number, b: number) => r < 140 && g < 140 && b < 160;
const hex = (c: string) => [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16));
const near = (want: number[]) => (r: number, g: number, b: number) => Math.abs(r - want[0]) + Math.abs(g - want[1]) + Math.abs(b - want[2]) < 12;

const SCRIPT: Partial<Record<Locale, RegExp>> = {
  'vi-VN': /[ăâđêôơưạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ]/i,
  'th-TH': /[\u0e01-\u0e5b]/,
  'zh-TW': /\p{Script=Han}/u,
};

describeEachEngine('share images: GET /api/og-images/{type}/', { seed: true }, (ctx) => {
  const ids = {} as Record<Locale, Record<ShareImageType, number>>;
  const get = (url: string, headers: Record<string, string> = {}) => handler(new Request(`http://localhost${url}`, { headers }));
  const pick = async (sql: string, countryId: number): Promise<number> => {
    const { rows } = await ctx.db.pool.query(sql, [countryId]);
    expect(rows[0], sql).toBeDefined();
    return Number(rows[0].id);
  };

  beforeAll(async () => {
    useDatabase(ctx.db);
    for (const locale of LOCALES) {
      const c = LOCALE_CONFIG[locale].countryId;
      const published = `h.is_active and exists (select 1 from public.organizations o where o.id = h.organization_id and o.is_active)`;
      ids[locale] = {
        // The most reviewed published branch: its card shows a rating.
        hospital: await pick(`select h.id from public.hospitals h where h.country_id = $1 and ${published}
                               order by (select count(*) from public.reviews r where r.hospital_id = h.id) desc, h.id limit 1`, c),
        doctor: await pick(`select d.id from public.doctors d join public.hospitals h on h.id = d.hospital_id where d.country_id = $1 and ${published} order by d.id limit 1`, c),
        service: await pick(`select s.id from public.hospital_services s join public.hospitals h on h.id = s.hospital_id
                              where s.country_id = $1 and s.status = 1 and ${published} order by s.promotion_percent desc nulls last, s.id limit 1`, c),
        vaccine: await pick(`select vd.id from public.vaccine_details vd join public.vaccines v on v.id = vd.vaccine_id join public.hospitals h on h.id = vd.hospital_id
                              where v.country_id = $1 and v.status = 1 and ${published} order by vd.id limit 1`, c),
        specialty: await pick(`select id from public.specialties where country_id = $1 order by id limit 1`, c),
      };
    }
  });
  afterAll(() => {
    useDatabase(undefined);
    useStorage(undefined);
  });

  for (const type of SHARE_IMAGE_TYPES) {
    it(`${type}: a cacheable 1200×630 PNG with its title drawn, in every locale`, async () => {
      for (const locale of LOCALES) {
        const res = await get(ogImagePath(type, locale, ids[locale][type]));
        const label = `${type} ${locale}`;
        expect(res.status, label).toBe(200);
        expect(res.headers.get('content-type')).toBe('image/png');
        const cache = res.headers.get('cache-control')!;
        expect(cache).toMatch(/\bpublic\b/);
        expect(Number(/max-age=(\d+)/.exec(cache)![1])).toBeGreaterThanOrEqual(600);
        expect(Number(/s-maxage=(\d+)/.exec(cache)![1])).toBeGreaterThan(Number(/(?:^|[ ,])max-age=(\d+)/.exec(cache)![1]));
        expect(res.headers.get('netlify-cdn-cache-control')).toMatch(/s-maxage=\d{5,}/);
        expect(res.headers.get('etag')).toMatch(/^"og-[\w-]+"$/);
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
        const bytes = new Uint8Array(await res.arrayBuffer());
        expect(Number(res.headers.get('content-length'))).toBe(bytes.byteLength);
        expect(hasPngSignature(bytes), label).toBe(true);
        // IHDR is the first chunk: width and height at bytes 16..23.
        expect(String.fromCharCode(...bytes.subarray(12, 16))).toBe('IHDR');
        const png = decodePng(bytes);
        expect([png.width, png.height]).toEqual([1200, 630]);
        expect(countPixels(png, TITLE_BOX, ink), `${label}: dark title pixels`).toBeGreaterThan(2500);
        // The brand bar at the top.
        expect(countPixels(png, { x: 0, y: 0, width: 1200, height: 90 }, near(hex(BRAND_COLOR))), label).toBeGreaterThan(60_000);
      }
    });
  }

  it('draws Vietnamese, Thai and Traditional Chinese titles: the same card without its title differs in the title area', async () => {
    for (const locale of ['vi-VN', 'th-TH', 'zh-TW'] as const) {
      for (const type of ['hospital', 'doctor', 'vaccine'] as const) {
        const input = await asCaller(ctx.db, ANON, (c) => loadShareImageInput(c, type, locale, ids[locale][type]));
        const model = shareImageModel(locale, input!);
        if (type !== 'vaccine') expect(model.title, `${type} ${locale} title in its script`).toMatch(SCRIPT[locale]!);
        const withTitle = decodePng((await renderShareImage(model, null)).png);
        const without = decodePng((await renderShareImage({ ...model, title: '' }, null)).png);
        const box = { ...TITLE_BOX, height: 70 };
        expect(differingPixels(withTitle, without, box), `${type} ${locale}`).toBeGreaterThan(1500);
        expect(countPixels(without, box, ink)).toBeLessThan(countPixels(withTitle, box, ink));
      }
    }
  });

  it('is served by the local server at its config.path with the {type} segment', async () => {
    const server = await startTestServer();
    try {
      const ok = await fetch(server.url + ogImagePath('specialty', 'zh-TW', ids['zh-TW'].specialty));
      expect(ok.status).toBe(200);
      expect(ok.headers.get('content-type')).toBe('image/png');
      expect(hasPngSignature(new Uint8Array(await ok.arrayBuffer()))).toBe(true);
      const bad = await fetch(`${server.url}/api/og-images/clinic/?locale=zh-TW&clinicId=1`);
      expect(bad.status).toBe(400);
      expect((await bad.json())._status).toBe(-1);
      expect((await fetch(`${server.url}/api/og-images/hospital/?locale=zh-TW&hospitalId=1`, { method: 'POST' })).status).toBe(405);
    } finally {
      await server.close();
    }
  });

  it('answers a matching If-None-Match with 304 and no body, without drawing', async () => {
    const url = ogImagePath('doctor', 'th-TH', ids['th-TH'].doctor);
    const first = await get(url);
    const etag = first.headers.get('etag')!;
    const again = await get(url, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('cache-control')).toMatch(/public/);
    expect((await get(url, { 'if-none-match': '"something-else"' })).status).toBe(200);
    // Another locale's card of another entity has another validator.
    expect((await get(ogImagePath('doctor', 'vi-VN', ids['vi-VN'].doctor))).headers.get('etag')).not.toBe(etag);
  });

  it('answers 400 with the envelope for a bad type, locale or id', async () => {
    const h = ids['vi-VN'].hospital;
    const bad = [
      `/api/og-images/clinic/?locale=vi-VN&hospitalId=${h}`,
      `/api/og-images/hospital/?locale=fr-FR&hospitalId=${h}`,
      `/api/og-images/hospital/?hospitalId=${h}`,
      `/api/og-images/hospital/?locale=vi-VN`,
      `/api/og-images/hospital/?locale=vi-VN&doctorId=${h}`,
      `/api/og-images/hospital/?locale=vi-VN&hospitalId=${h}&doctorId=1`,
      `/api/og-images/hospital/?locale=vi-VN&hospitalId=abc`,
      `/api/og-images/hospital/?locale=vi-VN&hospitalId=-3`,
      `/api/og-images/hospital/?locale=vi-VN&hospitalId=1.5`,
      `/api/og-images/hospital/?locale=vi-VN&hospitalId=${h}&size=big`,
    ];
    for (const url of bad) {
      const res = await get(url);
      expect(res.status, url).toBe(400);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const body = await res.json();
      expect(body._status, url).toBe(-1);
      expect(body._messages.length, url).toBeGreaterThan(0);
    }
    const missing = await (await get(`/api/og-images/vaccine/?locale=th-TH`)).json();
    expect(missing._messages).toEqual(['vaccineId: This field is required']);
    expect((await (await get(`/api/og-images/hospital/?locale=xx&hospitalId=1`)).json())._data.errors.locale).toBeDefined();
  });

  it('answers 404 for an entity that does not exist, is not published, or is of another locale', async () => {
    const vi = ids['vi-VN'];
    expect((await get(ogImagePath('hospital', 'vi-VN', 999_999_999))).status).toBe(404);
    for (const type of SHARE_IMAGE_TYPES) {
      const res = await get(ogImagePath(type, 'th-TH', vi[type]));
      expect(res.status, `${type} of vi-VN asked in th-TH`).toBe(404);
      expect((await res.json())._status).toBe(-1);
    }
    const { rows } = await ctx.db.pool.query('select hospital_id from public.doctors where id = $1', [vi.doctor]);
    const branch = rows[0].hospital_id;
    await ctx.db.pool.query('update public.hospitals set is_active = false where id = $1', [branch]);
    try {
      expect((await get(ogImagePath('hospital', 'vi-VN', branch))).status).toBe(404);
      expect((await get(ogImagePath('doctor', 'vi-VN', vi.doctor))).status).toBe(404);
    } finally {
      await ctx.db.pool.query('update public.hospitals set is_active = true where id = $1', [branch]);
    }
    await ctx.db.pool.query('update public.hospital_services set status = 0 where id = $1', [vi.service]);
    try {
      expect((await get(ogImagePath('service', 'vi-VN', vi.service))).status).toBe(404);
    } finally {
      await ctx.db.pool.query('update public.hospital_services set status = 1 where id = $1', [vi.service]);
    }
    expect((await get(ogImagePath('service', 'vi-VN', vi.service))).status).toBe(200);
  });

  it('draws a readable local logo or avatar, and the initial for a missing file or a remote URL (never fetched)', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'og-storage-'));
    const storage = new LocalFileStorage(dir);
    useStorage(storage);
    const red = new Resvg('<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" fill="#e11d48"/></svg>').render().asPng();
    const stored = await storage.put('avatars', 'og-test/red.png', new Uint8Array(red), 'image/png');
    const doctor = ids['vi-VN'].doctor;
    const hospital = ids['vi-VN'].hospital;
    const media = async (type: ShareImageType, id: number): Promise<DecodedPng> => {
      const res = await get(ogImagePath(type, 'vi-VN', id));
      expect(res.status).toBe(200);
      return decodePng(new Uint8Array(await res.arrayBuffer()));
    };
    const redPixels = (png: DecodedPng) => countPixels(png, MEDIA_BOX, near([0xe1, 0x1d, 0x48]));
    const before = (await ctx.db.pool.query('select avatar from public.doctors where id = $1', [doctor])).rows[0].avatar;
    const logoBefore = (await ctx.db.pool.query('select logo from public.hospitals where id = $1', [hospital])).rows[0].logo;
    try {
      await ctx.db.pool.query('update public.doctors set avatar = $2 where id = $1', [doctor, stored.publicUrl]);
      expect(redPixels(await media('doctor', doctor)), 'local storage avatar').toBeGreaterThan(20_000);
      await ctx.db.pool.query('update public.doctors set avatar = $2 where id = $1', [doctor, `https://cdn.example.invalid${stored.publicUrl}`]);
      expect(redPixels(await media('doctor', doctor)), 'the same path on another host is not read, nor fetched').toBe(0);
      await ctx.db.pool.query('update public.doctors set avatar = $2 where id = $1', [doctor, 'https://cdn.example.invalid/avatar.png']);
      expect(redPixels(await media('doctor', doctor)), 'remote URL: the initial').toBe(0);
      await ctx.db.pool.query('update public.doctors set avatar = $2 where id = $1', [doctor, '/storage/v1/object/public/avatars/og-test/missing.png']);
      expect(redPixels(await media('doctor', doctor)), 'missing file: the initial').toBe(0);
      // A file of the site's public folder (the default logo: the brand cross on a light square).
      await ctx.db.pool.query('update public.hospitals set logo = $2 where id = $1', [hospital, '/images/default-logo.svg']);
      expect(countPixels(await media('hospital', hospital), MEDIA_BOX, near(hex(BRAND_COLOR)))).toBeGreaterThan(5_000);
      await ctx.db.pool.query('update public.hospitals set logo = $2 where id = $1', [hospital, '/../package.json']);
      expect(countPixels(await media('hospital', hospital), MEDIA_BOX, near(hex(BRAND_COLOR))), 'no escaping public/').toBe(0);
    } finally {
      await ctx.db.pool.query('update public.doctors set avatar = $2 where id = $1', [doctor, before]);
      await ctx.db.pool.query('update public.hospitals set logo = $2 where id = $1', [hospital, logoBefore]);
      useStorage(undefined);
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('draws a logo kept in Supabase Storage, read through its API with the service key; not from another host', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'og-supabase-storage-'));
    const previousDir = process.env.STORAGE_DIR;
    // The stand-in keeps the objects it is sent under STORAGE_DIR.
    process.env.STORAGE_DIR = dir;
    const server = await startTestServer();
    const storage = new SupabaseStorage(server.url, await localApiKey('service_role'));
    useStorage(storage);
    const hospital = ids['vi-VN'].hospital;
    const logoBefore = (await ctx.db.pool.query('select logo from public.hospitals where id = $1', [hospital])).rows[0].logo;
    const red = new Resvg('<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" fill="#e11d48"/></svg>').render().asPng();
    const media = async (): Promise<{ png: DecodedPng; etag: string | null }> => {
      const res = await get(ogImagePath('hospital', 'vi-VN', hospital));
      expect(res.status).toBe(200);
      return { png: decodePng(new Uint8Array(await res.arrayBuffer())), etag: res.headers.get('etag') };
    };
    const redPixels = (png: DecodedPng) => countPixels(png, MEDIA_BOX, near([0xe1, 0x1d, 0x48]));
    try {
      const stored = await storage.put('logos', 'og-test/red.png', new Uint8Array(red), 'image/png');
      expect(stored.publicUrl.startsWith(`${server.url}/storage/v1/object/public/`)).toBe(true);
      await ctx.db.pool.query('update public.hospitals set logo = $2 where id = $1', [hospital, stored.publicUrl]);
      const drawn = await media();
      expect(redPixels(drawn.png), 'Supabase Storage logo').toBeGreaterThan(20_000);
      // Another picture under the same address is another image: its ETag changes with the content.
      const blue = new Resvg('<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" fill="#1d4ed8"/></svg>').render().asPng();
      await fetch(`${server.url}/storage/v1/object/logos/og-test/red.png`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${await localApiKey('service_role')}`, 'content-type': 'image/png' },
        body: new Uint8Array(blue),
      }).then((r) => expect(r.status).toBe(200));
      const redrawn = await media();
      expect(redPixels(redrawn.png)).toBe(0);
      expect(redrawn.etag).not.toBe(drawn.etag);
      // The same path on a host that is not the storage's is neither read nor fetched.
      await ctx.db.pool.query('update public.hospitals set logo = $2 where id = $1', [hospital, stored.publicUrl.replace(server.url, 'https://cdn.example.invalid')]);
      expect(countPixels((await media()).png, MEDIA_BOX, near([0x1d, 0x4e, 0xd8]))).toBe(0);
      // A removed object draws the initial.
      await storage.remove('logos', 'og-test/red.png');
      await ctx.db.pool.query('update public.hospitals set logo = $2 where id = $1', [hospital, stored.publicUrl]);
      expect(countPixels((await media()).png, MEDIA_BOX, near([0x1d, 0x4e, 0xd8]))).toBe(0);
    } finally {
      await ctx.db.pool.query('update public.hospitals set logo = $2 where id = $1', [hospital, logoBefore]);
      useStorage(undefined);
      await server.close();
      if (previousDir === undefined) delete process.env.STORAGE_DIR;
      else process.env.STORAGE_DIR = previousDir;
      await rm(dir, { recursive: true, force: true });
    }
  });
});
