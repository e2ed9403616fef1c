/**
 * The slot engine's budget (issue #6): computing 60 days for one doctor in under 1 ms. One computation is
 * computeSchedule: build the schedule days from database rows, drop slots inside the buffer, derive the date
 * picker and the nearest day. Measured on an ordinary day and on a daylight-saving day (the exact path).
 */
import { addDays, minutesToTime, zonedInstant } from '../../src/lib/hospital-time';
import { computeSchedule, type RawSlot } from '../../src/lib/slots';
import type { Benchmark } from './harness';
import { round } from './harness';

const DAYS = 60;

/** A busy doctor: 08:00–21:00 every 20 minutes (39 slots a day), every third slot already booked. */
function rows(from: string): RawSlot[] {
  const out: RawSlot[] = [];
  let id = 1;
  for (let d = 0; d < DAYS; d++) {
    const workingDay = addDays(from, d);
    for (let m = 8 * 60; m < 21 * 60; m += 20) {
      out.push({ scheduleId: id, workingDay, startTime: `${minutesToTime(m)}:00`, endTime: `${minutesToTime(m + 20)}:00`, capacity: 1, booked: id % 3 === 0 ? 1 : 0 });
      id++;
    }
  }
  return out;
}

function measure(data: RawSlot[], zone: string, now: number, bufferMinutes: number): { meanUs: number; medianUs: number; p95Us: number; slots: number } {
  const ctx = { zone, now, bufferMinutes };
  let slots = 0;
  for (let i = 0; i < 300; i++) slots = computeSchedule(data, ctx).days.reduce((n, d) => n + d.slots, 0); // warm-up
  const samples: number[] = [];
  const batch = 50;
  for (let r = 0; r < 60; r++) {
    const t0 = performance.now();
    for (let i = 0; i < batch; i++) computeSchedule(data, ctx);
    samples.push(((performance.now() - t0) * 1000) / batch);
  }
  samples.sort((a, b) => a - b);
  const meanUs = samples.reduce((a, b) => a + b, 0) / samples.length;
  return { meanUs, medianUs: samples[Math.floor(samples.length / 2)], p95Us: samples[Math.ceil(samples.length * 0.95) - 1], slots };
}

const bench: Benchmark = {
  name: 'slots',
  async run({ emit }) {
    const cases = [
      { label: 'jakarta', zone: 'Asia/Jakarta', from: '2026-11-22', now: zonedInstant('2026-11-22', '10:07', 'Asia/Jakarta') },
      // New York's spring-forward day, threshold 08:00 EDT, 6 h after the transition: the slots within 3 h of the
      // threshold take the exact conversion.
      { label: 'new_york_dst', zone: 'America/New_York', from: '2026-03-08', now: zonedInstant('2026-03-08', '06:00', 'America/New_York') },
    ];
    for (const c of cases) {
      const data = rows(c.from);
      const r = measure(data, c.zone, c.now, 120);
      emit({
        name: `slots.compute60days.${c.label}.mean`,
        value: round(r.meanUs, 1),
        unit: 'µs',
        budget: 1000,
        detail: { days: DAYS, rows: data.length, offeredSlots: r.slots, medianUs: round(r.medianUs, 1), p95Us: round(r.p95Us, 1), zone: c.zone },
      });
    }
  },
};
export default bench;
