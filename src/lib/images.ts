/** Image loading (SPEC §9): default quality 75, default logo and avatar when missing. */
export const IMAGE_QUALITY = 75;
export const DEFAULT_LOGO = '/images/default-logo.svg';
export const DEFAULT_AVATAR = '/images/default-avatar.svg';

/**
 * URL of an image at a display width. Supabase Storage public objects are served through its image
 * transformation endpoint (`/render/image/public/…?width=&quality=75`); other URLs are used as they are.
 */
export function imageSrc(src: string | null | undefined, width: number, fallback = DEFAULT_LOGO, quality = IMAGE_QUALITY): string {
  const s = src?.trim();
  if (!s) return fallback;
  const m = /^(https?:\/\/[^/]+)\/storage\/v1\/object\/public\/(.+)$/.exec(s);
  if (!m) return s;
  return `${m[1]}/storage/v1/render/image/public/${m[2]}?width=${Math.round(width)}&quality=${quality}`;
}
