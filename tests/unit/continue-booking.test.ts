import { describe, expect, it } from 'vitest';
import {
  decideAfterCampaignCheck,
  decideContinueBooking,
  isPlaceholderEmail,
  shouldWarnSocialLoginEmail,
  userProfileUrl,
  type ContinueBookingInput,
  type SessionState,
} from '../../src/lib/continue-booking';
import { changePhonePath, doctorBookingPath } from '../../src/lib/booking-routes';
import { validateSlot } from '../../src/lib/slots';

const ctx = { zone: 'Asia/Ho_Chi_Minh', now: Date.parse('2026-11-22T03:00:00Z'), bufferMinutes: 60 }; // 10:00
const valid = validateSlot('2026-11-22', '15:00', ctx);
const tooSoon = validateSlot('2026-11-22', '10:30', ctx);
const bookingPath = doctorBookingPath('vi-VN', { doctorId: 3, date: '2026-11-22', scheduleId: 40, telemedicine: true });
const currentPath = '/vi-vn/bac-si/nguyen-van-a';
/** Back on this page with the slot still chosen (issue 38 item 22: signing in used to lose it). */
const pageBack = `${currentPath}?date=2026-11-22&telemedicine=true&slot=40`;
const input = (over: Partial<ContinueBookingInput>): ContinueBookingInput => ({
  slot: valid,
  session: 'onboarded',
  babyFormulaCampaign: false,
  telemedicine: false,
  bookingPath,
  currentPath,
  ...over,
});

describe('Continue Booking decision (SPEC §4)', () => {
  it('shows the slot error first, whatever the session or campaign', () => {
    for (const session of ['visitor', 'onboarded', 'not-onboarded'] as SessionState[]) {
      for (const babyFormulaCampaign of [false, true]) {
        for (const telemedicine of [false, true]) {
          const action = decideContinueBooking(input({ slot: tooSoon, session, babyFormulaCampaign, telemedicine }));
          expect(action).toEqual({ type: 'slotError', error: { key: 'booking.slotNotAvailable', params: { bufferTime: '11:00' } } });
        }
      }
    }
  });

  it('sends a visitor of a campaign doctor to onboarding, coming back to this page on the chosen slot for the campaign check', () => {
    for (const telemedicine of [false, true]) {
      expect(decideContinueBooking(input({ session: 'visitor', babyFormulaCampaign: true, telemedicine }))).toEqual({ type: 'onboarding', returnUrl: pageBack, loading: true });
    }
  });

  it('sends a visitor or a user not onboarded to onboarding, coming back to the booking page', () => {
    for (const telemedicine of [false, true]) {
      expect(decideContinueBooking(input({ session: 'visitor', telemedicine }))).toEqual({ type: 'onboarding', returnUrl: bookingPath, loading: true });
      expect(decideContinueBooking(input({ session: 'not-onboarded', telemedicine }))).toEqual({ type: 'onboarding', returnUrl: bookingPath, loading: true });
    }
    expect(decideContinueBooking(input({ session: 'not-onboarded', telemedicine: false, babyFormulaCampaign: true }))).toEqual({ type: 'onboarding', returnUrl: bookingPath, loading: true });
  });

  it('brings a user not onboarded back to this page when the campaign check will be needed', () => {
    expect(decideContinueBooking(input({ session: 'not-onboarded', telemedicine: true, babyFormulaCampaign: true }))).toEqual({ type: 'onboarding', returnUrl: pageBack, loading: true });
  });

  it('runs the campaign validation for telemedicine with a campaign doctor and an onboarded user', () => {
    expect(decideContinueBooking(input({ babyFormulaCampaign: true, telemedicine: true }))).toEqual({ type: 'campaignCheck', loading: true });
  });

  it('goes straight to the booking page otherwise (onboarded)', () => {
    expect(decideContinueBooking(input({}))).toEqual({ type: 'booking', path: bookingPath, loading: true });
    expect(decideContinueBooking(input({ telemedicine: true }))).toEqual({ type: 'booking', path: bookingPath, loading: true });
    expect(decideContinueBooking(input({ babyFormulaCampaign: true, telemedicine: false }))).toEqual({ type: 'booking', path: bookingPath, loading: true });
  });

  it('decides every combination of session, campaign flag and mode (valid slot)', () => {
    // session, campaign, telemedicine -> expected action type and where onboarding returns to
    const table: [SessionState, boolean, boolean, string, 'page' | 'booking' | null][] = [
      ['visitor', false, false, 'onboarding', 'booking'],
      ['visitor', false, true, 'onboarding', 'booking'],
      ['visitor', true, false, 'onboarding', 'page'],
      ['visitor', true, true, 'onboarding', 'page'],
      ['not-onboarded', false, false, 'onboarding', 'booking'],
      ['not-onboarded', false, true, 'onboarding', 'booking'],
      ['not-onboarded', true, false, 'onboarding', 'booking'],
      ['not-onboarded', true, true, 'onboarding', 'page'],
      ['onboarded', false, false, 'booking', null],
      ['onboarded', false, true, 'booking', null],
      ['onboarded', true, false, 'booking', null],
      ['onboarded', true, true, 'campaignCheck', null],
    ];
    for (const [session, babyFormulaCampaign, telemedicine, type, back] of table) {
      const action = decideContinueBooking(input({ session, babyFormulaCampaign, telemedicine }));
      expect(action.type, `${session} ${babyFormulaCampaign} ${telemedicine}`).toBe(type);
      if (action.type === 'onboarding') expect(action.returnUrl).toBe(back === 'page' ? pageBack : bookingPath);
      if (action.type === 'booking') expect(action.path).toBe(bookingPath);
      expect('loading' in action && action.loading).toBe(true);
    }
  });

  it('after the campaign validation, OK continues only when the number is valid', () => {
    expect(decideAfterCampaignCheck({ valid: true, message: 'Eligible', reason: null }, bookingPath)).toEqual({ type: 'campaignDialog', message: 'Eligible', onOk: { type: 'booking', path: bookingPath }, changePhone: false });
    expect(decideAfterCampaignCheck({ valid: false, message: 'Not eligible' }, bookingPath)).toEqual({ type: 'campaignDialog', message: 'Not eligible', onOk: { type: 'close' }, changePhone: false });
  });

  it('offers to change the phone number there when told to try another one (reason 5; issue 38 item 22)', () => {
    expect(decideAfterCampaignCheck({ valid: false, message: 'Try another number', reason: 5 }, bookingPath).changePhone).toBe(true);
    for (const reason of [1, 2, 3, 4]) expect(decideAfterCampaignCheck({ valid: false, message: 'x', reason }, bookingPath).changePhone).toBe(false);
    expect(changePhonePath('vi-VN', pageBack)).toBe(`/vi-vn/onboarding/?returnUrl=${encodeURIComponent(pageBack)}&step=phone`);
  });
});

describe('social-login placeholder e-mail warning', () => {
  it('recognises placeholder domains, case-insensitively, including subdomains', () => {
    expect(isPlaceholderEmail('123456@social.placeholder')).toBe(true);
    expect(isPlaceholderEmail('ABC@Social.Placeholder')).toBe(true);
    expect(isPlaceholderEmail('x@fb.social.placeholder')).toBe(true);
    expect(isPlaceholderEmail('x@noemail.invalid')).toBe(true);
    expect(isPlaceholderEmail('someone@gmail.com')).toBe(false);
    expect(isPlaceholderEmail('social.placeholder@gmail.com')).toBe(false);
    expect(isPlaceholderEmail('x@notsocial.placeholder')).toBe(false);
    expect(isPlaceholderEmail('')).toBe(false);
    expect(isPlaceholderEmail(null)).toBe(false);
    expect(isPlaceholderEmail('no-at-sign')).toBe(false);
    expect(isPlaceholderEmail('u@group.local', ['group.local'])).toBe(true);
    expect(isPlaceholderEmail('u@social.placeholder', ['group.local'])).toBe(false);
  });

  it('opens only on the first slot picked by a logged-in user with a placeholder e-mail', () => {
    const email = '99@social.placeholder';
    expect(shouldWarnSocialLoginEmail({ session: 'onboarded', email, firstSlotPick: true })).toBe(true);
    expect(shouldWarnSocialLoginEmail({ session: 'not-onboarded', email, firstSlotPick: true })).toBe(true);
    expect(shouldWarnSocialLoginEmail({ session: 'onboarded', email, firstSlotPick: false })).toBe(false);
    expect(shouldWarnSocialLoginEmail({ session: 'visitor', email, firstSlotPick: true })).toBe(false);
    expect(shouldWarnSocialLoginEmail({ session: 'onboarded', email: 'a@b.com', firstSlotPick: true })).toBe(false);
    expect(shouldWarnSocialLoginEmail({ session: 'onboarded', email: 'a@corp.test', firstSlotPick: true, domains: ['corp.test'] })).toBe(true);
  });

  it("links 'Go to User Profile' to user/profile on the identity site", () => {
    expect(userProfileUrl('https://id.example.com')).toBe('https://id.example.com/user/profile');
    expect(userProfileUrl('https://id.example.com/')).toBe('https://id.example.com/user/profile');
  });
});
