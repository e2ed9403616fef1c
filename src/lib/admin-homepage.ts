/**
 * Homepage blocks in the admin (issue #40 item 1, SPEC §2 Homepage group and add routes, §5 banner guide): the
 * screens' kinds and routes, the call shapes shared by functions/admin-homepage.ts and the admin app, and the pure
 * rules: ordering (drag and keyboard), the publishing window, and the preview of what the market's home page shows.
 * What the public page shows is src/lib/homepage.ts (selectBlocks); the preview calls the same rule.
 */
import { z } from 'zod';
import { BLOCK_LIMITS, isBlockLive, selectBlocks, type HomepageBlockKind } from './homepage';

/** The screens of the Homepage group: URL segment, the block kind (or the popular search keys), the add route. */
export const HOMEPAGE_SCREENS = [
  { segment: 'banner', kind: 'banner', add: 'new-banner' },
  { segment: 'promotion', kind: 'promotion', add: 'new-promotion' },
  { segment: 'top-hospital', kind: 'top_hospital', add: 'new-hospital' },
  { segment: 'top-service-category', kind: 'top_service_category', add: 'new-service-category' },
  { segment: 'top-service', kind: 'top_service', add: 'new-service' },
  { segment: 'top-doctor', kind: 'top_doctor', add: 'new-top-doctor' },
  { segment: 'popular-key', kind: 'popular_key', add: null },
  { segment: 'top-video', kind: 'top_video', add: 'setting-top-video' },
  { segment: 'presence', kind: 'presence', add: 'new-presence' },
] as const satisfies readonly { segment: string; kind: HomepageBlockKind | 'popular_key'; add: string | null }[];
export type HomepageScreen = (typeof HOMEPAGE_SCREENS)[number];
export type ScreenKind = HomepageScreen['kind'];

export function homepageScreen(segment: string): HomepageScreen | undefined {
  return HOMEPAGE_SCREENS.find((s) => s.segment === segment);
}
export const homepageListPath = (s: HomepageScreen) => `/admin/homepage/${s.segment}`;
export const homepageAddPath = (s: HomepageScreen) => (s.add ? `/admin/homepage/${s.segment}/${s.add}` : null);
export const homepageEditPath = (s: HomepageScreen, id: number) => `/admin/homepage/${s.segment}/${id}`;

/** Kinds whose item is a directory entry chosen with a picker, and the column it is kept in. */
export const PICKED: Partial<Record<HomepageBlockKind, 'hospital' | 'doctor' | 'service' | 'category'>> = {
  top_hospital: 'hospital',
  top_doctor: 'doctor',
  top_service: 'service',
  top_service_category: 'category',
};
export type PickerKind = 'hospital' | 'doctor' | 'service' | 'category';

// ---- ordering ---------------------------------------------------------------------------------------------

/** The list with the item at `from` moved to `to` (drag and drop). Out-of-range moves change nothing. */
export function moveTo<T>(items: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= items.length || to >= items.length) return [...items];
  const out = [...items];
  const [m] = out.splice(from, 1);
  out.splice(to, 0, m);
  return out;
}

/** The keyboard's up (-1) and down (+1) buttons: one place, never past either end. */
export function moveBy<T>(items: readonly T[], index: number, delta: -1 | 1): T[] {
  return moveTo(items, index, index + delta);
}

/** Sort orders written for an order of ids: 10, 20, 30 … (gaps leave room for a hand edit in SQL). */
export function sortOrders(ids: readonly number[]): { id: number; sortOrder: number }[] {
  return ids.map((id, i) => ({ id, sortOrder: (i + 1) * 10 }));
}

export const sameOrder = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((x, i) => x === b[i]);

// ---- publishing window ------------------------------------------------------------------------------------

export type WindowState = 'off' | 'scheduled' | 'live' | 'ended';

/** Where a block stands at `now`: switched off, waiting for its start, live, or past its end. */
export function windowState(b: { isActive: boolean; startsAt: string | null; endsAt: string | null }, now: Date): WindowState {
  if (!b.isActive) return 'off';
  if (isBlockLive(b, now)) return 'live';
  return b.startsAt && new Date(b.startsAt).getTime() > now.getTime() ? 'scheduled' : 'ended';
}

/** The window's refusal, or null: the end must come after the start. */
export function windowProblem(startsAt: string | null | undefined, endsAt: string | null | undefined): 'endBeforeStart' | null {
  if (startsAt && endsAt && new Date(endsAt).getTime() <= new Date(startsAt).getTime()) return 'endBeforeStart';
  return null;
}

/** A datetime-local value (wall time in `zone`'s offset) ↔ an ISO instant; the form shows the market's time. */
export function localInputToIso(value: string, offsetMinutes: number): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null;
  return new Date(Date.parse(`${value}:00Z`) - offsetMinutes * 60_000).toISOString();
}
export function isoToLocalInput(iso: string | null, offsetMinutes: number): string {
  if (!iso) return '';
  return new Date(new Date(iso).getTime() + offsetMinutes * 60_000).toISOString().slice(0, 16);
}

// ---- preview ----------------------------------------------------------------------------------------------

/**
 * What the home page would show of a kind with the list in the given (unsaved) order: the public rule
 * (selectBlocks: live now, in order, cut to the kind's limit) applied to the items renumbered in that order.
 */
export function previewItems<T extends { id: number; isActive: boolean; startsAt: string | null; endsAt: string | null }>(kind: HomepageBlockKind, ordered: readonly T[], now: Date): T[] {
  const byId = new Map(ordered.map((b) => [b.id, b]));
  const shown = selectBlocks(
    ordered.map((b, i) => ({ id: b.id, kind, sortOrder: i, isActive: b.isActive, startsAt: b.startsAt, endsAt: b.endsAt })),
    now,
  )[kind];
  return (shown ?? []).map((s) => byId.get(s.id)!);
}
export const kindLimit = (kind: HomepageBlockKind) => BLOCK_LIMITS[kind];

// ---- call shapes ------------------------------------------------------------------------------------------

export const BLOCK_KINDS = ['banner', 'promotion', 'top_hospital', 'top_service_category', 'top_service', 'top_doctor', 'presence', 'top_video'] as const satisfies readonly HomepageBlockKind[];
const countryId = z.coerce.number().int().min(1).max(32767);
const instant = z.iso.datetime({ offset: true }).nullable();
const link = z
  .string()
  .trim()
  .max(500, '*500 characters limit')
  .refine((u) => u === '' || /^https?:\/\//i.test(u) || (u.startsWith('/') && !u.startsWith('//')), 'Invalid format')
  .nullable();

export const blockListQuerySchema = z.object({ countryId, kind: z.enum(BLOCK_KINDS) });

export const blockTargetSchema = z.object({ id: z.number().int(), name: z.string(), caption: z.string().nullable(), active: z.boolean() });
export type BlockTarget = z.infer<typeof blockTargetSchema>;

export const adminBlockSchema = z.object({
  id: z.number().int(),
  kind: z.enum(BLOCK_KINDS),
  title: z.string().nullable(),
  imageDesktop: z.string().nullable(),
  imageMobile: z.string().nullable(),
  linkUrl: z.string().nullable(),
  videoUrl: z.string().nullable(),
  sortOrder: z.number().int(),
  isActive: z.boolean(),
  startsAt: z.iso.datetime().nullable(),
  endsAt: z.iso.datetime().nullable(),
  /** The picked directory entry, with whether it is still active (the list warns when it is not). */
  target: blockTargetSchema.nullable(),
});
export type AdminBlock = z.infer<typeof adminBlockSchema>;
export const blockListSchema = z.object({ items: z.array(adminBlockSchema) });

/** The form's fields; which are required depends on the kind (blockProblems). */
export const blockInputSchema = z.object({
  countryId,
  kind: z.enum(BLOCK_KINDS),
  title: z.string().trim().max(200, '*200 characters limit').nullable().default(null),
  imageDesktop: z.string().trim().max(500).nullable().default(null),
  imageMobile: z.string().trim().max(500).nullable().default(null),
  linkUrl: link.default(null),
  videoUrl: z.string().trim().max(500).nullable().default(null),
  targetId: z.number().int().positive().nullable().default(null),
  isActive: z.boolean().default(true),
  startsAt: instant.default(null),
  endsAt: instant.default(null),
});
export type BlockInput = z.infer<typeof blockInputSchema>;

/** The field errors of a block for its kind (SPEC §5 'This field is required'); empty when it may be saved. */
export function blockProblems(b: Pick<BlockInput, 'kind' | 'title' | 'imageDesktop' | 'imageMobile' | 'videoUrl' | 'targetId' | 'startsAt' | 'endsAt'>, isVideo: (url: string) => boolean): Record<string, string> {
  const out: Record<string, string> = {};
  const need = (field: keyof typeof b) => {
    const v = b[field];
    if (v === null || v === undefined || v === '') out[field] = 'This field is required';
  };
  if (b.kind === 'banner') (need('imageDesktop'), need('imageMobile'));
  if (b.kind === 'promotion' || b.kind === 'presence') (need('title'), need('imageDesktop'));
  if (b.kind === 'top_video') {
    need('title');
    need('videoUrl');
    if (b.videoUrl && !isVideo(b.videoUrl)) out.videoUrl = 'Invalid format';
  }
  if (PICKED[b.kind]) need('targetId');
  if (windowProblem(b.startsAt, b.endsAt)) out.endsAt = 'The end must be after the start';
  return out;
}

export const orderInputSchema = z.object({ countryId, kind: z.enum([...BLOCK_KINDS, 'popular_key']), ids: z.array(z.number().int().positive()).max(500) });
export type OrderInput = z.infer<typeof orderInputSchema>;

export const activeInputSchema = z.object({ isActive: z.boolean() });

export const pickerQuerySchema = z.object({ countryId, kind: z.enum(['hospital', 'doctor', 'service', 'category']), keyword: z.string().trim().max(100).default('') });
export const pickerAnswerSchema = z.object({ items: z.array(blockTargetSchema) });

export const popularKeySchema = z.object({ id: z.number().int(), keyword: z.string(), url: z.string().nullable(), sortOrder: z.number().int(), isActive: z.boolean() });
export type PopularKey = z.infer<typeof popularKeySchema>;
export const popularKeyListSchema = z.object({ items: z.array(popularKeySchema) });
export const popularKeyInputSchema = z.object({
  countryId,
  keyword: z.string().trim().min(1, 'This field is required').max(60, '*60 characters limit'),
  url: link.default(null),
});

// ---- article search picker (SPEC §2, §5, §7) ---------------------------------------------------------------

/** SPEC §5: the article search starts with more than 2 characters, 500 ms after the last key; 30 a page. */
export const ARTICLE_SEARCH_MIN_CHARS = 3;
export const ARTICLE_SEARCH_DEBOUNCE_MS = 500;
export const ARTICLE_SEARCH_PER_PAGE = 30;
export const articleSearchReady = (keyword: string) => keyword.trim().length >= ARTICLE_SEARCH_MIN_CHARS;

export const articleSearchQuerySchema = z.object({
  countryId,
  keyword: z.string().trim().min(ARTICLE_SEARCH_MIN_CHARS).max(100),
  page: z.coerce.number().int().min(1).max(1000).default(1),
  perPage: z.coerce.number().int().min(1).max(ARTICLE_SEARCH_PER_PAGE).default(ARTICLE_SEARCH_PER_PAGE),
});
export const articlePostSchema = z.object({ ID: z.number().int(), post_title: z.string(), permalink: z.string(), image_thumbnail: z.string().nullable() });
export type ArticlePost = z.infer<typeof articlePostSchema>;
export const articleSearchSchema = z.object({ posts: z.array(articlePostSchema), hasMore: z.boolean() });
