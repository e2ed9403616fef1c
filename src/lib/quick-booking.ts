/**
 * The quick-booking widget (SPEC §2, §4, §5) as a pure reducer. Slot selection (day, part of day, slot) is the
 * booking card's reducer embedded, so both widgets follow the same rules.
 */
import { initialSlotSelection, slotSelectionReducer, type SlotSelectionAction, type SlotSelectionState } from './slot-selection';

/** The pseudo-specialty 'All specialties' (SPEC §3). */
export const ALL_SPECIALTIES_ID = -1;
export const ALL_SPECIALTIES_KEY = 'booking.allSpecialties' as const;

export type BookingKind = 'doctor' | 'service';
export type ConsultationMode = 'outpatient' | 'telemedicine';

export interface QuickBookingDoctor {
  id: number;
  validOutpatient: boolean;
  validTelemedicine: boolean;
}

export interface QuickBookingState {
  available: { doctor: boolean; service: boolean };
  kind: BookingKind;
  hospitalId: number | null;
  /** On a hospital page the branch is preselected and read-only. */
  hospitalLocked: boolean;
  specialtyId: number | null;
  doctor: QuickBookingDoctor | null;
  mode: ConsultationMode;
  serviceId: number | null;
  /** Today in the hospital's zone, where the day resets to. */
  today: string;
  selection: SlotSelectionState;
}

export interface QuickBookingInit {
  available: { doctor: boolean; service: boolean };
  hospitalId?: number | null;
  hospitalLocked?: boolean;
  today: string;
}

export function initQuickBooking(init: QuickBookingInit): QuickBookingState {
  return {
    available: init.available,
    // When only one kind is available it is forced (and the switch hidden); doctors come first otherwise.
    kind: init.available.doctor || !init.available.service ? 'doctor' : 'service',
    hospitalId: init.hospitalId ?? null,
    hospitalLocked: Boolean(init.hospitalLocked && init.hospitalId != null),
    specialtyId: null,
    doctor: null,
    mode: 'outpatient',
    serviceId: null,
    today: init.today,
    selection: initialSlotSelection(init.today),
  };
}

export type QuickBookingAction =
  | { type: 'kindChanged'; kind: BookingKind }
  | { type: 'hospitalChanged'; hospitalId: number | null }
  /** `doctors`: the doctors of the chosen specialty, in the dropdown's order; the first is auto-selected. */
  | { type: 'specialtyChanged'; specialtyId: number | null; doctors: readonly QuickBookingDoctor[] }
  | { type: 'doctorChanged'; doctor: QuickBookingDoctor | null }
  | { type: 'modeChanged'; mode: ConsultationMode }
  | { type: 'serviceChanged'; serviceId: number | null }
  | { type: 'todayChanged'; today: string }
  | SlotSelectionAction;

/** The mode a doctor starts in: telemedicine only when the doctor offers nothing else. */
export function initialMode(doctor: QuickBookingDoctor | null): ConsultationMode {
  return doctor && doctor.validTelemedicine && !doctor.validOutpatient ? 'telemedicine' : 'outpatient';
}

function withDoctor(state: QuickBookingState, doctor: QuickBookingDoctor | null): QuickBookingState {
  return {
    ...state,
    doctor,
    mode: initialMode(doctor),
    selection: initialSlotSelection(state.selection.date ?? state.today),
  };
}

export function quickBookingReducer(state: QuickBookingState, action: QuickBookingAction): QuickBookingState {
  switch (action.type) {
    case 'kindChanged':
      if (action.kind === state.kind || !state.available[action.kind]) return state;
      return { ...state, kind: action.kind, selection: initialSlotSelection(state.today) };
    case 'hospitalChanged':
      if (state.hospitalLocked || action.hospitalId === state.hospitalId) return state;
      return {
        ...state,
        hospitalId: action.hospitalId,
        specialtyId: null,
        doctor: null,
        mode: 'outpatient',
        serviceId: null,
        selection: initialSlotSelection(state.today),
      };
    case 'specialtyChanged': {
      const first = action.specialtyId === null ? null : (action.doctors[0] ?? null);
      return withDoctor({ ...state, specialtyId: action.specialtyId }, first);
    }
    case 'doctorChanged': {
      // A doctor picked before any specialty (e.g. from a keyword search) puts the specialty on 'All specialties'.
      const specialtyId = action.doctor && state.specialtyId === null ? ALL_SPECIALTIES_ID : state.specialtyId;
      return withDoctor({ ...state, specialtyId }, action.doctor);
    }
    case 'modeChanged': {
      if (action.mode === state.mode || !modeTabs(state).includes(action.mode)) return state;
      return { ...state, mode: action.mode, selection: initialSlotSelection(state.today) };
    }
    case 'serviceChanged':
      if (action.serviceId === state.serviceId) return state;
      return { ...state, serviceId: action.serviceId, selection: initialSlotSelection(state.selection.date ?? state.today) };
    case 'todayChanged':
      return action.today === state.today ? state : { ...state, today: action.today };
    default:
      return withSelection(state, slotSelectionReducer(state.selection, action));
  }
}

function withSelection(state: QuickBookingState, selection: SlotSelectionState): QuickBookingState {
  return selection === state.selection ? state : { ...state, selection };
}

/** The Doctor/Service switch is shown only when both kinds are available. */
export const kindSwitchVisible = (state: QuickBookingState): boolean => state.available.doctor && state.available.service;

/** Outpatient/Telemedicine tabs: two when the doctor offers both, none otherwise (the mode is fixed). */
export function modeTabs(state: QuickBookingState): ConsultationMode[] {
  return state.doctor?.validOutpatient && state.doctor.validTelemedicine ? ['outpatient', 'telemedicine'] : [];
}

/** 'Book an Appointment' is enabled once hospital, specialty, doctor and slot (service: hospital, service, slot) are chosen. */
export function canBook(state: QuickBookingState): boolean {
  if (state.hospitalId === null || state.selection.slot === null) return false;
  return state.kind === 'doctor' ? state.specialtyId !== null && state.doctor !== null : state.serviceId !== null;
}

// ---------------------------------------------------------------------------------------------------------------
// Doctors and services without a free slot (issue #30 item 7): still offered, so a patient finds them by name,
// but marked and after the bookable ones. The server decides `hasSlots` over NEAREST_HORIZON_DAYS (src/lib/slots).

export const NO_FREE_SLOT_KEY = 'booking.noFreeSlot' as const;

/** Bookable items first, each group in its given order (by name from the server). */
export function bookableFirst<T extends { hasSlots: boolean }>(items: readonly T[]): T[] {
  return [...items.filter((i) => i.hasSlots), ...items.filter((i) => !i.hasSlots)];
}

/** A dropdown option: the name, and for an item with no free slot the hint key with its day count. */
export interface MarkedOption {
  value: number;
  label: string;
  hint: { key: typeof NO_FREE_SLOT_KEY; params: { days: number } } | null;
}

/** The dropdown's options of a list: bookable first, the others marked "No free slot in the next N days". */
export function markedOptions(items: readonly { id: number; name: string; hasSlots: boolean }[], horizonDays: number): MarkedOption[] {
  return bookableFirst(items).map((i) => ({
    value: i.id,
    label: i.name,
    hint: i.hasSlots ? null : { key: NO_FREE_SLOT_KEY, params: { days: horizonDays } },
  }));
}
