import { describe, expect, it } from 'vitest';
import { articleSearchReady, blockProblems, homepageAddPath, homepageScreen, isoToLocalInput, localInputToIso, moveBy, moveTo, previewItems, sortOrders, windowProblem, windowState, HOMEPAGE_SCREENS } from '../../src/lib/admin-homepage';
import { youtubeVideoId } from '../../src/lib/homepage';

const NOW = new Date('2026-11-28T10:00:00Z');
const b = (id: number, extra: Partial<{ isActive: boolean; startsAt: string | null; endsAt: string | null }> = {}) => ({ id, isActive: true, startsAt: null, endsAt: null, ...extra });

describe('ordering', () => {
  it('moves an item to another place (drag and drop)', () => {
    expect(moveTo([1, 2, 3, 4], 0, 2)).toEqual([2, 3, 1, 4]);
    expect(moveTo([1, 2, 3, 4], 3, 0)).toEqual([4, 1, 2, 3]);
    expect(moveTo([1, 2, 3], 1, 5)).toEqual([1, 2, 3]);
  });
  it('moves one place up or down by keyboard, never past either end', () => {
    expect(moveBy([1, 2, 3], 2, -1)).toEqual([1, 3, 2]);
    expect(moveBy([1, 2, 3], 0, 1)).toEqual([2, 1, 3]);
    expect(moveBy([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(moveBy([1, 2, 3], 2, 1)).toEqual([1, 2, 3]);
  });
  it('writes sort orders 10 apart in the order given', () => {
    expect(sortOrders([7, 3, 9])).toEqual([{ id: 7, sortOrder: 10 }, { id: 3, sortOrder: 20 }, { id: 9, sortOrder: 30 }]);
  });
});

describe('publishing window', () => {
  it('says where a block stands', () => {
    expect(windowState(b(1), NOW)).toBe('live');
    expect(windowState(b(1, { isActive: false }), NOW)).toBe('off');
    expect(windowState(b(1, { startsAt: '2026-11-29T00:00:00Z' }), NOW)).toBe('scheduled');
    expect(windowState(b(1, { endsAt: '2026-11-28T10:00:00Z' }), NOW)).toBe('ended');
    expect(windowState(b(1, { startsAt: '2026-11-28T10:00:00Z', endsAt: '2026-11-28T10:00:01Z' }), NOW)).toBe('live');
  });
  it('refuses an end that is not after the start', () => {
    expect(windowProblem('2026-01-02T00:00:00Z', '2026-01-01T00:00:00Z')).toBe('endBeforeStart');
    expect(windowProblem('2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z')).toBe('endBeforeStart');
    expect(windowProblem('2026-01-01T00:00:00Z', null)).toBeNull();
  });
  it("converts the form's market wall time to an instant and back", () => {
    // Asia/Ho_Chi_Minh is UTC+7: 09:30 there is 02:30 UTC.
    expect(localInputToIso('2026-12-01T09:30', 420)).toBe('2026-12-01T02:30:00.000Z');
    expect(isoToLocalInput('2026-12-01T02:30:00.000Z', 420)).toBe('2026-12-01T09:30');
    expect(localInputToIso('', 420)).toBeNull();
  });
});

describe('preview', () => {
  it('shows the live items in the unsaved order, cut to the kind limit', () => {
    const items = [b(1), b(2, { isActive: false }), b(3, { startsAt: '2026-12-01T00:00:00Z' }), b(4), b(5), b(6), b(7), b(8)];
    const reordered = moveTo(items, 7, 0);
    expect(previewItems('banner', reordered, NOW).map((x) => x.id)).toEqual([8, 1, 4, 5, 6]);
    expect(previewItems('top_video', reordered, NOW).map((x) => x.id)).toEqual([8]);
  });
});

describe('forms and routes', () => {
  it('asks for what each kind needs', () => {
    const base = { title: null, imageDesktop: null, imageMobile: null, videoUrl: null, targetId: null, startsAt: null, endsAt: null };
    const isVideo = (u: string) => youtubeVideoId(u) !== null;
    expect(Object.keys(blockProblems({ ...base, kind: 'banner' }, isVideo))).toEqual(['imageDesktop', 'imageMobile']);
    expect(Object.keys(blockProblems({ ...base, kind: 'top_doctor' }, isVideo))).toEqual(['targetId']);
    expect(blockProblems({ ...base, kind: 'top_video', title: 'T', videoUrl: 'https://example.com/v' }, isVideo)).toEqual({ videoUrl: 'Invalid format' });
    expect(blockProblems({ ...base, kind: 'top_video', title: 'T', videoUrl: 'https://youtu.be/3PmVJQUCm4E' }, isVideo)).toEqual({});
  });
  it('has the add routes SPEC §2 names, and none for popular search keys', () => {
    expect(HOMEPAGE_SCREENS.map((s) => homepageAddPath(s))).toEqual([
      '/admin/homepage/banner/new-banner',
      '/admin/homepage/promotion/new-promotion',
      '/admin/homepage/top-hospital/new-hospital',
      '/admin/homepage/top-service-category/new-service-category',
      '/admin/homepage/top-service/new-service',
      '/admin/homepage/top-doctor/new-top-doctor',
      null,
      '/admin/homepage/top-video/setting-top-video',
      '/admin/homepage/presence/new-presence',
    ]);
    expect(homepageScreen('nope')).toBeUndefined();
  });
  it('starts the article search only with more than 2 characters', () => {
    expect(articleSearchReady('ab')).toBe(false);
    expect(articleSearchReady('  ab ')).toBe(false);
    expect(articleSearchReady('abc')).toBe(true);
  });
});
