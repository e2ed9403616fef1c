/**
 * My appointments (issue 28 item 3): upcoming and past bookings with status, the day and time in the hospital's
 * zone, doctor or service, hospital and address, for whom, price and payment; cancel (asked first) and
 * reschedule (the booking card's date strip and slot picker) until the cancellation window, add to calendar,
 * and a review of a completed appointment. The server decides; a refusal says until when one could change it.
 */
import { useStore } from '@nanostores/preact';
import { useEffect, useMemo, useReducer, useState, type FormEvent } from 'react';
import type { CalendarLabels } from '../../lib/calendar-labels';
import { todayInZone } from '../../lib/hospital-time';
import {
  STATUS_LABELS,
  bookingIcs,
  canChange,
  canReview,
  isUpcoming,
  pageOf,
  paymentState,
  slotEndInstant,
  splitBookings,
  validateReview,
  type MyBooking,
  type ReviewErrors,
} from '../../lib/my-bookings';
import { PAYMENT_STATE_KEYS, timeLeftText, type PatientPaymentState } from '../../lib/payment-state';
import { cancellationWording } from '../../lib/cancellation-rule';
import { PatientZoneTime, VideoVisit } from '../VideoVisit';
import { joinState } from '../../lib/video-visit';
import { initialSlotSelection, slotSelectionReducer } from '../../lib/slot-selection';
import { validateSlot } from '../../lib/slots';
import { $session } from '../../scripts/session-store';
import { SlotArea } from '../booking/SlotArea';
import { useSchedule } from '../booking/useSchedule';
import type { ScheduleSource } from '../booking/shared';
import { AccountCallError, accountCall, goToLogin, pluralOf, translatorOf, type Strings } from './api';
import { Modal } from './Modal';

interface Props {
  strings: Strings;
  locale: string;
  loginPath: string;
  labels: CalendarLabels;
  siteName: string;
}

type T = ReturnType<typeof translatorOf>;

function formatters(locale: string) {
  return {
    day: new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
    instant: (zone: string) => new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: zone }),
    money: (currency: string) => new Intl.NumberFormat(locale, { style: 'currency', currency, maximumFractionDigits: currency === 'VND' || currency === 'IDR' ? 0 : 2 }),
  };
}
type Formatters = ReturnType<typeof formatters>;

const dayDate = (day: string) => new Date(`${day}T00:00:00Z`);
const whenText = (t: T, f: Formatters, b: Pick<MyBooking, 'day' | 'time'>) => t('account.bookings.when', { date: f.day.format(dayDate(b.day)), time: b.time });
const untilText = (f: Formatters, b: MyBooking) => f.instant(b.timeZone).format(new Date(b.cancelUntil));
/** The payment line: the state's words with its amount in the booking's currency. */
const paymentText = (t: T, f: Formatters, s: PatientPaymentState) => t(PAYMENT_STATE_KEYS[s.state], { amount: 'amount' in s && s.currency ? f.money(s.currency).format(s.amount) : '' });
const titleOf = (b: MyBooking) => b.doctorName ?? b.serviceName ?? '';

export default function MyBookings({ strings, locale, loginPath, labels, siteName }: Props) {
  const t = translatorOf(strings);
  const f = useMemo(() => formatters(locale), [locale]);
  const session = useStore($session);
  const [mounted, setMounted] = useState(false);
  const [list, setList] = useState<MyBooking[] | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState<MyBooking | null>(null);
  const [moving, setMoving] = useState<MyBooking | null>(null);
  const [reviewing, setReviewing] = useState<MyBooking | null>(null);
  const [refusals, setRefusals] = useState<Record<number, string>>({});
  const [pages, setPages] = useState({ upcoming: 1, past: 1 });
  const signedOut = () => goToLogin(loginPath);

  async function load() {
    setLoadFailed(false);
    try {
      const { data } = await accountCall<{ bookings: MyBooking[] }>('/api/account/bookings', {}, signedOut);
      setList(data.bookings);
    } catch {
      setLoadFailed(true);
    }
  }

  useEffect(() => {
    setMounted(true);
    if (session.status === 'visitor') signedOut();
    else void load();
  }, [session.status]);

  // An open payment's time left counts down (and ends as "not completed in time" without a reload).
  const paying = (list ?? []).some((b) => paymentState(b, Date.now()).state === 'awaiting');
  const [, tick] = useState(0);
  useEffect(() => {
    if (!paying) return;
    const timer = setInterval(() => tick((n) => n + 1), 1000);
    return () => clearInterval(timer);
  }, [paying]);

  if (mounted && session.status === 'visitor') return <p className="acc-muted">{t('account.signInRequired')}</p>;

  const replace = (...changed: MyBooking[]) =>
    setList((old) => {
      const byId = new Map((old ?? []).map((b) => [b.id, b]));
      for (const b of changed) byId.set(b.id, b);
      return [...byId.values()];
    });

  /** A refusal as a person reads it: the window with its time, an already settled booking, else the server's words. */
  function refusal(err: unknown, b: MyBooking): string {
    if (err instanceof AccountCallError) {
      const reason = (err.data as { reason?: string } | null)?.reason;
      if (reason === 'window-passed') return t('account.bookings.windowPassed', { time: untilText(f, b) });
      if (reason === 'already-cancelled') return t('account.bookings.alreadyCancelled');
      if (reason === 'refund-failed') return t('account.bookings.refundFailed');
      if (err.status === 409) return t('account.bookings.slotTaken');
      if (err.messages[0]) return err.messages[0];
    }
    return t('common.error');
  }

  const now = Date.now();
  const { upcoming, past } = splitBookings(list ?? [], now);

  const card = (b: MyBooking) => {
    const pay = paymentState(b, now);
    // Pending or confirmed and still ahead: a cancelled appointment of next week is listed under Upcoming, unchangeable.
    const active = isUpcoming(b, now);
    // An appointment still being paid is not changed here: it is paid (Pay now) or its hold lapses.
    const changeable = active && canChange(b, now) && pay.state !== 'awaiting';
    const rule = cancellationWording(b.cancelUntil, now, 'after', (iso) => f.instant(b.timeZone).format(new Date(iso)));
    const title = titleOf(b);
    // A video visit's calendar entry points at its room, not the hospital's address.
    const ics = bookingIcs(b.kind === 'telemedicine' ? { ...b, hospitalAddress: b.videoUrl ?? '' } : b, `${title} – ${b.hospitalName}`, slotEndInstant(b), siteName);
    return (
      <li key={b.id} className="acc-card acc-booking" data-testid="booking-item" data-booking-id={b.id}>
        <div className="acc-booking-head">
          <div>
            <p className="acc-booking-title">{title}</p>
            <p className="acc-muted">{t(`account.bookings.kind.${b.kind}`)}</p>
            <p className="acc-muted acc-small">
              {t('booking.flow.bookingCode')}: <strong data-testid="booking-code">{b.code}</strong>
            </p>
          </div>
          <span className={`acc-status acc-status-${b.status}`} data-testid="booking-status">
            {/* "Awaiting payment" only while a payment is open; a pending visit paid at the clinic awaits confirmation. */}
            {t(b.status === 'pending' && pay.state !== 'awaiting' ? 'account.bookings.status.pendingConfirmation' : STATUS_LABELS[b.status])}
          </span>
        </div>
        <p className="acc-booking-when" data-testid="booking-when">
          {whenText(t, f, b)} <span className="acc-muted acc-small">({t('account.bookings.hospitalTime')})</span>
          {b.kind === 'telemedicine' && (
            <>
              <br />
              <PatientZoneTime startsAt={b.startsAt} timeZone={b.timeZone} lang={locale} t={t} className="acc-muted acc-small" />
            </>
          )}
        </p>
        {b.kind === 'telemedicine' && b.status === 'confirmed' && joinState(b.startsAt, slotEndInstant(b), now).state !== 'ended' && (
          <VideoVisit startsAt={b.startsAt} endsAt={slotEndInstant(b)} timeZone={b.timeZone} videoUrl={b.videoUrl} lang={locale} t={t} classes={{ box: 'acc-video', primary: 'acc-primary acc-button-link', muted: 'acc-muted acc-small' }} />
        )}
        <dl className="acc-facts">
          <div>
            <dt className="visually-hidden">{t('account.bookings.hospitalTime')}</dt>
            <dd>
              <strong>{b.hospitalName}</strong>
              {b.kind !== 'telemedicine' && (
                <>
                  <br />
                  <span className="acc-muted">{b.hospitalAddress}</span>
                </>
              )}
            </dd>
          </div>
          <div>
            <dt>{t('account.bookings.for')}</dt>
            <dd data-testid="booking-for">{b.forName ?? t('account.bookings.forMe')}</dd>
          </div>
          {b.price != null && b.currency && (
            <div>
              <dt>{t('account.bookings.price')}</dt>
              <dd>{f.money(b.currency).format(b.price)}</dd>
            </div>
          )}
          <div>
            <dt>{t('account.bookings.payment')}</dt>
            <dd data-testid="booking-payment" data-state={pay.state}>
              {paymentText(t, f, pay)}
              {pay.state === 'awaiting' && (
                <span className="acc-pay-now">
                  <span className="acc-muted acc-small"> · {t('booking.payment.timeLeft', { time: timeLeftText(pay.secondsLeft) })}</span>
                  {pay.checkoutUrl && (
                    <a className="acc-primary acc-button-link" href={pay.checkoutUrl} data-testid="pay-now">
                      {t('booking.payment.payNow')}
                    </a>
                  )}
                </span>
              )}
            </dd>
          </div>
        </dl>
        {b.rescheduledFromId && b.status !== 'cancelled' && <p className="acc-badge">{t('account.bookings.rescheduledFrom')}</p>}
        {refusals[b.id] && (
          <p className="acc-error" role="alert" data-testid="booking-refusal">
            {refusals[b.id]}
          </p>
        )}
        {active && pay.state !== 'awaiting' && (
          <>
            <p className="acc-muted acc-small" data-testid="booking-window">
              {t(rule.key, rule.params)}
            </p>
            <div className="acc-member-actions acc-booking-actions">
              {changeable && (
                <button type="button" className="acc-secondary" onClick={() => setMoving(b)}>
                  {t('account.bookings.reschedule')}
                </button>
              )}
              <a className="acc-secondary acc-button-link" href={`data:text/calendar;charset=utf-8,${encodeURIComponent(ics)}`} download={`appointment-${b.id}.ics`}>
                {t('account.bookings.addToCalendar')}
              </a>
              {changeable && (
                <button type="button" className="acc-danger-link" onClick={() => setCancelling(b)}>
                  {t('account.bookings.cancel')}
                </button>
              )}
            </div>
          </>
        )}
        {b.review && (
          <p className="acc-review" data-testid="booking-review">
            <span className="visually-hidden">{t('account.bookings.review.yours')}: </span>
            <span className="acc-stars" aria-label={pluralOf(strings, locale)('account.bookings.review.star', b.review.rate)}>
              {'★'.repeat(b.review.rate)}
              <span className="acc-stars-off">{'★'.repeat(5 - b.review.rate)}</span>
            </span>
            {b.review.feedback && <span> {b.review.feedback}</span>}
          </p>
        )}
        {canReview(b) && (
          <div className="acc-member-actions">
            <button type="button" className="acc-secondary" onClick={() => setReviewing(b)}>
              {t('account.bookings.review.open')}
            </button>
          </div>
        )}
      </li>
    );
  };

  return (
    <div className="acc-bookings" data-testid="my-bookings">
      <p className="acc-notice" role="status" data-testid="bookings-notice">
        {notice}
      </p>
      {list === null && !loadFailed && <p className="acc-muted">{t('account.loading')}</p>}
      {loadFailed && (
        <p className="acc-error" role="alert">
          {t('common.error')}{' '}
          <button type="button" className="acc-link" onClick={() => void load()}>
            {t('account.retry')}
          </button>
        </p>
      )}
      {list && (
        <>
          {(['upcoming', 'past'] as const).map((section) => {
            const all = section === 'upcoming' ? upcoming : past;
            const shown = pageOf(all, pages[section]);
            const go = (page: number) => {
              setPages((p) => ({ ...p, [section]: page }));
              document.getElementById(`bookings-${section}-title`)?.scrollIntoView({ block: 'start' });
            };
            return (
              <section key={section} aria-labelledby={`bookings-${section}-title`}>
                <h2 className="acc-section" id={`bookings-${section}-title`} tabIndex={-1}>
                  {t(`account.bookings.${section}`)}
                </h2>
                {all.length ? (
                  <ul className="acc-cards" data-testid={`bookings-${section}`}>
                    {shown.items.map(card)}
                  </ul>
                ) : (
                  <p className="acc-empty">{t(section === 'upcoming' ? 'account.bookings.emptyUpcoming' : 'account.bookings.emptyPast')}</p>
                )}
                {shown.pages > 1 && (
                  <nav className="acc-pager" aria-label={t(`account.bookings.pager.${section}`)} data-testid={`bookings-${section}-pager`}>
                    <button type="button" className="acc-secondary" disabled={shown.page === 1} onClick={() => go(shown.page - 1)}>
                      {t('account.bookings.pager.previous')}
                    </button>
                    <span aria-live="polite">{t('account.bookings.pager.page', { page: shown.page, pages: shown.pages })}</span>
                    <button type="button" className="acc-secondary" disabled={shown.page === shown.pages} onClick={() => go(shown.page + 1)}>
                      {t('account.bookings.pager.next')}
                    </button>
                  </nav>
                )}
              </section>
            );
          })}
        </>
      )}
      {cancelling && (
        <CancelPopup
          b={cancelling}
          t={t}
          when={whenText(t, f, cancelling)}
          refundText={(() => {
            const s = paymentState(cancelling, now);
            return s.state === 'paid' ? t('account.bookings.cancelRefund', { amount: f.money(s.currency).format(s.amount) }) : null;
          })()}
          onClose={() => setCancelling(null)}
          onDone={(updated, refund) => {
            replace(updated);
            setCancelling(null);
            setNotice(refund ? t('account.bookings.cancelledRefund', { amount: f.money(refund.currency).format(refund.amount) }) : t('account.bookings.cancelled'));
          }}
          onRefused={(msg) => {
            setRefusals((r) => ({ ...r, [cancelling.id]: msg }));
            setCancelling(null);
            void load();
          }}
          refusal={refusal}
          signedOut={signedOut}
        />
      )}
      {moving && (
        <ReschedulePopup
          b={moving}
          t={t}
          labels={labels}
          when={whenText(t, f, moving)}
          onClose={() => setMoving(null)}
          onDone={(fresh) => {
            replace({ ...moving, status: 'cancelled' }, fresh);
            setMoving(null);
            setNotice(t('account.bookings.rescheduled', { when: whenText(t, f, fresh) }));
          }}
          onRefused={(msg) => {
            setRefusals((r) => ({ ...r, [moving.id]: msg }));
            setMoving(null);
            void load();
          }}
          refusal={refusal}
          signedOut={signedOut}
        />
      )}
      {reviewing && (
        <ReviewPopup
          b={reviewing}
          t={t}
          stars={(n) => pluralOf(strings, locale)('account.bookings.review.star', n)}
          onClose={() => setReviewing(null)}
          onDone={(updated) => {
            replace(updated);
            setReviewing(null);
            setNotice(t('account.bookings.review.thanks'));
          }}
          signedOut={signedOut}
        />
      )}
    </div>
  );
}

interface ActionProps {
  b: MyBooking;
  t: T;
  onClose(): void;
  onDone(b: MyBooking): void;
  onRefused(message: string): void;
  refusal(err: unknown, b: MyBooking): string;
  signedOut(): void;
}

type Refund = { amount: number; currency: string } | null;

function CancelPopup({ b, t, when, refundText, onClose, onDone, onRefused, refusal, signedOut }: Omit<ActionProps, 'onDone'> & { when: string; refundText: string | null; onDone(b: MyBooking, refund: Refund): void }) {
  const [busy, setBusy] = useState(false);
  async function confirm() {
    setBusy(true);
    try {
      const { data } = await accountCall<{ booking: MyBooking; refund: Refund }>(`/api/account/bookings/${b.id}/cancel`, { method: 'POST' }, signedOut);
      onDone(data.booking, data.refund ?? null);
    } catch (err) {
      onRefused(refusal(err, b));
    }
  }
  return (
    <Modal title={t('account.bookings.cancelTitle')} onClose={onClose} closeLabel={t('account.bookings.close')} testId="cancel-popup">
      <p>{t('account.bookings.cancelQuestion', { what: titleOf(b), when })}</p>
      {refundText && <p data-testid="cancel-refund">{refundText}</p>}
      <div className="acc-actions">
        <button type="button" className="acc-secondary" onClick={onClose} autoFocus>
          {t('account.bookings.cancelNo')}
        </button>
        <button type="button" className="acc-danger" disabled={busy} aria-busy={busy} onClick={() => void confirm()}>
          {t('account.bookings.cancelYes')}
        </button>
      </div>
    </Modal>
  );
}

function ReschedulePopup({ b, t, labels, when, onClose, onDone, onRefused, refusal, signedOut }: ActionProps & { labels: CalendarLabels; when: string }) {
  const source: ScheduleSource = b.kind === 'service' ? { kind: 'service', serviceId: b.serviceId! } : { kind: b.kind, doctorId: b.doctorId! };
  const schedule = useSchedule(source, b.timeZone, b.bufferMinutes);
  const [selection, dispatch] = useReducer(slotSelectionReducer, undefined, () => initialSlotSelection(todayInZone(Date.now(), b.timeZone)));
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // One key per popup: a retried request (a double click, a lost answer) moves the booking once.
  const [key] = useState(() => `reschedule-${b.id}-${crypto.randomUUID()}`);

  useEffect(() => {
    if (schedule.status === 'ready') dispatch({ type: 'scheduleLoaded', days: schedule.days });
  }, [schedule.status, schedule.days]);

  const slot = selection.slot;
  const isCurrent = !!slot && slot.workingDay === b.day && slot.started === b.time;

  async function confirm() {
    if (!slot) return;
    const validation = validateSlot(slot.workingDay, slot.started, { zone: schedule.zone, now: Date.now(), bufferMinutes: schedule.bufferTime });
    if (!validation.valid) {
      dispatch({ type: 'slotPicked', slot, validation });
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const { data } = await accountCall<{ booking: MyBooking }>(
        `/api/account/bookings/${b.id}/reschedule`,
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ scheduleId: slot.schedule_id, started: slot.started, idempotencyKey: key }) },
        signedOut,
      );
      onDone(data.booking);
    } catch (err) {
      const msg = refusal(err, b);
      // A taken slot: choose another here; anything else about the booking closes the popup and says why.
      if (err instanceof AccountCallError && err.status === 409 && msg === t('account.bookings.slotTaken')) {
        setFailure(msg);
        schedule.retry();
        setBusy(false);
      } else onRefused(msg);
    }
  }

  return (
    <Modal title={t('account.bookings.rescheduleTitle')} onClose={onClose} closeLabel={t('account.bookings.close')} testId="reschedule-popup">
      <p className="acc-muted">{t('account.bookings.rescheduleCurrent', { when })}</p>
      {selection.error && (
        <p className="acc-error" role="alert">
          {t('booking.slotNotAvailable', { bufferTime: selection.error.error.params.bufferTime })}
        </p>
      )}
      {failure && (
        <p className="acc-error" role="alert" data-testid="reschedule-failure">
          {failure}
        </p>
      )}
      {schedule.status === 'error' ? (
        <p className="acc-error" role="alert">
          {t('booking.loadError')}{' '}
          <button type="button" className="acc-link" onClick={schedule.retry}>
            {t('booking.retry')}
          </button>
        </p>
      ) : (
        <div className="acc-slot-area">
          <SlotArea
            idPrefix={`reschedule-${b.id}`}
            labels={labels}
            days={schedule.days}
            zone={schedule.zone}
            until={schedule.until}
            loading={schedule.status === 'loading'}
            bufferTime={schedule.bufferTime}
            selection={selection}
            dispatch={dispatch}
            t={t}
          />
        </div>
      )}
      <div className="acc-actions">
        <button type="button" className="acc-secondary" onClick={onClose}>
          {t('account.family.cancel')}
        </button>
        <button type="button" className="acc-primary" disabled={!slot || isCurrent || busy} aria-busy={busy} onClick={() => void confirm()} data-testid="reschedule-confirm">
          {t(busy ? 'account.bookings.rescheduling' : 'account.bookings.rescheduleConfirm')}
        </button>
      </div>
    </Modal>
  );
}

function ReviewPopup({ b, t, stars, onClose, onDone, signedOut }: Omit<ActionProps, 'onRefused' | 'refusal'> & { stars(n: number): string }) {
  const [rate, setRate] = useState(0);
  const [feedback, setFeedback] = useState('');
  const [errors, setErrors] = useState<ReviewErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function send(e: FormEvent) {
    e.preventDefault();
    const found = validateReview({ rate, feedback });
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    setFailure(null);
    try {
      const { data } = await accountCall<{ booking: MyBooking }>(
        `/api/account/bookings/${b.id}/review`,
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ rate, feedback }) },
        signedOut,
      );
      onDone(data.booking);
    } catch (err) {
      setFailure((err instanceof AccountCallError && err.messages[0]) || t('common.error'));
      setBusy(false);
    }
  }
  return (
    <Modal title={t('account.bookings.review.title')} onClose={onClose} closeLabel={t('account.bookings.close')} testId="review-popup">
      <form className="acc-form" noValidate onSubmit={send}>
        <p className="acc-muted">{titleOf(b)}</p>
        <fieldset className="acc-field acc-rating">
          <legend>{t('account.bookings.review.rate')}</legend>
          <div className="acc-rating-stars">
            {[1, 2, 3, 4, 5].map((n) => (
              <label key={n} className={n <= rate ? 'is-on' : ''}>
                <input type="radio" name={`rate-${b.id}`} value={n} checked={rate === n} onChange={() => setRate(n)} aria-label={stars(n)} />
                <span aria-hidden="true">★</span>
              </label>
            ))}
          </div>
          {errors.rate && <p className="acc-field-error">{t(errors.rate.key)}</p>}
        </fieldset>
        <div className="acc-field">
          <label htmlFor={`feedback-${b.id}`}>{t('account.bookings.review.feedback')}</label>
          <textarea id={`feedback-${b.id}`} rows={4} value={feedback} onInput={(e) => setFeedback((e.currentTarget as HTMLTextAreaElement).value)} />
          {errors.feedback && <p className="acc-field-error">{t(errors.feedback.key, errors.feedback.params)}</p>}
        </div>
        {failure && (
          <p className="acc-error" role="alert">
            {failure}
          </p>
        )}
        <div className="acc-actions">
          <button type="button" className="acc-secondary" onClick={onClose}>
            {t('account.family.cancel')}
          </button>
          <button type="submit" className="acc-primary" disabled={busy} aria-busy={busy}>
            {t('account.bookings.review.send')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
