/**
 * Schedule answers computed from an owner load (src/data/schedules: windowFrom, nearestFrom), in memory.
 */
import { describe, expect, it } from 'vitest';
import { nearestFrom, nearestLastDay, windowFrom, NEAREST_HORIZON_DAYS, type OwnerSlots } from '../../src/data/schedules';
import type { RawSlot } from '../../src/lib/slots';

const ZONE = 'Asia/Ho_Chi_Minh'; // UTC+7, no daylight saving
/** 2026-11-24 (a Tuesday) 09:00 in Ho Chi Minh City. */
const NOW = Date.UTC(2026, 10, 24, 2, 0);

let nextId = 1;
const slot = (workingDay: string, startTime: string, booked = 0, capacity = 1): RawSlot => ({ scheduleId: nextId++, workingDay, startTime: `${startTime}:00`, endTime: `${startTime.slice(0, 3)}30:00`, capacity, booked });

function owner(slots: RawSlot[], bufferTime = 60): OwnerSlots {
  return { from: '2026-11-23', to: '2027-07-01', timeZone: ZONE, bufferTime, slots };
}

describe('answers from an owner load', () => {
  it('answers a window with only its days, today onwards, and the buffer applied in the hospital zone', () => {
    const o = owner([slot('2026-11-23', '10:00'), slot('2026-11-24', '09:30'), slot('2026-11-24', '10:30'), slot('2026-11-25', '08:00'), slot('2026-12-02', '08:00')]);
    const r = windowFrom(o, '2026-11-23', '2026-11-29', NOW);
    expect(r.timeZone).toBe(ZONE);
    expect(r.bufferTime).toBe(60);
    // Yesterday is gone; today's 09:30 is inside the hour of buffer, 10:30 is not; next week's day is outside the window.
    expect(r.schedules.map((d) => [d.workingDay, d.slots])).toEqual([
      ['2026-11-24', 1],
      ['2026-11-25', 1],
    ]);
    expect(r.schedules[0].workingTimes.morning.map((s) => s.started)).toEqual(['10:30']);
    expect(r.nearest).toBe('2026-11-24');
  });

  it('finds the nearest day once the buffer and full slots are taken out, and answers its week from Monday (not before the start)', () => {
    // This week: today's only slot is inside the buffer, Thursday's is full. Next bookable: Tuesday 2026-12-01.
    const o = owner([slot('2026-11-24', '09:45'), slot('2026-11-26', '08:00', 1), slot('2026-12-01', '14:00'), slot('2026-12-03', '19:00')]);
    const r = nearestFrom(o, '2026-11-24', NOW);
    expect(r.nearest).toBe('2026-12-01');
    expect(r.schedules.map((d) => d.workingDay)).toEqual(['2026-12-01', '2026-12-03']);
    // From a later start inside that week, the week is cut at the start.
    const later = nearestFrom(o, '2026-12-02', NOW);
    expect(later.nearest).toBe('2026-12-03');
    expect(later.schedules.map((d) => d.workingDay)).toEqual(['2026-12-03']);
  });

  it('answers an empty schedule (zone and buffer kept) when nothing is bookable within the horizon', () => {
    const o = owner([slot('2026-11-25', '08:00', 1), slot('2027-06-20', '08:00')], 30);
    const r = nearestFrom(o, '2026-11-24', NOW);
    expect(r).toEqual({ schedules: [], nearest: null, timeZone: ZONE, bufferTime: 30 });
    expect(nearestLastDay('2026-11-24')).toBe('2027-05-23'); // the Sunday ending the horizon's week
    expect(NEAREST_HORIZON_DAYS).toBe(180);
  });
});
