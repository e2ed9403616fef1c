import { describe, expect, it } from 'vitest';
import {
  ALL_SPECIALTIES_ID,
  bookableFirst,
  canBook,
  initQuickBooking,
  initialMode,
  kindSwitchVisible,
  markedOptions,
  modeTabs,
  NO_FREE_SLOT_KEY,
  quickBookingReducer,
  type QuickBookingAction,
  type QuickBookingState,
} from '../../src/lib/quick-booking';
import { NEAREST_HORIZON_DAYS, validateSlot, type ScheduleDay } from '../../src/lib/slots';
import { LOCALES, type Locale } from '../../i18n/locales';
import { MESSAGES } from '../../i18n/strings';
import { interpolate, pluralFromTable, pluralTable } from '../../i18n/interpolate';

const today = '2026-11-22';
const both = { id: 1, validOutpatient: true, validTelemedicine: true };
const teleOnly = { id: 2, validOutpatient: false, validTelemedicine: true };
const outOnly = { id: 3, validOutpatient: true, validTelemedicine: false };
const ctx = { zone: 'Asia/Bangkok', now: Date.parse('2026-11-22T01:00:00Z'), bufferMinutes: 30 }; // 08:00
const days: ScheduleDay[] = [
  { workingDay: '2026-11-22', workingTimes: { morning: [{ schedule_id: 10, started: '09:00', ended: '09:30' }], afternoon: [], evening: [] }, slots: 1 },
  { workingDay: '2026-11-25', workingTimes: { morning: [], afternoon: [{ schedule_id: 11, started: '14:00', ended: '14:30' }], evening: [] }, slots: 1 },
];
const pick = (workingDay: string, started: string, schedule_id = 10): QuickBookingAction => ({
  type: 'slotPicked',
  slot: { schedule_id, started, ended: started, workingDay },
  validation: validateSlot(workingDay, started, ctx),
});
const run = (s: QuickBookingState, ...actions: QuickBookingAction[]) => actions.reduce(quickBookingReducer, s);
const start = (over: Partial<Parameters<typeof initQuickBooking>[0]> = {}) =>
  initQuickBooking({ available: { doctor: true, service: true }, hospitalId: 100, today, ...over });

describe('quick booking: kinds', () => {
  it('starts on doctors with the switch shown when both kinds are available', () => {
    const s = start();
    expect(s.kind).toBe('doctor');
    expect(kindSwitchVisible(s)).toBe(true);
    expect(run(s, { type: 'kindChanged', kind: 'service' }).kind).toBe('service');
  });

  it('forces the only available kind and hides the switch', () => {
    const services = start({ available: { doctor: false, service: true } });
    expect(services.kind).toBe('service');
    expect(kindSwitchVisible(services)).toBe(false);
    expect(run(services, { type: 'kindChanged', kind: 'doctor' })).toBe(services);
    const doctors = start({ available: { doctor: true, service: false } });
    expect(doctors.kind).toBe('doctor');
    expect(kindSwitchVisible(doctors)).toBe(false);
    expect(run(doctors, { type: 'kindChanged', kind: 'service' })).toBe(doctors);
  });

  it('switching kind clears the slot and resets the day to today', () => {
    const s = run(start(), { type: 'doctorChanged', doctor: outOnly }, { type: 'dayChanged', date: '2026-11-25', days }, pick('2026-11-25', '14:00', 11));
    expect(s.selection.slot).not.toBeNull();
    const t = run(s, { type: 'kindChanged', kind: 'service' });
    expect(t.selection).toEqual({ date: today, partOfDay: null, slot: null, error: null });
    expect(run(t, { type: 'kindChanged', kind: 'service' })).toBe(t);
  });
});

describe('quick booking: hospital, specialty and doctor', () => {
  it('changing hospital clears specialty, doctor, service and slot', () => {
    const s = run(start({ hospitalId: null }), { type: 'hospitalChanged', hospitalId: 100 }, { type: 'specialtyChanged', specialtyId: 5, doctors: [outOnly] }, pick(today, '09:00'));
    expect(s).toMatchObject({ hospitalId: 100, specialtyId: 5, doctor: outOnly });
    const t = run(s, { type: 'hospitalChanged', hospitalId: 200 });
    expect(t).toMatchObject({ hospitalId: 200, specialtyId: null, doctor: null, serviceId: null, mode: 'outpatient' });
    expect(t.selection.slot).toBeNull();
    expect(run(t, { type: 'hospitalChanged', hospitalId: 200 })).toBe(t);
  });

  it('keeps a preselected hospital read-only on a hospital page', () => {
    const s = start({ hospitalLocked: true });
    expect(s.hospitalLocked).toBe(true);
    expect(run(s, { type: 'hospitalChanged', hospitalId: 200 })).toBe(s);
    expect(start({ hospitalLocked: true, hospitalId: null }).hospitalLocked).toBe(false);
  });

  it('changing specialty clears doctor and slot and auto-selects its first doctor', () => {
    const s = run(start(), { type: 'specialtyChanged', specialtyId: 5, doctors: [outOnly, both] }, pick(today, '09:00'));
    expect(s.doctor).toBe(outOnly);
    expect(s.selection.slot).not.toBeNull();
    const t = run(s, { type: 'specialtyChanged', specialtyId: 6, doctors: [teleOnly] });
    expect(t).toMatchObject({ specialtyId: 6, doctor: teleOnly, mode: 'telemedicine' });
    expect(t.selection.slot).toBeNull();
    expect(run(s, { type: 'specialtyChanged', specialtyId: 7, doctors: [] })).toMatchObject({ specialtyId: 7, doctor: null });
    expect(run(s, { type: 'specialtyChanged', specialtyId: null, doctors: [both] })).toMatchObject({ specialtyId: null, doctor: null });
    expect(run(s, { type: 'specialtyChanged', specialtyId: ALL_SPECIALTIES_ID, doctors: [both] })).toMatchObject({ specialtyId: -1, doctor: both });
  });

  it('choosing a doctor with no specialty chosen sets All specialties (id -1)', () => {
    expect(ALL_SPECIALTIES_ID).toBe(-1);
    expect(run(start(), { type: 'doctorChanged', doctor: both }).specialtyId).toBe(-1);
    expect(run(start(), { type: 'specialtyChanged', specialtyId: 5, doctors: [outOnly] }, { type: 'doctorChanged', doctor: both }).specialtyId).toBe(5);
    expect(run(start(), { type: 'doctorChanged', doctor: null }).specialtyId).toBeNull();
  });

  it('changing doctor clears the slot but keeps the chosen day', () => {
    const s = run(start(), { type: 'doctorChanged', doctor: outOnly }, { type: 'dayChanged', date: '2026-11-25', days }, pick('2026-11-25', '14:00', 11));
    const t = run(s, { type: 'doctorChanged', doctor: both });
    expect(t.selection).toEqual({ date: '2026-11-25', partOfDay: null, slot: null, error: null });
  });
});

describe('quick booking: outpatient and telemedicine', () => {
  it('a telemedicine-only doctor starts in telemedicine, others in outpatient', () => {
    expect(initialMode(teleOnly)).toBe('telemedicine');
    expect(initialMode(outOnly)).toBe('outpatient');
    expect(initialMode(both)).toBe('outpatient');
    expect(initialMode(null)).toBe('outpatient');
    expect(run(start(), { type: 'doctorChanged', doctor: teleOnly }).mode).toBe('telemedicine');
    expect(run(start(), { type: 'doctorChanged', doctor: teleOnly }, { type: 'doctorChanged', doctor: outOnly }).mode).toBe('outpatient');
  });

  it('shows two tabs only for a doctor offering both', () => {
    expect(modeTabs(run(start(), { type: 'doctorChanged', doctor: both }))).toEqual(['outpatient', 'telemedicine']);
    expect(modeTabs(run(start(), { type: 'doctorChanged', doctor: teleOnly }))).toEqual([]);
    expect(modeTabs(run(start(), { type: 'doctorChanged', doctor: outOnly }))).toEqual([]);
    expect(modeTabs(start())).toEqual([]);
  });

  it('switching tab resets the day to today and clears the slot', () => {
    const s = run(start(), { type: 'doctorChanged', doctor: both }, { type: 'dayChanged', date: '2026-11-25', days }, pick('2026-11-25', '14:00', 11));
    const t = run(s, { type: 'modeChanged', mode: 'telemedicine' });
    expect(t.mode).toBe('telemedicine');
    expect(t.selection).toEqual({ date: today, partOfDay: null, slot: null, error: null });
    expect(run(t, { type: 'modeChanged', mode: 'telemedicine' })).toBe(t);
  });

  it('ignores a tab switch the doctor does not offer', () => {
    const s = run(start(), { type: 'doctorChanged', doctor: outOnly });
    expect(run(s, { type: 'modeChanged', mode: 'telemedicine' })).toBe(s);
  });

  it('follows a new hospital day (todayChanged) for later resets', () => {
    const s = run(start(), { type: 'doctorChanged', doctor: both }, { type: 'todayChanged', today: '2026-11-23' });
    expect(run(s, { type: 'todayChanged', today: '2026-11-23' })).toBe(s);
    expect(run(s, { type: 'modeChanged', mode: 'telemedicine' }).selection.date).toBe('2026-11-23');
  });
});

describe('quick booking: day, slot and the Book button', () => {
  it("enables 'Book an Appointment' only with hospital, specialty, doctor and slot", () => {
    let s = start({ hospitalId: null });
    expect(canBook(s)).toBe(false);
    s = run(s, { type: 'hospitalChanged', hospitalId: 100 });
    expect(canBook(s)).toBe(false);
    s = run(s, { type: 'specialtyChanged', specialtyId: 5, doctors: [outOnly] });
    expect(canBook(s)).toBe(false);
    s = run(s, { type: 'scheduleLoaded', days }); // the doctor's schedule arrives: today's first part is shown
    expect(s.selection.partOfDay).toBe('morning');
    s = run(s, pick(today, '09:00'));
    expect(canBook(s)).toBe(true);
    expect(canBook(run(s, { type: 'dayChanged', date: '2026-11-25', days }))).toBe(false);
    expect(canBook(run(s, { type: 'partChanged', partOfDay: 'evening' }))).toBe(false);
    expect(canBook(run(s, { type: 'doctorChanged', doctor: null }))).toBe(false);
  });

  it('keeps the Book button disabled after a pick inside the buffer', () => {
    const s = run(start(), { type: 'specialtyChanged', specialtyId: 5, doctors: [outOnly] }, pick(today, '08:15'));
    expect(s.selection.error).toMatchObject({ error: { params: { bufferTime: '08:30' } } });
    expect(canBook(s)).toBe(false);
  });

  it('for a service needs hospital, service and slot', () => {
    let s = start({ available: { doctor: false, service: true } });
    s = run(s, pick(today, '09:00'));
    expect(canBook(s)).toBe(false); // no service yet
    s = run(s, { type: 'serviceChanged', serviceId: 8 });
    expect(s.selection.slot).toBeNull(); // a new service clears the slot
    expect(run(s, { type: 'serviceChanged', serviceId: 8 })).toBe(s);
    s = run(s, pick(today, '09:00'));
    expect(canBook(s)).toBe(true);
    expect(canBook({ ...s, hospitalId: null })).toBe(false);
  });

  it('"See nearest availabilities" moves to the first day with slots', () => {
    const s = run(start(), { type: 'doctorChanged', doctor: outOnly }, { type: 'dayChanged', date: '2026-11-23', days }, { type: 'seeNearest', days });
    expect(s.selection).toMatchObject({ date: '2026-11-22', partOfDay: 'morning' }); // today still has a slot
    const later = run(start(), { type: 'doctorChanged', doctor: outOnly }, { type: 'dayChanged', date: '2026-11-23', days }, { type: 'seeNearest', days: days.slice(1) });
    expect(later.selection).toMatchObject({ date: '2026-11-25', partOfDay: 'afternoon' });
  });
});

describe('doctors and services without a free slot (issue #30 item 7)', () => {
  const items = [
    { id: 1, name: 'Andi', hasSlots: false },
    { id: 2, name: 'Budi', hasSlots: true },
    { id: 3, name: 'Citra', hasSlots: false },
    { id: 4, name: 'Dewi', hasSlots: true },
  ];

  it('lists the bookable ones first, each group in its given order', () => {
    expect(bookableFirst(items).map((i) => i.id)).toEqual([2, 4, 1, 3]);
    expect(bookableFirst([])).toEqual([]);
  });

  it('keeps every item as an option and marks only those without a free slot, with the day count', () => {
    expect(markedOptions(items, NEAREST_HORIZON_DAYS)).toEqual([
      { value: 2, label: 'Budi', hint: null },
      { value: 4, label: 'Dewi', hint: null },
      { value: 1, label: 'Andi', hint: { key: NO_FREE_SLOT_KEY, params: { days: 180 } } },
      { value: 3, label: 'Citra', hint: { key: NO_FREE_SLOT_KEY, params: { days: 180 } } },
    ]);
  });

  it('says the hint with the right plural in every locale', () => {
    const say = (locale: Locale, days: number) => interpolate(MESSAGES[locale][NO_FREE_SLOT_KEY], { days }, pluralFromTable(pluralTable(locale)));
    expect(say('en-PH', 180)).toBe('No free slot in the next 180 days');
    expect(say('en-PH', 1)).toBe('No free slot in the next 1 day');
    for (const locale of LOCALES) {
      expect(say(locale, NEAREST_HORIZON_DAYS), locale).toContain(String(NEAREST_HORIZON_DAYS));
      expect(say(locale, NEAREST_HORIZON_DAYS), locale).not.toMatch(/[{}#]/);
    }
  });

  it('auto-selects the first doctor of the list a specialty gives, so a bookable one when there is one', () => {
    const doctors = bookableFirst([
      { ...outOnly, hasSlots: false },
      { ...both, hasSlots: true },
    ]);
    const s = quickBookingReducer(initQuickBooking({ available: { doctor: true, service: true }, hospitalId: 7, today }), { type: 'specialtyChanged', specialtyId: 5, doctors });
    expect(s.doctor?.id).toBe(both.id);
  });
});
