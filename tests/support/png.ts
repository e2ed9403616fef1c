/**
 * A small PNG reader for tests: checks the signature and chunk CRCs, reads IHDR and decodes 8-bit RGB / RGBA
 * non-interlaced images (what resvg writes) into RGBA pixels, so a test can look at what was drawn.
 */
import { crc32, inflateSync } from 'node:zlib';

export const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export interface DecodedPng {
  width: number;
  height: number;
  bitDepth: number;
  colorType: number;
  /** RGBA, 4 bytes per pixel, row after row. */
  rgba: Uint8Array;
}

export function hasPngSignature(bytes: Uint8Array): boolean {
  return bytes.length >= 8 && PNG_SIGNATURE.every((b, i) => bytes[i] === b);
}

export function decodePng(bytes: Uint8Array): DecodedPng {
  if (!hasPngSignature(bytes)) throw new Error('not a PNG: bad signature');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 8;
  let ihdr: { width: number; height: number; bitDepth: number; colorType: number; interlace: number } | undefined;
  const idat: Uint8Array[] = [];
  let ended = false;
  while (offset + 12 <= bytes.length) {
    const length = view.getUint32(offset);
    const type = String.fromCharCode(...bytes.subarray(offset + 4, offset + 8));
    const data = bytes.subarray(offset + 8, offset + 8 + length);
    const crc = view.getUint32(offset + 8 + length);
    if (crc32(bytes.subarray(offset + 4, offset + 8 + length)) !== crc) throw new Error(`bad CRC in chunk ${type}`);
    if (type === 'IHDR') {
      const d = new DataView(data.buffer, data.byteOffset, data.byteLength);
      ihdr = { width: d.getUint32(0), height: d.getUint32(4), bitDepth: data[8], colorType: data[9], interlace: data[12] };
    } else if (type === 'IDAT') idat.push(data);
    else if (type === 'IEND') {
      ended = true;
      break;
    }
    offset += 12 + length;
  }
  if (!ihdr) throw new Error('no IHDR chunk');
  if (!ended) throw new Error('no IEND chunk');
  const { width, height, bitDepth, colorType, interlace } = ihdr;
  if (bitDepth !== 8 || (colorType !== 6 && colorType !== 2) || interlace !== 0) throw new Error(`unsupported PNG: depth ${bitDepth}, colour type ${colorType}, interlace ${interlace}`);
  const channels = colorType === 6 ? 4 : 3;
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  if (raw.length !== height * (stride + 1)) throw new Error('image data has the wrong size');
  const out = new Uint8Array(width * height * 4);
  let prev = new Uint8Array(stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const cur = new Uint8Array(stride);
    for (let i = 0; i < stride; i++) {
      const a = i >= channels ? cur[i - channels] : 0;
      const b = prev[i];
      const c = i >= channels ? prev[i - channels] : 0;
      let v = line[i];
      if (filter === 1) v += a;
      else if (filter === 2) v += b;
      else if (filter === 3) v += (a + b) >> 1;
      else if (filter === 4) {
        const p = a + b - c;
        const pa = Math.abs(p - a);
        const pb = Math.abs(p - b);
        const pc = Math.abs(p - c);
        v += pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      } else if (filter !== 0) throw new Error(`bad filter ${filter}`);
      cur[i] = v & 0xff;
    }
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4;
      out[o] = cur[x * channels];
      out[o + 1] = cur[x * channels + 1];
      out[o + 2] = cur[x * channels + 2];
      out[o + 3] = channels === 4 ? cur[x * channels + 3] : 255;
    }
    prev = cur;
  }
  return { width, height, bitDepth, colorType, rgba: out };
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Pixels in `box` for which `test(r, g, b, a)` holds. */
export function countPixels(png: DecodedPng, box: Box, test: (r: number, g: number, b: number, a: number) => boolean): number {
  let n = 0;
  for (let y = box.y; y < Math.min(png.height, box.y + box.height); y++) {
    for (let x = box.x; x < Math.min(png.width, box.x + box.width); x++) {
      const o = (y * png.width + x) * 4;
      if (test(png.rgba[o], png.rgba[o + 1], png.rgba[o + 2], png.rgba[o + 3])) n++;
    }
  }
  return n;
}

/** Pixels of `box` that differ between two images of the same size. */
export function differingPixels(a: DecodedPng, b: DecodedPng, box: Box): number {
  let n = 0;
  for (let y = box.y; y < box.y + box.height; y++) {
    for (let x = box.x; x < box.x + box.width; x++) {
      const o = (y * a.width + x) * 4;
      if (a.rgba[o] !== b.rgba[o] || a.rgba[o + 1] !== b.rgba[o + 1] || a.rgba[o + 2] !== b.rgba[o + 2]) n++;
    }
  }
  return n;
}
