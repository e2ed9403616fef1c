/**
 * "Continue Booking" (SPEC §4, §6): the one decision of what the button does. The island runs the side effects
 * (navigate, call the campaign validation, open dialogs); this module only decides.
 */
import type { SlotValidation } from './slots';
import { isPlaceholderEmail, SOCIAL_LOGIN_PLACEHOLDER_DOMAINS } from './onboarding';
import { chosenSlotOfBookingPath, withChosenSlot } from './booking-routes';

export type SessionState = 'visitor' | 'onboarded' | 'not-onboarded';

export interface ContinueBookingInput {
  slot: SlotValidation;
  session: SessionState;
  /** The doctor's baby-formula campaign flag (false for services). */
  babyFormulaCampaign: boolean;
  telemedicine: boolean;
  /** Built with doctorBookingPath / serviceBookingPath. */
  bookingPath: string;
  /** Current page path (with query), for flows that must come back to this page. */
  currentPath: string;
}

export type ContinueBookingAction =
  /** Danger alert 'The slot is not available…'; no loading. */
  | { type: 'slotError'; error: Extract<SlotValidation, { valid: false }>['error'] }
  /** Go to onboarding; after it the patient lands on `returnUrl`. */
  | { type: 'onboarding'; returnUrl: string; loading: true }
  /** Call the baby-formula campaign validation, then show its message with decideAfterCampaignCheck. */
  | { type: 'campaignCheck'; loading: true }
  | { type: 'booking'; path: string; loading: true };

export function decideContinueBooking(input: ContinueBookingInput): ContinueBookingAction {
  if (!input.slot.valid) return { type: 'slotError', error: input.slot.error };
  const needsCampaignCheck = input.babyFormulaCampaign && input.telemedicine;
  if (input.session !== 'onboarded') {
    // A visitor of a campaign doctor (SPEC §4), or anyone who will need the campaign check, comes back to this
    // page rather than the booking page, so the check runs after onboarding instead of being skipped; the page
    // opens again on the chosen slot (issue 38 item 22), one press of Continue Booking away.
    const chosen = chosenSlotOfBookingPath(input.bookingPath);
    const back = (input.session === 'visitor' && input.babyFormulaCampaign) || needsCampaignCheck ? (chosen ? withChosenSlot(input.currentPath, chosen) : input.currentPath) : input.bookingPath;
    return { type: 'onboarding', returnUrl: back, loading: true };
  }
  if (needsCampaignCheck) return { type: 'campaignCheck', loading: true };
  return { type: 'booking', path: input.bookingPath, loading: true };
}

/** The campaign validation answer (SPEC §3: _data {valid, message}; reason 1..5 when not valid). */
export interface CampaignCheckResult {
  valid: boolean;
  message: string;
  reason?: number | null;
}

/** SPEC §8 reason 5: 'not eligible, try another number or contact support'. */
export const CAMPAIGN_TRY_ANOTHER_NUMBER = 5;

export interface CampaignDialog {
  type: 'campaignDialog';
  message: string;
  /** What OK does: continue to the booking page only when the number is eligible, otherwise just close. */
  onOk: { type: 'booking'; path: string } | { type: 'close' };
  /**
   * Told to try another number (reason 5): the dialog offers to change it there (issue 38 item 22: a dead end),
   * through onboarding's phone step and back to this page with the slot still chosen.
   */
  changePhone: boolean;
}

export function decideAfterCampaignCheck(result: CampaignCheckResult, bookingPath: string): CampaignDialog {
  return {
    type: 'campaignDialog',
    message: result.message,
    onOk: result.valid ? { type: 'booking', path: bookingPath } : { type: 'close' },
    changePhone: !result.valid && result.reason === CAMPAIGN_TRY_ANOTHER_NUMBER,
  };
}

// One placeholder rule for onboarding and this warning (src/lib/onboarding.ts); re-exported for the islands.
export { isPlaceholderEmail, SOCIAL_LOGIN_PLACEHOLDER_DOMAINS };

export interface SocialLoginWarningInput {
  session: SessionState;
  email: string | null | undefined;
  /** True when no slot had been picked before this pick on the page. */
  firstSlotPick: boolean;
  domains?: readonly string[];
}

/** The warning dialog (Continue Booking / Go to User Profile) opens on the first slot picked by such a user. */
export function shouldWarnSocialLoginEmail(input: SocialLoginWarningInput): boolean {
  return input.session !== 'visitor' && input.firstSlotPick && isPlaceholderEmail(input.email, input.domains ?? SOCIAL_LOGIN_PLACEHOLDER_DOMAINS);
}

/** The external identity site's profile page, opened in a new tab by 'Go to User Profile'. */
export function userProfileUrl(identityOrigin: string): string {
  return new URL('user/profile', identityOrigin.endsWith('/') ? identityOrigin : `${identityOrigin}/`).href;
}
