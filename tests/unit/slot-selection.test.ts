import { describe, expect, it } from 'vitest';
import { initialSlotSelection, primaryButton, slotPanel, slotSelectionReducer, type SlotSelectionState } from '../../src/lib/slot-selection';
import { validateSlot, type ScheduleDay } from '../../src/lib/slots';

const slot = (schedule_id: number, started: string) => ({ schedule_id, started, ended: started.replace(/:\d\d$/, ':30') });
const day = (workingDay: string, m: string[], a: string[], e: string[], idBase = 1): ScheduleDay => ({
  workingDay,
  workingTimes: { morning: m.map((t, i) => slot(idBase + i, t)), afternoon: a.map((t, i) => slot(idBase + 10 + i, t)), evening: e.map((t, i) => slot(idBase + 20 + i, t)) },
  slots: m.length + a.length + e.length,
});
const days = [day('2026-11-22', [], [], []), day('2026-11-23', [], ['13:00', '14:00'], ['19:00']), day('2026-11-24', ['08:00'], [], [])];
const ctx = { zone: 'Asia/Jakarta', now: Date.parse('2026-11-22T01:00:00Z'), bufferMinutes: 60 };
const picked = (workingDay: string, s: { schedule_id: number; started: string; ended: string }) => ({
  type: 'slotPicked' as const,
  slot: { ...s, workingDay },
  validation: validateSlot(workingDay, s.started, ctx),
});

describe('slot selection reducer', () => {
  it('starts with nothing selected', () => {
    expect(initialSlotSelection('2026-11-22')).toEqual({ date: '2026-11-22', partOfDay: null, slot: null, error: null });
  });

  it('on a day change shows the first non-empty part of day and clears the slot', () => {
    let s = slotSelectionReducer(initialSlotSelection('2026-11-22'), { type: 'dayChanged', date: '2026-11-23', days });
    expect(s).toEqual({ date: '2026-11-23', partOfDay: 'afternoon', slot: null, error: null });
    s = slotSelectionReducer(s, picked('2026-11-23', days[1].workingTimes.afternoon[0]));
    expect(s.slot).toMatchObject({ schedule_id: days[1].workingTimes.afternoon[0].schedule_id, workingDay: '2026-11-23' });
    s = slotSelectionReducer(s, { type: 'dayChanged', date: '2026-11-24', days });
    expect(s).toEqual({ date: '2026-11-24', partOfDay: 'morning', slot: null, error: null });
    expect(slotSelectionReducer(s, { type: 'dayChanged', date: '2026-11-24', days })).toBe(s);
    expect(slotSelectionReducer(s, { type: 'dayChanged', date: '2026-11-22', days }).partOfDay).toBeNull();
  });

  it('changing the part-of-day tab clears the slot', () => {
    let s = slotSelectionReducer(initialSlotSelection(), { type: 'dayChanged', date: '2026-11-23', days });
    s = slotSelectionReducer(s, picked('2026-11-23', days[1].workingTimes.afternoon[1]));
    expect(s.slot).not.toBeNull();
    expect(slotSelectionReducer(s, { type: 'partChanged', partOfDay: 'afternoon' })).toBe(s);
    s = slotSelectionReducer(s, { type: 'partChanged', partOfDay: 'evening' });
    expect(s).toMatchObject({ partOfDay: 'evening', slot: null });
  });

  it('a pick too soon keeps no slot and carries the buffer error until dismissed or a valid pick', () => {
    const tooSoon = { type: 'slotPicked' as const, slot: { ...slot(99, '08:30'), workingDay: '2026-11-22' }, validation: validateSlot('2026-11-22', '08:30', ctx) };
    let s = slotSelectionReducer(initialSlotSelection('2026-11-22'), tooSoon);
    expect(s.slot).toBeNull();
    expect(s.error).toMatchObject({ valid: false, error: { key: 'booking.slotNotAvailable', params: { bufferTime: '09:00' } } });
    s = slotSelectionReducer(s, { type: 'errorDismissed' });
    expect(s.error).toBeNull();
    expect(slotSelectionReducer(s, { type: 'errorDismissed' })).toBe(s);
    s = slotSelectionReducer(slotSelectionReducer(s, tooSoon), picked('2026-11-23', days[1].workingTimes.evening[0]));
    expect(s).toMatchObject({ error: null, date: '2026-11-23', slot: { started: '19:00' } });
  });

  it('"See nearest availabilities" jumps to the first day with slots', () => {
    const s = slotSelectionReducer(initialSlotSelection('2026-11-22'), { type: 'seeNearest', days });
    expect(s).toEqual({ date: '2026-11-23', partOfDay: 'afternoon', slot: null, error: null });
    // Also from a later empty day: the first day with slots, not the next one after the shown day.
    const late = slotSelectionReducer(initialSlotSelection('2026-11-30'), { type: 'seeNearest', days });
    expect(late.date).toBe('2026-11-23');
    const none = initialSlotSelection('2026-11-22');
    expect(slotSelectionReducer(none, { type: 'seeNearest', days: [days[0]] })).toBe(none);
  });

  it('a reloaded schedule keeps a slot still offered and drops one that is gone', () => {
    let s = slotSelectionReducer(initialSlotSelection(), { type: 'dayChanged', date: '2026-11-23', days });
    s = slotSelectionReducer(s, { type: 'partChanged', partOfDay: 'evening' });
    s = slotSelectionReducer(s, picked('2026-11-23', days[1].workingTimes.evening[0]));
    expect(slotSelectionReducer(s, { type: 'scheduleLoaded', days })).toEqual(s);
    const without = [days[0], day('2026-11-23', [], ['13:00', '14:00'], []), days[2]];
    expect(slotSelectionReducer(s, { type: 'scheduleLoaded', days: without })).toEqual({ date: '2026-11-23', partOfDay: 'afternoon', slot: null, error: null });
    // Without a selected slot, the tab in view stays while it has slots.
    const onEvening = slotSelectionReducer(slotSelectionReducer(initialSlotSelection('2026-11-23'), { type: 'scheduleLoaded', days }), { type: 'partChanged', partOfDay: 'evening' });
    expect(slotSelectionReducer(onEvening, { type: 'scheduleLoaded', days }).partOfDay).toBe('evening');
    expect(slotSelectionReducer(onEvening, { type: 'scheduleLoaded', days: without }).partOfDay).toBe('afternoon');
    const noDate = initialSlotSelection(null);
    expect(slotSelectionReducer(noDate, { type: 'scheduleLoaded', days })).toBe(noDate);
    // A first load shows the first non-empty part of the current day.
    expect(slotSelectionReducer(initialSlotSelection('2026-11-24'), { type: 'scheduleLoaded', days }).partOfDay).toBe('morning');
  });

  it('cleared keeps the day only', () => {
    let s = slotSelectionReducer(initialSlotSelection(), { type: 'dayChanged', date: '2026-11-23', days });
    s = slotSelectionReducer(s, picked('2026-11-23', days[1].workingTimes.afternoon[0]));
    expect(slotSelectionReducer(s, { type: 'cleared' })).toEqual(initialSlotSelection('2026-11-23'));
  });
});

describe('slot panel and the main button', () => {
  const state = (date: string | null, partOfDay: SlotSelectionState['partOfDay'] = null): SlotSelectionState => ({ date, partOfDay, slot: null, error: null });

  it('lists the slots of the shown part of day', () => {
    expect(slotPanel(state('2026-11-23', 'afternoon'), days)).toEqual({ kind: 'slots', partOfDay: 'afternoon', slots: days[1].workingTimes.afternoon });
    expect(slotPanel(state('2026-11-23'), days)).toMatchObject({ kind: 'slots', partOfDay: 'afternoon' });
  });

  it("says 'Choose another Time of the Day' on an empty part of a day that has slots", () => {
    expect(slotPanel(state('2026-11-23', 'morning'), days)).toEqual({ kind: 'choosePartOfDay', messageKey: 'booking.choosePartOfDay' });
  });

  it('says there is no slot this day and offers the nearest day', () => {
    expect(slotPanel(state('2026-11-22'), days)).toEqual({ kind: 'noSlotThisDay', messageKey: 'booking.noSlotThisDay', nearest: '2026-11-23' });
    expect(slotPanel(state('2026-11-25'), days)).toMatchObject({ kind: 'noSlotThisDay', nearest: '2026-11-23' });
    expect(slotPanel(state(null), days)).toMatchObject({ kind: 'noSlotThisDay', nearest: '2026-11-23' });
    expect(primaryButton(state('2026-11-22'), days)).toEqual({ key: 'booking.seeNearest', enabled: true });
  });

  it('shows the busy-doctor message when nothing is bookable at all', () => {
    expect(slotPanel(state('2026-11-22'), [days[0]])).toEqual({ kind: 'busy', messageKey: 'booking.doctorBusy' });
    // A service's empty schedule speaks of the service, not of a busy doctor (issue #30 item 7).
    expect(slotPanel(state('2026-11-22'), [days[0]], 'service')).toEqual({ kind: 'busy', messageKey: 'booking.serviceBusy' });
    expect(slotPanel(state('2026-11-22'), [])).toEqual({ kind: 'busy', messageKey: 'booking.doctorBusy' });
    expect(primaryButton(state('2026-11-22'), [])).toEqual({ key: 'booking.continue', enabled: false });
  });

  it('enables Continue Booking only once a slot is selected', () => {
    expect(primaryButton(state('2026-11-23', 'afternoon'), days)).toEqual({ key: 'booking.continue', enabled: false });
    const s = slotSelectionReducer(state('2026-11-23', 'afternoon'), picked('2026-11-23', days[1].workingTimes.afternoon[0]));
    expect(primaryButton(s, days)).toEqual({ key: 'booking.continue', enabled: true });
  });
});
