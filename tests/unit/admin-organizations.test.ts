/** Pure rules of the organization and branch screens (src/lib/admin-organizations.ts): opening hours, banner slots, the branch form. */
import { describe, expect, it } from 'vitest';
import { BANNER_MAX_BYTES, branchBody, dayRangeIssues, moveItem, normalizedWorkingTimes, pickBanners, WEEKDAYS } from '../../src/lib/admin-organizations';

const file = (name: string, size: number, type = 'image/webp') => ({ name, size, type });

describe('opening hours', () => {
  it('accepts several ranges a day in any order and stores them sorted, every weekday present', () => {
    expect(dayRangeIssues([{ start: '13:30', end: '17:00' }, { start: '07:30', end: '11:30' }])).toEqual([]);
    const w = normalizedWorkingTimes({ mon: [{ start: '13:30', end: '17:00' }, { start: '07:30', end: '11:30' }] });
    expect(Object.keys(w)).toEqual([...WEEKDAYS]);
    expect(w.mon.map((r) => r.start)).toEqual(['07:30', '13:30']);
    expect(w.sun).toEqual([]);
  });
  it('refuses a range that ends before it starts, and overlapping ranges', () => {
    expect(dayRangeIssues([{ start: '12:00', end: '08:00' }])).toEqual([{ index: 0, message: 'The closing time must be later than the opening time.' }]);
    expect(dayRangeIssues([{ start: '08:00', end: '12:00' }, { start: '11:00', end: '13:00' }])).toEqual([{ index: 1, message: 'Opening hours of one day must not overlap.' }]);
    // Touching ranges do not overlap.
    expect(dayRangeIssues([{ start: '08:00', end: '12:00' }, { start: '12:00', end: '13:00' }])).toEqual([]);
  });
});

describe('banner slots (SPEC §5)', () => {
  it('one file for one slot: refused with "File size too large" over 200 KB or when not an image', () => {
    expect(pickBanners([file('a.webp', BANNER_MAX_BYTES + 1)], 5, 'single')).toEqual({ accepted: [], error: 'File size too large' });
    expect(pickBanners([file('a.gif', 1000, 'image/gif')], 5, 'single').error).toBe('File size too large');
    expect(pickBanners([file('a.webp', BANNER_MAX_BYTES)], 5, 'single')).toEqual({ accepted: [file('a.webp', BANNER_MAX_BYTES)], error: null });
    expect(pickBanners([file('a.webp', 10)], 0, 'single')).toEqual({ accepted: [], error: null });
  });
  it('multi-select: skips the files over the limit silently and fills the free slots in order', () => {
    const files = [file('1', 10), file('big', BANNER_MAX_BYTES * 2), file('2', 10), file('3', 10), file('4', 10)];
    expect(pickBanners(files, 3, 'multiple')).toEqual({ accepted: [file('1', 10), file('2', 10), file('3', 10)], error: null });
  });
  it('reorders by moving one item', () => {
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b'], 0, 5)).toEqual(['a', 'b']);
  });
});

describe('the branch form', () => {
  const base = { name: 'Cơ sở 1', address: '', latitude: '', longitude: '', working_times: {}, is_active: true, status: 1, exclude_from_index: false };
  it('reads blank coordinates as none, and wants both or neither', () => {
    expect(branchBody.parse(base)).toMatchObject({ latitude: null, longitude: null, images: [], faqs: [] });
    const r = branchBody.safeParse({ ...base, latitude: '10.7' });
    expect(r.error!.issues.map((i) => i.path.join('.'))).toEqual(['longitude']);
  });
  it('keeps at most 5 banners, uploaded addresses or the site\'s own pictures', () => {
    expect(branchBody.safeParse({ ...base, images: ['/images/seed/a.webp', 'https://cdn.example/b.webp'] }).success).toBe(true);
    expect(branchBody.safeParse({ ...base, images: ['javascript:alert(1)'] }).success).toBe(false);
    expect(branchBody.safeParse({ ...base, images: Array.from({ length: 6 }, (_, i) => `/i/${i}.webp`) }).success).toBe(false);
  });
  it('points an overlapping range at its day and index', () => {
    const r = branchBody.safeParse({ ...base, working_times: { tue: [{ start: '07:30', end: '12:00' }, { start: '11:00', end: '17:00' }] } });
    expect(r.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['working_times.tue.1.end', 'Opening hours of one day must not overlap.']]);
  });
});
