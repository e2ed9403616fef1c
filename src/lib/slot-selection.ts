/**
 * Slot selection of the booking card (SPEC §4), also embedded in the quick-booking widget so the rule exists once:
 * none -> selected; changing day or tab clears it; a day change shows the day's first non-empty part of day;
 * a day without slots offers "See nearest availabilities".
 */
import { PARTS_OF_DAY, firstNonEmptyPartOfDay, findDay, nearestAvailableDay, type PartOfDay, type ScheduleDay, type SlotValidation, type TimeSlot } from './slots';

export interface SelectedSlot extends TimeSlot {
  workingDay: string;
}

export type SlotError = Extract<SlotValidation, { valid: false }>;

export interface SlotSelectionState {
  date: string | null;
  partOfDay: PartOfDay | null;
  slot: SelectedSlot | null;
  /** The buffer error of the last pick, shown as a danger alert. */
  error: SlotError | null;
}

export type SlotSelectionAction =
  /**
   * A (re)fetched schedule, already through applyBuffer. Keeps the day; drops a slot that is no longer offered;
   * keeps the part-of-day tab while it has slots, else shows the first non-empty one.
   */
  | { type: 'scheduleLoaded'; days: readonly ScheduleDay[] }
  | { type: 'dayChanged'; date: string; days: readonly ScheduleDay[] }
  | { type: 'partChanged'; partOfDay: PartOfDay }
  /** The caller validates with validateSlot at the moment of the pick (the clock moves while the page is open). */
  | { type: 'slotPicked'; slot: SelectedSlot; validation: SlotValidation }
  | { type: 'seeNearest'; days: readonly ScheduleDay[] }
  | { type: 'errorDismissed' }
  | { type: 'cleared' };

export const initialSlotSelection = (date: string | null = null): SlotSelectionState => ({ date, partOfDay: null, slot: null, error: null });

function showDay(date: string, days: readonly ScheduleDay[]): SlotSelectionState {
  return { date, partOfDay: firstNonEmptyPartOfDay(findDay(days, date)), slot: null, error: null };
}

const sameSlot = (a: SelectedSlot, b: TimeSlot) => a.schedule_id === b.schedule_id && a.started === b.started;

export function slotSelectionReducer(state: SlotSelectionState, action: SlotSelectionAction): SlotSelectionState {
  switch (action.type) {
    case 'scheduleLoaded': {
      if (state.date === null) return state;
      const day = findDay(action.days, state.date);
      const keptPart = state.slot && day ? partOf(state.slot, day) : null;
      if (keptPart) return { ...state, partOfDay: keptPart };
      // A refresh keeps the tab the patient is looking at while it still has slots.
      const partOfDay = state.partOfDay && day && day.workingTimes[state.partOfDay].length > 0 ? state.partOfDay : firstNonEmptyPartOfDay(day);
      return { ...state, partOfDay, slot: null };
    }
    case 'dayChanged':
      return action.date === state.date ? state : showDay(action.date, action.days);
    case 'partChanged':
      return action.partOfDay === state.partOfDay ? state : { ...state, partOfDay: action.partOfDay, slot: null, error: null };
    case 'slotPicked':
      return action.validation.valid
        ? { ...state, date: action.slot.workingDay, slot: action.slot, error: null }
        : { ...state, slot: null, error: action.validation };
    case 'seeNearest': {
      // The first day with slots: past days and slots inside the buffer are already gone (applyBuffer).
      const nearest = nearestAvailableDay(action.days);
      return nearest === null ? state : showDay(nearest, action.days);
    }
    case 'errorDismissed':
      return state.error === null ? state : { ...state, error: null };
    case 'cleared':
      return initialSlotSelection(state.date);
  }
}

/** The part of day holding the slot on that day, or null when the day no longer offers it. */
function partOf(slot: SelectedSlot, day: ScheduleDay): PartOfDay | null {
  if (slot.workingDay !== day.workingDay) return null;
  return PARTS_OF_DAY.find((p) => day.workingTimes[p].some((s) => sameSlot(slot, s))) ?? null;
}

/** What the slot area shows, with the spec's empty texts as message keys. */
export type SlotPanel =
  | { kind: 'slots'; partOfDay: PartOfDay; slots: readonly TimeSlot[] }
  /** The chosen part of day is empty but another part has slots: 'Choose another Time of the Day'. */
  | { kind: 'choosePartOfDay'; messageKey: 'booking.choosePartOfDay' }
  /** The day has no slot: 'There is no available booking slot this day' and the button 'See nearest availabilities'. */
  | { kind: 'noSlotThisDay'; messageKey: 'booking.noSlotThisDay'; nearest: string }
  /** Nothing bookable in the whole schedule: the busy-doctor message (a service's own wording), no button. */
  | { kind: 'busy'; messageKey: 'booking.doctorBusy' | 'booking.serviceBusy' };

export function slotPanel(state: SlotSelectionState, days: readonly ScheduleDay[], subject: 'doctor' | 'service' = 'doctor'): SlotPanel {
  const nearest = nearestAvailableDay(days);
  const day = state.date === null ? undefined : findDay(days, state.date);
  if (!day || day.slots === 0) {
    if (nearest === null) return { kind: 'busy', messageKey: subject === 'service' ? 'booking.serviceBusy' : 'booking.doctorBusy' };
    return { kind: 'noSlotThisDay', messageKey: 'booking.noSlotThisDay', nearest };
  }
  const part = state.partOfDay ?? firstNonEmptyPartOfDay(day)!;
  const slots = day.workingTimes[part];
  return slots.length > 0 ? { kind: 'slots', partOfDay: part, slots } : { kind: 'choosePartOfDay', messageKey: 'booking.choosePartOfDay' };
}

/** The card's main button: 'Continue Booking' once a slot is chosen, 'See nearest availabilities' on an empty day. */
export function primaryButton(state: SlotSelectionState, days: readonly ScheduleDay[]): { key: 'booking.continue' | 'booking.seeNearest'; enabled: boolean } {
  const panel = slotPanel(state, days);
  if (panel.kind === 'noSlotThisDay') return { key: 'booking.seeNearest', enabled: true };
  return { key: 'booking.continue', enabled: state.slot !== null };
}
