/**
 * Runs the side effects of Continue Booking / Book an Appointment around the one decision in
 * src/lib/continue-booking: the session (the site's one store, src/scripts/session-store) and onboarding state
 * (/api/me), navigation, the baby-formula
 * campaign check. Returns what the island must show; navigation happens here.
 */
import type { Locale } from '../../../i18n/locales';
import { changePhonePath, chosenSlotOfBookingPath, onboardingPath, withChosenSlot } from '../../lib/booking-routes';
import { decideAfterCampaignCheck, decideContinueBooking, shouldWarnSocialLoginEmail, type CampaignCheckResult, type SessionState } from '../../lib/continue-booking';
import type { SlotValidation } from '../../lib/slots';
import { $session, sessionAccessToken } from '../../scripts/session-store';
import { call, CallError } from './shared';

export interface Session {
  state: SessionState;
  accessToken: string | null;
}

/** Visitor, onboarded or not onboarded: the session from the site's store, the onboarding state from /api/me. */
export async function loadSession(): Promise<Session> {
  const accessToken = await sessionAccessToken();
  if (!accessToken) return { state: 'visitor', accessToken: null };
  try {
    const me = await call<{ onboarding: { onboarded: boolean } }>('/api/me', { headers: { authorization: `Bearer ${accessToken}` } });
    return { state: me.onboarding.onboarded ? 'onboarded' : 'not-onboarded', accessToken };
  } catch (e) {
    // A session the server no longer accepts is treated as none: the onboarding route signs the patient in again.
    if (e instanceof CallError) return { state: 'visitor', accessToken: null };
    throw e;
  }
}

export type ContinueOutcome =
  | { type: 'navigated' }
  | { type: 'slotError'; bufferTime: string }
  | { type: 'campaignDialog'; message: string; okPath: string | null; changePhonePath: string | null };

export interface ContinueInput {
  locale: Locale;
  validation: SlotValidation;
  bookingPath: string;
  babyFormulaCampaign: boolean;
  telemedicine: boolean;
  doctorId: number | null;
}

export async function continueBooking(input: ContinueInput, go: (path: string) => void = (p) => window.location.assign(p)): Promise<ContinueOutcome> {
  if (!input.validation.valid) return { type: 'slotError', bufferTime: input.validation.error.params.bufferTime };
  const { state, accessToken } = await loadSession();
  const action = decideContinueBooking({
    slot: input.validation,
    session: state,
    babyFormulaCampaign: input.babyFormulaCampaign,
    telemedicine: input.telemedicine,
    bookingPath: input.bookingPath,
    currentPath: window.location.pathname + window.location.search,
  });
  switch (action.type) {
    case 'slotError':
      return { type: 'slotError', bufferTime: String(action.error.params.bufferTime) };
    case 'onboarding':
      go(onboardingPath(input.locale, action.returnUrl));
      return { type: 'navigated' };
    case 'booking':
      go(action.path);
      return { type: 'navigated' };
    case 'campaignCheck': {
      const q = new URLSearchParams({ booking_type: 'doctor', doctor_id: String(input.doctorId) });
      const result = await call<CampaignCheckResult>(`/api/campaigns/baby-formula/validation?${q}`, { headers: { authorization: `Bearer ${accessToken!}` } });
      const dialog = decideAfterCampaignCheck(result, input.bookingPath);
      const chosen = chosenSlotOfBookingPath(input.bookingPath);
      const back = window.location.pathname + window.location.search;
      return {
        type: 'campaignDialog',
        message: dialog.message,
        okPath: dialog.onOk.type === 'booking' ? dialog.onOk.path : null,
        changePhonePath: dialog.changePhone ? changePhonePath(input.locale, chosen ? withChosenSlot(back, chosen) : back) : null,
      };
    }
  }
}

/** Whether to open the social-login e-mail warning on this (first) pick. */
export async function socialLoginWarning(firstSlotPick: boolean): Promise<boolean> {
  if (!firstSlotPick) return false;
  const s = $session.get();
  if (s.status !== 'signed-in') return false;
  return shouldWarnSocialLoginEmail({ session: 'onboarded', email: s.email, firstSlotPick });
}
