/**
 * Issue 38 item 25: the date strip is one tab stop with arrow keys inside (roving focus), and the hold countdown
 * speaks politely at a few marks, never every second.
 */
import { describe, expect, it } from 'vitest';
import { stripKeyTarget } from '../../src/islands/booking/DateStrip';
import { HOLD_ANNOUNCE_MARKS, holdAnnouncement } from '../../src/lib/booking';

describe('stripKeyTarget', () => {
  it('moves by arrows, jumps by Home and End, stops at the ends', () => {
    expect(stripKeyTarget('ArrowRight', 3, 16)).toBe(4);
    expect(stripKeyTarget('ArrowLeft', 3, 16)).toBe(2);
    expect(stripKeyTarget('ArrowLeft', 0, 16)).toBe(0);
    expect(stripKeyTarget('ArrowRight', 15, 16)).toBe(15);
    expect(stripKeyTarget('Home', 9, 16)).toBe(0);
    expect(stripKeyTarget('End', 2, 16)).toBe(15);
  });
  it('leaves Tab, Enter and Space to the browser', () => {
    for (const key of ['Tab', 'Enter', ' ']) expect(stripKeyTarget(key, 3, 16)).toBeNull();
    expect(stripKeyTarget('ArrowRight', 0, 0)).toBeNull();
  });
});

describe('holdAnnouncement', () => {
  it('is silent above 5 minutes and after the end', () => {
    expect(holdAnnouncement(600)).toBeNull();
    expect(holdAnnouncement(301)).toBeNull();
    expect(holdAnnouncement(0)).toBeNull();
  });
  it('names the mark the time left is under', () => {
    expect(holdAnnouncement(300)).toEqual({ unit: 'minute', count: 5 });
    expect(holdAnnouncement(200)).toEqual({ unit: 'minute', count: 5 });
    expect(holdAnnouncement(119)).toEqual({ unit: 'minute', count: 2 });
    expect(holdAnnouncement(45)).toEqual({ unit: 'minute', count: 1 });
    expect(holdAnnouncement(12)).toEqual({ unit: 'second', count: 30 });
  });
  it('changes only at the marks over a whole 10-minute hold (what the live region reads)', () => {
    let last = '';
    let changes = 0;
    for (let s = 600; s > 0; s--) {
      const now = JSON.stringify(holdAnnouncement(s));
      if (now !== last) changes++;
      last = now;
    }
    expect(changes).toBe(HOLD_ANNOUNCE_MARKS.length + 1);
  });
});
