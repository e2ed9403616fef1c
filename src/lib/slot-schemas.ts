/** zod schemas of the slot engine's shapes (SPEC §3 schedule day, time slot), for functions and tests. */
import { z } from 'zod';
import { isIsoDate } from './hospital-time';
import type { RawSlot, ScheduleDay, TimeSlot, WorkingTimes } from './slots';

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Expected HH:mm');
/** HH:mm or '24:00' (a slot ending at midnight), in one pattern: a union of the two was a third of a schedule answer's check. */
const endTime = z.string().regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, 'Expected HH:mm or 24:00');
const isoDate = z.string().refine(isIsoDate, 'Expected yyyy-MM-dd');

export const timeSlotSchema = z.object({
  schedule_id: z.number().int().positive(),
  started: hhmm,
  /** May be '24:00' for a slot ending at midnight. */
  ended: endTime,
});

export const workingTimesSchema = z.object({
  morning: z.array(timeSlotSchema),
  afternoon: z.array(timeSlotSchema),
  evening: z.array(timeSlotSchema),
});

export const scheduleDaySchema = z.object({
  workingDay: isoDate,
  workingTimes: workingTimesSchema,
  /** Number of bookable time slots of the day. */
  slots: z.number().int().nonnegative(),
});

/** A slot row as the database gives it: times may carry seconds (Postgres `time`). */
export const rawSlotSchema = z.object({
  scheduleId: z.number().int().positive(),
  workingDay: isoDate,
  startTime: z.string(),
  endTime: z.string(),
  capacity: z.number().int().nonnegative(),
  booked: z.number().int().nonnegative(),
});

// The plain types of ./slots and these schemas describe the same shapes.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
export const shapesAgree: [Same<z.infer<typeof timeSlotSchema>, TimeSlot>, Same<z.infer<typeof workingTimesSchema>, WorkingTimes>, Same<z.infer<typeof scheduleDaySchema>, ScheduleDay>, Same<z.infer<typeof rawSlotSchema>, RawSlot>] = [true, true, true, true];
