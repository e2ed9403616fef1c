/**
 * Draws a share image (src/lib/share-image.ts decides what it says): satori lays the card out as SVG with the
 * text as glyph outlines, resvg (native, linux-x64 in Netlify Functions) rasterizes it to a 1200×630 PNG.
 *
 * Fonts ship with the project as npm packages (OFL-1.1): Noto Sans (Latin, Vietnamese, …), Noto Sans Thai and
 * Noto Sans TC, in their per-script / per-slice WOFF files. Only the files whose unicode-range covers a character
 * of the card are read (a Vietnamese card loads two small Latin files per weight, a Thai one adds a 12 KB Thai
 * file, a Traditional Chinese one the few ~40 KB slices of its characters), and each file is read once per
 * process: satori caches the parsed font of a buffer it has seen.
 *
 * Logos and avatars are drawn when the stored value points to a readable image of ours (a file of the site's
 * public/ folder, or an object of the configured storage, read through it); other hosts are never fetched.
 * Otherwise the initial of the name is drawn.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import satori from 'satori';
import { Resvg } from '@resvg/resvg-js';
import { SHARE_IMAGE_HEIGHT, SHARE_IMAGE_WIDTH, shareImageText, type ShareImageModel } from '../lib/share-image';
import { objectStorage, sniffImageType } from './storage';

/** Bump when the drawing changes: part of the ETag. */
export const SHARE_IMAGE_RENDERER_VERSION = '1';

// ---- fonts -------------------------------------------------------------------------------------------------

type Weight = 400 | 700;
const WEIGHTS: readonly Weight[] = [400, 700];

/** Font packages in order of preference: a character is drawn with the first package and subset covering it. */
const FONT_PACKAGES = ['noto-sans', 'noto-sans-thai', 'noto-sans-tc'] as const;

interface Face {
  key: string;
  file: (weight: Weight) => string;
  ranges: [number, number][];
}

function parseRanges(css: string): [number, number][] {
  return css.split(',').map((part) => {
    const [a, b] = part.trim().replace(/^U\+/i, '').split('-');
    const from = parseInt(a, 16);
    return [from, b ? parseInt(b, 16) : from] as [number, number];
  });
}

function fontPackageDir(pkg: string): string {
  const local = path.resolve(process.cwd(), 'node_modules/@fontsource', pkg);
  if (existsSync(path.join(local, 'unicode.json'))) return local;
  try {
    return path.dirname(createRequire(import.meta.url).resolve(`@fontsource/${pkg}/unicode.json`));
  } catch {
    throw new Error(`font package @fontsource/${pkg} not found (netlify.toml included_files must ship it)`);
  }
}

let faces: Face[] | undefined;
function allFaces(): Face[] {
  if (faces) return faces;
  faces = [];
  for (const pkg of FONT_PACKAGES) {
    const dir = fontPackageDir(pkg);
    const unicode = JSON.parse(readFileSync(path.join(dir, 'unicode.json'), 'utf8')) as Record<string, string>;
    for (const [subset, ranges] of Object.entries(unicode)) {
      const name = subset.replace(/^\[(\d+)\]$/, '$1');
      faces.push({ key: `${pkg}-${name}`, file: (w) => path.join(dir, 'files', `${pkg}-${name}-${w}-normal.woff`), ranges: parseRanges(ranges) });
    }
  }
  return faces;
}

/** The font files (subsets) needed to draw `text`, in preference order. Characters no file covers are left out. */
export function facesFor(text: string): string[] {
  const chosen = new Set<string>();
  const list = allFaces();
  for (const ch of new Set(text)) {
    const cp = ch.codePointAt(0)!;
    if (cp <= 0x20) continue;
    const face = list.find((f) => f.ranges.some(([a, b]) => cp >= a && cp <= b));
    if (face) chosen.add(face.key);
  }
  return list.filter((f) => chosen.has(f.key)).map((f) => f.key);
}

const fontData = new Map<string, Buffer>();
function fontFile(face: Face, weight: Weight): Buffer {
  const file = face.file(weight);
  let data = fontData.get(file);
  if (!data) fontData.set(file, (data = readFileSync(file)));
  return data;
}

interface SatoriFont {
  name: string;
  data: Buffer;
  weight: Weight;
  style: 'normal';
}

function fontsFor(text: string): SatoriFont[] {
  const byKey = new Map(allFaces().map((f) => [f.key, f]));
  return facesFor(text).flatMap((key) => WEIGHTS.map((weight) => ({ name: key, data: fontFile(byKey.get(key)!, weight), weight, style: 'normal' as const })));
}

// ---- images ------------------------------------------------------------------------------------------------

export interface StoredImage {
  dataUri: string;
  /** Identifies the image's content for the ETag. */
  version: string;
}

const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

function publicDir(): string {
  return process.env.PUBLIC_DIR ?? path.resolve(process.cwd(), 'public');
}

function imageType(bytes: Uint8Array): string | undefined {
  const t = sniffImageType(bytes);
  if (t === 'image/png' || t === 'image/jpeg') return t;
  const head = Buffer.from(bytes.subarray(0, 256)).toString('utf8').trimStart();
  if (/^(<\?xml[^>]*>\s*)?<svg[\s>]/i.test(head)) return 'image/svg+xml';
  return undefined; // WebP and others: resvg cannot draw them; the initial is drawn instead.
}

/**
 * The stored logo or avatar as a data URI when it is ours and readable: a site path ('/images/x.png' under
 * public/) or an object of the configured storage ('/storage/v1/object/public/<bucket>/<path>' on the storage's
 * origin: Supabase Storage's in production, the local storage's here). URLs of other hosts are never fetched.
 */
export async function readStoredImage(stored: string | null | undefined): Promise<StoredImage | null> {
  const s = stored?.trim();
  if (!s) return null;
  let bytes: Uint8Array | null = null;
  try {
    const storageMatch = /^(https?:\/\/[^/]+)?\/storage\/v1\/object\/public\/([a-z0-9][a-z0-9_-]*)\/([^?#]+)$/.exec(s);
    if (storageMatch) {
      const [, origin = '', bucket, encodedPath] = storageMatch;
      const storage = objectStorage();
      // Read through the storage, never by fetching the URL: an absolute URL must be on the storage's own origin,
      // and a same-origin path is the local storage's.
      if (origin ? new URL(origin).origin !== storage.publicOrigin : storage.driver !== 'local') return null;
      const got = await storage.get(bucket, decodeURIComponent(encodedPath));
      if (!got || got.data.byteLength > MAX_IMAGE_BYTES) return null;
      bytes = got.data;
    } else if (s.startsWith('/') && !s.startsWith('//')) {
      const rel = decodeURIComponent(s.split(/[?#]/)[0]);
      const root = publicDir();
      const file = path.resolve(root, `.${rel}`);
      if (!file.startsWith(root + path.sep)) return null;
      const st = await stat(file);
      if (!st.isFile() || st.size > MAX_IMAGE_BYTES) return null;
      bytes = new Uint8Array(await readFile(file));
    } else return null;
  } catch {
    return null; // missing object or file, bad path, storage unreachable: draw the initial
  }
  const type = imageType(bytes);
  if (!type) return null;
  return { dataUri: `data:${type};base64,${Buffer.from(bytes).toString('base64')}`, version: createHash('sha1').update(bytes).digest('base64url').slice(0, 16) };
}

// ---- the card ----------------------------------------------------------------------------------------------

type Style = Record<string, string | number>;
interface El {
  type: string;
  props: Record<string, unknown> & { style?: Style; children?: unknown };
}
const el = (type: string, style: Style, children?: unknown, props: Record<string, unknown> = {}): El => ({ type, props: { ...props, style, children } });
const div = (style: Style, children?: unknown) => el('div', { display: 'flex', ...style }, children);

const INK = '#101828';
const MUTED = '#475467';
const STAR = '#f5a524';
const STAR_EMPTY = '#d0d5dd';
const STAR_PATH = 'M12 2.5l2.94 5.96 6.56.95-4.75 4.63 1.12 6.54L12 17.5l-5.87 3.08 1.12-6.54L2.5 9.41l6.56-.95z';
const CROSS_PATH = 'M13 7h6v6h6v6h-6v6h-6v-6H7v-6h6z';

function star(fill: string, size: number): El {
  return el('svg', { width: size, height: size }, el('path', {}, undefined, { d: STAR_PATH, fill }), { width: size, height: size, viewBox: '0 0 24 24' });
}

function stars(value: number, size: number): El {
  const items: El[] = [];
  for (let i = 1; i <= 5; i++) {
    const part = Math.max(0, Math.min(1, value - (i - 1)));
    items.push(
      div({ position: 'relative', width: size, height: size }, [
        star(STAR_EMPTY, size),
        ...(part > 0 ? [div({ position: 'absolute', left: 0, top: 0, width: size * part, height: size, overflow: 'hidden' }, star(STAR, size))] : []),
      ]),
    );
  }
  return div({ gap: 4, alignItems: 'center' }, items);
}

function media(m: ShareImageModel, image: StoredImage | null): El {
  const size = 220;
  const radius = m.imageShape === 'circle' ? size / 2 : 32;
  if (image) {
    return div({ width: size, height: size, flexShrink: 0, borderRadius: radius, overflow: 'hidden', border: '2px solid #eaecf0', background: '#ffffff', alignItems: 'center', justifyContent: 'center' }, [
      el('img', { width: size - 4, height: size - 4, objectFit: m.imageShape === 'circle' ? 'cover' : 'contain' }, undefined, { src: image.dataUri, width: size - 4, height: size - 4 }),
    ]);
  }
  return div(
    { width: size, height: size, flexShrink: 0, borderRadius: radius, background: '#e8f1fb', color: m.brandDark, alignItems: 'center', justifyContent: 'center', fontSize: 112, fontWeight: 700, lineHeight: 1 },
    m.initial,
  );
}

export function shareImageTree(m: ShareImageModel, image: StoredImage | null, fontFamily: string): El {
  const rows: El[] = [
    div({ color: m.brandColor, fontSize: 26, fontWeight: 700, letterSpacing: 1, textTransform: 'uppercase' }, m.label),
    el('div', { display: 'block', fontSize: 50, fontWeight: 700, lineHeight: 1.22, color: INK, lineClamp: 2, marginTop: 4 }, m.title),
    ...m.subtitle.map((line) => el('div', { display: 'block', fontSize: 27, lineHeight: 1.3, color: MUTED, lineClamp: 1, marginTop: 6 }, line)),
  ];
  if (m.rating) {
    rows.push(
      div({ alignItems: 'center', gap: 14, marginTop: 14, fontSize: 27 }, [
        stars(m.rating.stars, 30),
        div({ fontWeight: 700, color: INK }, m.rating.value),
        div({ color: MUTED }, m.rating.count),
      ]),
    );
  }
  if (m.price) {
    const parts: El[] = [];
    if (m.price.text) parts.push(div({ fontSize: 38, fontWeight: 700, color: m.brandDark }, m.price.text));
    if (m.price.original) parts.push(div({ fontSize: 28, color: MUTED, textDecoration: 'line-through' }, m.price.original));
    if (m.price.discount) parts.push(div({ fontSize: 24, fontWeight: 700, color: '#ffffff', background: '#d92d20', borderRadius: 8, padding: '4px 12px' }, m.price.discount));
    if (m.price.status) parts.push(div({ fontSize: 24, fontWeight: 700, color: '#b42318', background: '#fef3f2', borderRadius: 8, padding: '4px 12px' }, m.price.status));
    rows.push(div({ alignItems: 'center', gap: 16, marginTop: 12 }, parts));
  }

  return div(
    { width: SHARE_IMAGE_WIDTH, height: SHARE_IMAGE_HEIGHT, flexDirection: 'column', background: '#ffffff', fontFamily, color: INK },
    [
      div({ height: 96, flexShrink: 0, background: m.brandColor, alignItems: 'center', padding: '0 56px', gap: 18 }, [
        el('svg', { width: 52, height: 52 }, [el('rect', {}, undefined, { width: 32, height: 32, rx: 8, fill: '#ffffff' }), el('path', {}, undefined, { d: CROSS_PATH, fill: m.brandColor })], {
          width: 52,
          height: 52,
          viewBox: '0 0 32 32',
        }),
        div({ color: '#ffffff', fontSize: 36, fontWeight: 700 }, m.siteName),
      ]),
      div({ flexGrow: 1, flexShrink: 1, padding: '36px 56px 0', gap: 48, alignItems: 'flex-start', minHeight: 0, overflow: 'hidden' }, [
        media(m, image),
        div({ flexDirection: 'column', flexGrow: 1, flexShrink: 1, minWidth: 0 }, rows),
      ]),
      div({ height: 100, flexShrink: 0, margin: '0 56px', borderTop: '2px solid #eaecf0', alignItems: 'center', justifyContent: 'space-between' }, [
        div({ fontSize: 28, color: MUTED }, m.domain),
        div({ fontSize: 28, fontWeight: 700, color: '#ffffff', background: m.brandColor, borderRadius: 999, padding: '12px 36px' }, m.cta),
      ]),
    ],
  );
}

export interface RenderedShareImage {
  png: Uint8Array;
  /** Milliseconds spent in layout (satori) and rasterizing (resvg). */
  timings: { layout: number; raster: number };
}

/** Strong validator of what the card would show: the model, the image file's version and the renderer's. */
export function shareImageEtag(m: ShareImageModel, image: StoredImage | null): string {
  const h = createHash('sha256').update(JSON.stringify(m)).update('\0').update(image?.version ?? '').update('\0').update(SHARE_IMAGE_RENDERER_VERSION);
  return `"og-${h.digest('base64url').slice(0, 27)}"`;
}

export async function renderShareImage(m: ShareImageModel, image: StoredImage | null): Promise<RenderedShareImage> {
  const fonts = fontsFor(shareImageText(m));
  const t0 = performance.now();
  const svg = await satori(shareImageTree(m, image, fonts.filter((f) => f.weight === 400).map((f) => `'${f.name}'`).join(', ')) as never, {
    width: SHARE_IMAGE_WIDTH,
    height: SHARE_IMAGE_HEIGHT,
    fonts,
  });
  const t1 = performance.now();
  const png = new Resvg(svg, { fitTo: { mode: 'original' }, font: { loadSystemFonts: false } }).render().asPng();
  const t2 = performance.now();
  return { png: new Uint8Array(png.buffer, png.byteOffset, png.byteLength), timings: { layout: t1 - t0, raster: t2 - t1 } };
}
