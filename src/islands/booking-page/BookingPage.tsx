/**
 * The booking page (issue #26; SPEC §2–§5, §8, §9): opening it holds the slot of the query (one idempotency key
 * per visit, in sessionStorage), shows what is booked with the hold's remaining time, who it is for, contact
 * phone, note, price, vouchers and payment options, and confirms; then the booking-confirmed screen (booking
 * code, manage my appointments, add to calendar with the "added" flag, .ics download). Leaving releases the hold.
 * The server re-checks every rule; this island only shows them.
 */
import { useEffect, useMemo, useRef, useState, type ComponentType } from 'react';
import type { Contact, PopupProps } from '../account/FamilyProfiles';
import type { Locale } from '../../../i18n/locales';
import { interpolate } from '../../../i18n/interpolate';
import { onboardingPath, parseDoctorBookingQuery, parseOfferQuery, parseServiceBookingQuery, withChosenSlot } from '../../lib/booking-routes';
import { CALENDAR_FLAG_POLL_MS, calendarFlagKey, formatCountdown, holdAnnouncement, NOTE_MAX_LENGTH, CONTACT_PHONE_PATTERN, quote, quoteLines, remainingSeconds, voucherAllowed } from '../../lib/booking';
import { icsCalendar, icsFileName } from '../../lib/calendar-event';
import { formatMoney } from '../../lib/format';
import { PAYMENT_METHOD_KEYS, type PaymentMethod } from '../../lib/payments';
import type { Currency } from '../../../i18n/locales';
import { PAYMENT_STATE_KEYS, endedUnpaidKey, patientPaymentState, timeLeftText, type PatientPaymentState } from '../../lib/payment-state';
import { cancellationWording, hospitalInstantFormat } from '../../lib/cancellation-rule';
import { PatientZoneTime, VideoVisit } from '../VideoVisit';
import { accessToken } from './session';
import { localToday, pluralOf } from '../account/api';
import { api, BookingCallError, visitKey, type BookingView, type Me } from './api';

export interface BookingPageProps {
  locale: Locale;
  kind: 'doctor' | 'service';
  htmlLang: string;
  strings: Record<string, string>;
  hotline: string;
  email: string;
  manageUrl: string;
  homePath: string;
  calendarCallbackPath: string;
}

type Phase =
  | { name: 'loading' }
  | { name: 'bad-query' }
  | { name: 'failed'; message: string; pickAnother: string | null; retry: boolean }
  | { name: 'held'; view: BookingView; me: Me }
  | { name: 'awaiting'; view: BookingView }
  | { name: 'confirmed'; view: BookingView };

const REASON_KEYS: Record<string, string> = {
  'slot-mismatch': 'booking.flow.error.slotMismatch',
  'slot-gone': 'booking.flow.error.slotGone',
  'slot-full': 'booking.flow.error.slotFull',
  'hold-expired': 'booking.flow.error.holdExpired',
  'payment-not-allowed': 'booking.flow.error.paymentNotAllowed',
  'voucher-not-allowed': 'booking.flow.error.voucherNotAllowed',
  'family-unknown': 'booking.flow.error.familyUnknown',
  // A rebooking link of a "doctor unavailable" e-mail (issue 35).
  'offer-invalid': 'booking.flow.offerInvalid',
  'offer-used': 'booking.flow.offerUsed',
  'offer-expired': 'booking.flow.offerExpired',
};

export default function BookingPage(props: BookingPageProps) {
  const { locale, strings } = props;
  const plural = useMemo(() => new Intl.PluralRules(props.htmlLang), [props.htmlLang]);
  const t = (key: string, params?: Record<string, string | number>) => interpolate(strings[key] ?? key, params, (n) => plural.select(n));
  const [phase, setPhase] = useState<Phase>({ name: 'loading' });
  const token = useRef<string | null>(null);

  /** The translated message of a failed call (the campaign's own message is already in the patient's language). */
  const messageOf = (e: unknown): string => {
    if (!(e instanceof BookingCallError)) return t('booking.genericError');
    if (e.data?.reason === 'too-soon') return t('booking.slotNotAvailable', { bufferTime: e.data.bufferTime ?? 0 });
    if (e.data?.reason === 'campaign') return e.message;
    const key = e.data?.reason ? REASON_KEYS[e.data.reason] : undefined;
    return key ? t(key) : t('booking.genericError');
  };

  const toOnboarding = () => window.location.assign(onboardingPath(locale, window.location.pathname + window.location.search));

  async function open() {
    setPhase({ name: 'loading' });
    const search = new URLSearchParams(window.location.search);
    const bookingId = search.get('bookingId');
    // A rebooking link (issue 35): its token holds the offered slot; the rest is the normal page.
    const offer = props.kind === 'doctor' && search.has('offer') ? parseOfferQuery(search) : null;
    const query = props.kind === 'doctor' ? parseDoctorBookingQuery(search) : parseServiceBookingQuery(search);
    if (!bookingId && !query && !offer) return setPhase({ name: 'bad-query' });
    if (bookingId && !/^\d{1,15}$/.test(bookingId)) return setPhase({ name: 'bad-query' });
    const tk = await accessToken();
    if (!tk) return toOnboarding();
    token.current = tk;
    try {
      if (bookingId) {
        const view = await api<BookingView>(tk, `/api/bookings/${bookingId}`);
        return show(view, null);
      }
      const body = { kind: props.kind, ...query, idempotencyKey: visitKey(window.location.pathname + window.location.search) };
      const [me, view] = await Promise.all([api<Me>(tk, '/api/me'), offer ? api<BookingView>(tk, '/api/rebooking-offers/hold', { token: offer }) : api<BookingView>(tk, '/api/bookings/holds', body)]);
      if (!me.onboarding.onboarded) return toOnboarding();
      show(view, me);
    } catch (e) {
      if (e instanceof BookingCallError && (e.status === 401 || e.data?.reason === 'not-onboarded')) return toOnboarding();
      // Pick another slot on the date the patient chose (issue 38 item 23: the loser of a race went back to today).
      const page = e instanceof BookingCallError ? (e.data?.pickAnother ?? null) : null;
      const back = page && query ? withChosenSlot(page, { date: query.date, telemedicine: 'telemedicine' in query && query.telemedicine, slot: null }) : page;
      setPhase({ name: 'failed', message: messageOf(e), pickAnother: back, retry: !(e instanceof BookingCallError) || e.status === 0 || e.status >= 500 });
    }
  }

  async function show(view: BookingView, me: Me | null) {
    if (view.status === 'confirmed' || view.status === 'completed') return setPhase({ name: 'confirmed', view });
    if (view.status === 'awaiting-payment') return setPhase({ name: 'awaiting', view });
    if (view.status === 'hold') {
      const who = me ?? (await api<Me>(token.current!, '/api/me'));
      return setPhase({ name: 'held', view, me: who });
    }
    // Expired or cancelled: the hold (or an unpaid payment) ended; a payment cancelled on the provider's page is
    // said so, not "not completed in time".
    setPhase({ name: 'failed', message: t(endedUnpaidKey(paymentOf(view, Date.now()))), pickAnother: view.pagePath, retry: false });
  }

  useEffect(() => {
    void open();
    // Back to a page the browser kept (back/forward cache): its hold was released on leaving; hold it again.
    const restored = (e: PageTransitionEvent) => e.persisted && void open();
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, []);

  // Leaving the page (back, another address, closing the tab) releases a hold that is not being paid.
  useEffect(() => {
    if (phase.name !== 'held') return;
    const id = phase.view.id;
    const release = () => {
      if (!token.current) return;
      void fetch(`/api/bookings/${id}/release`, { method: 'POST', keepalive: true, headers: { authorization: `Bearer ${token.current}` } }).catch(() => undefined);
    };
    window.addEventListener('pagehide', release);
    return () => window.removeEventListener('pagehide', release);
  }, [phase.name === 'held' ? phase.view.id : null]);

  if (phase.name === 'loading') {
    return (
      <div className="bkp-card bkp-loading" role="status" aria-live="polite">
        <span className="bkp-spinner" aria-hidden="true" /> {t('booking.flow.loading')}
      </div>
    );
  }
  if (phase.name === 'bad-query' || phase.name === 'failed') {
    const message = phase.name === 'bad-query' ? t('booking.flow.badQuery') : phase.message;
    const pick = phase.name === 'failed' ? phase.pickAnother : null;
    return (
      <div className="bkp-card bkp-problem" data-testid="booking-problem">
        <p className="bkp-alert" role="alert" tabIndex={-1} ref={(el) => el?.focus({ preventScroll: true })}>{message}</p>
        <div className="bkp-actions">
          {pick ? <a className="bkp-btn bkp-primary" href={pick}>{t('booking.flow.pickAnother')}</a> : <a className="bkp-btn bkp-primary" href={props.homePath}>{t('booking.flow.pickAnother')}</a>}
          {phase.name === 'failed' && phase.retry ? <button type="button" className="bkp-btn" onClick={() => void open()}>{t('booking.retry')}</button> : null}
        </div>
      </div>
    );
  }
  if (phase.name === 'awaiting') return <Awaiting view={phase.view} t={t} token={token.current!} onSettled={(v) => void show(v, null)} />;
  if (phase.name === 'confirmed') return <Confirmed {...props} view={phase.view} t={t} token={token.current!} />;
  return (
    <HeldForm
      {...props}
      view={phase.view}
      me={phase.me}
      t={t}
      token={token.current!}
      messageOf={messageOf}
      onDone={(v) => void show(v, phase.me)}
      onLost={(e) => setPhase({ name: 'failed', message: messageOf(e), pickAnother: withChosenSlot(phase.view.pagePath, { date: phase.view.date, telemedicine: phase.view.appointmentType === 'telemedicine', slot: null }), retry: false })}
    />
  );
}

type T = (key: string, params?: Record<string, string | number>) => string;

/** The slot's end instant (its end time on the start's day; 24:00 is the next midnight). */
const endInstant = (view: BookingView): string => {
  const [sh, sm] = view.start.split(':').map(Number);
  const [eh, em] = view.end.split(':').map(Number);
  const minutes = eh * 60 + em - (sh * 60 + sm);
  return new Date(Date.parse(view.startsAt) + (minutes > 0 ? minutes : 30) * 60_000).toISOString();
};

/** What the patient reads of the booking's money (the one mapping of src/lib/payment-state). */
const paymentOf = (view: BookingView, now: number): PatientPaymentState =>
  patientPaymentState({ method: view.paymentMethod, bookingStatus: view.status === 'awaiting-payment' ? 'hold' : view.status, finalPrice: view.quote.final_price, currency: view.currency, payments: view.payments }, now);

function PaymentLine({ view, t, locale }: { view: BookingView; t: T; locale: Locale }) {
  const s = paymentOf(view, Date.now());
  const amount = 'amount' in s ? formatMoney(locale, s.amount, (s.currency || view.currency) as Currency) : '';
  return (
    <p className="bkp-muted" data-testid="booking-payment" data-state={s.state}>
      {t('booking.payment.state.label')}: {t(PAYMENT_STATE_KEYS[s.state], { amount })}
    </p>
  );
}

/** Until when the appointment can be cancelled or moved online, in hospital time (before or after confirming). */
function CancelRule({ view, t, htmlLang, phase, now }: { view: BookingView; t: T; htmlLang: string; phase: 'before' | 'after'; now: number }) {
  const format = useMemo(() => hospitalInstantFormat(htmlLang, view.timeZone), [htmlLang, view.timeZone]);
  const rule = cancellationWording(view.cancelUntil, now, phase, format);
  return (
    <p className={rule.open ? 'bkp-muted' : 'bkp-notice bkp-warn'} data-testid="cancel-rule" data-open={rule.open} role={rule.open ? undefined : 'note'}>
      {t(rule.key, rule.params)}
    </p>
  );
}

function Subject({ view, t, htmlLang }: { view: BookingView; t: T; htmlLang: string }) {
  const day = useMemo(() => new Intl.DateTimeFormat(htmlLang, { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${view.date}T00:00:00Z`)), [view.date, htmlLang]);
  const image = view.doctor?.avatar ?? view.service?.logo ?? null;
  const name = view.doctor?.name ?? view.service?.name ?? '';
  return (
    <>
      <div className="bkp-subject">
        {image ? <img className="bkp-avatar" src={image} alt="" width={64} height={64} /> : <span className="bkp-avatar bkp-avatar-empty" aria-hidden="true">{name.slice(0, 1)}</span>}
        <div>
          <h2 className="bkp-name">{name}</h2>
          {view.doctor?.specialties.length ? <p className="bkp-muted">{view.doctor.specialties.join(', ')}</p> : null}
        </div>
      </div>
      <dl className="bkp-facts">
        <div>
          <dt>{t('booking.flow.when')}</dt>
          <dd data-testid="booking-when">
            <strong>{day}</strong>, {view.start}–{view.end}
            <span className="bkp-muted bkp-block">{t('booking.flow.timeZoneNote', { zone: view.timeZoneCity })}</span>
            {view.appointmentType === 'telemedicine' ? <PatientZoneTime startsAt={view.startsAt} timeZone={view.timeZone} lang={htmlLang} t={t} className="bkp-muted bkp-block" /> : null}
          </dd>
        </div>
        <div>
          <dt>{t('booking.flow.hospital')}</dt>
          <dd>
            <strong>{view.hospital.name}</strong>
            {/* A video visit has no address to go to. */}
            {view.appointmentType === 'telemedicine' ? null : <span className="bkp-muted bkp-block" data-testid="hospital-address">{view.hospital.address}</span>}
          </dd>
        </div>
        <div>
          <dt>{t('booking.flow.type')}</dt>
          <dd>{view.appointmentType === 'service' ? t('booking.flow.serviceType') : t(view.appointmentType === 'telemedicine' ? 'booking.telemedicine' : 'booking.outpatient')}</dd>
        </div>
      </dl>
    </>
  );
}

interface FormProps extends BookingPageProps {
  view: BookingView;
  me: Me;
  t: T;
  token: string;
  messageOf(e: unknown): string;
  onDone(view: BookingView): void;
  onLost(e: unknown): void;
}

function HeldForm(props: FormProps) {
  const { view, me, t, locale } = props;
  const skew = useMemo(() => new Date(view.serverNow).getTime() - Date.now(), [view.serverNow]);
  const [left, setLeft] = useState(() => remainingSeconds(view.holdExpiresAt ?? 0, Date.now() + skew));
  // A hold may already say who, which phone and note (a rebooking link carries the cancelled visit's).
  const [forWhom, setForWhom] = useState<number | null>(view.familyMemberId);
  const [members, setMembers] = useState(me.familyMembers);
  // 'Add New Profile' opens the family popup here (SPEC §2; issue 38 item 18): leaving the page released the hold.
  // Its code is loaded on the press, so the booking page does not carry the form until it is asked for.
  const [AddPopup, setAddPopup] = useState<ComponentType<PopupProps> | null>(null);
  const openAdd = async () => {
    try {
      const m = await import('../account/FamilyProfiles');
      setAddPopup(() => m.ProfilePopup);
    } catch {
      setError(t('booking.genericError'));
    }
  };
  const added = (c: Contact) => {
    setMembers((list) => [...list, { id: c.id, name: c.name, relation: c.relation }]);
    setForWhom(c.id);
    setAddPopup(null);
    requestAnimationFrame(() => document.getElementById(`bkp-for-${c.id}`)?.focus());
  };
  const [phone, setPhone] = useState(view.contactPhone ?? me.profile?.phone ?? '');
  const [note, setNote] = useState(view.note ?? '');
  const [method, setMethod] = useState<PaymentMethod>(view.paymentOptions[0] as PaymentMethod);
  const [voucherId, setVoucherId] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [phoneError, setPhoneError] = useState(false);
  const money = (v: number) => formatMoney(locale, v, view.currency as Currency);
  // Focus starts on what is booked (issue 38 item 25: it stayed on the body), so a keyboard or screen reader
  // user begins at the booking rather than at the top of the page.
  const start = useRef<HTMLElement>(null);
  useEffect(() => start.current?.focus({ preventScroll: true }), []);
  const announce = holdAnnouncement(left);

  useEffect(() => {
    const timer = setInterval(() => {
      const s = remainingSeconds(view.holdExpiresAt ?? 0, Date.now() + skew);
      setLeft(s);
      if (s === 0) {
        clearInterval(timer);
        props.onLost(new BookingCallError('expired', 409, { reason: 'hold-expired' }));
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [view.holdExpiresAt, skew]);

  const options = view.paymentOptions as PaymentMethod[];
  const usable = view.vouchers.filter((v) => voucherAllowed(v, options, method));
  const offline = view.vouchers.filter((v) => v.communicationType === 'offline');
  const chosen = usable.find((v) => v.id === voucherId) ?? null;
  const q = quote({ ...view.priceInput, voucher: chosen });

  async function confirm(e: { preventDefault(): void }) {
    e.preventDefault();
    if (!CONTACT_PHONE_PATTERN.test(phone.trim())) {
      setPhoneError(true);
      document.getElementById('bkp-phone')?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const done = await api<BookingView>(props.token, `/api/bookings/${view.id}/confirm`, { familyMemberId: forWhom, contactPhone: phone.trim(), note: note.trim(), paymentMethod: method, voucherId: chosen?.id ?? null });
      if (done.status === 'awaiting-payment' && done.checkoutUrl) {
        window.location.assign(done.checkoutUrl);
        return;
      }
      props.onDone(done);
    } catch (err) {
      if (err instanceof BookingCallError && err.status === 409) return props.onLost(err);
      setError(props.messageOf(err));
      setBusy(false);
    }
  }

  return (
    <form className="bkp-layout" onSubmit={(e) => void confirm(e)} noValidate data-testid="booking-form" data-booking-id={view.id}>
      <div className="bkp-main">
        <p className={`bkp-hold${left < 60 ? ' is-ending' : ''}`} role="timer" aria-live="off" data-testid="booking-hold">
          {t('booking.flow.holdLeft', { time: formatCountdown(left) })}
        </p>
        {/* Heard politely when the time left drops under 5, 2 and 1 minutes and 30 seconds, never every second. */}
        <p className="visually-hidden" aria-live="polite" aria-atomic="true" data-testid="hold-announcement">
          {announce ? t(announce.unit === 'minute' ? 'booking.flow.holdAnnounce.minutes' : 'booking.flow.holdAnnounce.seconds', { count: announce.count }) : ''}
        </p>
        <section className="bkp-card" ref={start} tabIndex={-1} data-testid="booking-subject">
          <Subject view={view} t={t} htmlLang={props.htmlLang} />
          <a className="bkp-link" href={view.pagePath}>{t('booking.flow.changeSlot')}</a>
        </section>
        <section className="bkp-card">
          <fieldset className="bkp-field">
            <legend>{t('booking.flow.for')}</legend>
            <label className="bkp-choice">
              <input type="radio" name="for" checked={forWhom === null} onChange={() => setForWhom(null)} /> {t('booking.flow.myself', { name: me.profile?.name ?? '' })}
            </label>
            {members.map((f) => (
              <label className="bkp-choice" key={f.id}>
                <input type="radio" name="for" id={`bkp-for-${f.id}`} checked={forWhom === f.id} onChange={() => setForWhom(f.id)} /> {f.name}
              </label>
            ))}
            <button type="button" className="bkp-link bkp-link-button" onClick={() => void openAdd()} data-testid="add-profile">
              + {t('booking.flow.addProfile')}
            </button>
            {AddPopup ? (
              <AddPopup
                editing={{ mode: 'add' }}
                t={t}
                plural={pluralOf(props.strings, props.htmlLang)}
                today={localToday()}
                onClose={() => {
                  setAddPopup(null);
                  document.querySelector<HTMLElement>('[data-testid="add-profile"]')?.focus();
                }}
                onSaved={(c) => added(c)}
                signedOut={() => window.location.assign(onboardingPath(locale, window.location.pathname + window.location.search))}
              />
            ) : null}
          </fieldset>
          <div className="bkp-field">
            <label htmlFor="bkp-phone">{t('booking.flow.contactPhone')}</label>
            <input id="bkp-phone" className="bkp-input" type="tel" inputMode="tel" autoComplete="tel" value={phone} aria-invalid={phoneError} aria-describedby="bkp-phone-help"
              onInput={(e) => { setPhone((e.target as HTMLInputElement).value); setPhoneError(false); }} />
            <p id="bkp-phone-help" className={phoneError ? 'bkp-field-error' : 'bkp-muted'}>{phoneError ? t('booking.flow.phoneInvalid') : t('booking.flow.contactPhoneHelp')}</p>
          </div>
          <div className="bkp-field">
            <label htmlFor="bkp-note">{t('booking.flow.note')}</label>
            <textarea id="bkp-note" className="bkp-input bkp-textarea" rows={3} maxLength={NOTE_MAX_LENGTH} value={note} aria-describedby="bkp-note-count" onInput={(e) => setNote((e.target as HTMLTextAreaElement).value)} />
            <p id="bkp-note-count" className="bkp-muted bkp-count">{t('booking.flow.noteCount', { count: note.length, max: NOTE_MAX_LENGTH })}</p>
          </div>
        </section>
      </div>
      <aside className="bkp-side">
        <section className="bkp-card" aria-labelledby="bkp-price-title">
          <h2 id="bkp-price-title" className="bkp-h">{t('booking.flow.price')}</h2>
          {q.visible ? (
            <dl className="bkp-price" data-testid="booking-price">
              {quoteLines(q).map((l) => {
                const range = (from: number, to: number | null) => `${money(from)}${to != null ? ` – ${money(to)}` : ''}`;
                switch (l.key) {
                  case 'base':
                    return <div key={l.key} data-testid="price-base"><dt>{t(view.kind === 'doctor' ? 'booking.fee' : 'booking.servicePrice')}</dt><dd>{range(l.amount, l.amountTo)}</dd></div>;
                  case 'original':
                    return <div key={l.key}><dt>{t('booking.flow.originalPrice')}</dt><dd><s>{money(l.amount)}</s></dd></div>;
                  case 'promotion':
                    return <div key={l.key}><dt>{t('booking.flow.promotion', { percent: l.percent })}</dt><dd>-{money(l.amount)}</dd></div>;
                  case 'voucher':
                  case 'referral':
                    return <div key={l.key} data-testid={`price-${l.key}`}><dt>{t(l.key === 'voucher' ? 'booking.flow.voucherDiscount' : 'booking.flow.referralDiscount')}</dt><dd>-{money(l.amount)}</dd></div>;
                  case 'tax':
                    return <div key={l.key}><dt>{t('booking.flow.tax', { percent: l.percent })}</dt><dd>{money(l.amount)}</dd></div>;
                  case 'total':
                    return <div key={l.key} className="bkp-total"><dt>{t('booking.flow.total')}</dt><dd>{range(l.amount, l.amountTo)}</dd></div>;
                }
              })}
            </dl>
          ) : (
            <p className="bkp-muted">{t('booking.flow.priceAtHospital')}</p>
          )}
          {view.vouchers.length ? (
            <fieldset className="bkp-field">
              <legend>{t('booking.vouchers')}</legend>
              {usable.length ? (
                <>
                  <label className="bkp-choice"><input type="radio" name="voucher" checked={voucherId === null} onChange={() => setVoucherId(null)} /> {t('booking.flow.noVoucher')}</label>
                  {usable.map((v) => (
                    <label className="bkp-choice" key={v.id}>
                      <input type="radio" name="voucher" checked={voucherId === v.id} onChange={() => setVoucherId(v.id)} /> {v.name}
                    </label>
                  ))}
                </>
              ) : null}
              {offline.length ? (
                <>
                  <ul className="bkp-vouchers">{offline.map((v) => <li key={v.id}>{v.name}</li>)}</ul>
                  <p className="bkp-notice" data-testid="voucher-notice">{props.hotline ? t('booking.voucherNotice', { hotline: props.hotline, email: props.email }) : t('booking.voucherNoticeEmailOnly', { email: props.email })}</p>
                </>
              ) : null}
            </fieldset>
          ) : null}
          <fieldset className="bkp-field">
            <legend>{t('booking.flow.paymentMethod')}</legend>
            {options.map((m) => (
              <label className="bkp-choice" key={m}>
                <input type="radio" name="payment" value={m} checked={method === m} onChange={() => { setMethod(m); if (chosen && !voucherAllowed(chosen, options, m)) setVoucherId(null); }} /> {t(PAYMENT_METHOD_KEYS[m])}
              </label>
            ))}
          </fieldset>
          <CancelRule view={view} t={t} htmlLang={props.htmlLang} phase="before" now={Date.now() + skew} />
          {error ? <p className="bkp-alert" role="alert">{error}</p> : null}
          {/* The time left again beside Confirm: on a phone the countdown above is screens away (read once, above). */}
          <p className={`bkp-hold-near${left < 60 ? ' is-ending' : ''}`} aria-hidden="true" data-testid="hold-near-confirm">
            {t('booking.flow.holdNearConfirm', { time: formatCountdown(left) })}
          </p>
          <button type="submit" className="bkp-btn bkp-primary bkp-wide" disabled={busy} aria-busy={busy}>
            {busy ? t('booking.flow.confirming') : t('booking.flow.confirm')}
          </button>
        </section>
      </aside>
    </form>
  );
}

function Awaiting({ view, t, token, onSettled }: { view: BookingView; t: T; token: string; onSettled(v: BookingView): void }) {
  const skew = useMemo(() => new Date(view.serverNow).getTime() - Date.now(), [view.serverNow]);
  const [, tick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => tick((n) => n + 1), 1000);
    return () => clearInterval(timer);
  }, []);
  const pay = paymentOf(view, Date.now() + skew);
  useEffect(() => {
    const timer = setInterval(async () => {
      const v = await api<BookingView>(token, `/api/bookings/${view.id}`).catch(() => null);
      if (v && v.status !== 'awaiting-payment') {
        clearInterval(timer);
        onSettled(v);
      }
    }, 3000);
    return () => clearInterval(timer);
  }, [view.id]);
  return (
    <div className="bkp-card bkp-problem" data-testid="booking-awaiting">
      <p className="bkp-h" role="status">{t('booking.flow.awaitingPayment')}</p>
      {pay.state === 'awaiting' ? <p className="bkp-muted" data-testid="pay-time-left">{t('booking.payment.timeLeft', { time: timeLeftText(pay.secondsLeft) })}</p> : null}
      {view.checkoutUrl ? <a className="bkp-btn bkp-primary" href={view.checkoutUrl} data-testid="pay-now">{t('booking.payment.payNow')}</a> : null}
    </div>
  );
}

function Confirmed(props: BookingPageProps & { view: BookingView; t: T; token: string }) {
  const { view, t } = props;
  const flag = calendarFlagKey(view.id);
  const readFlag = () => {
    try {
      return localStorage.getItem(flag) !== null;
    } catch {
      return false;
    }
  };
  const [added, setAdded] = useState(readFlag);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  useEffect(() => {
    if (added) return;
    const timer = setInterval(() => readFlag() && setAdded(true), CALENDAR_FLAG_POLL_MS);
    return () => clearInterval(timer);
  }, [added]);

  async function addToCalendar() {
    // Opened now, inside the click, so the browser does not block it; pointed at the address once known.
    const tab = window.open('', '_blank');
    try {
      const q = new URLSearchParams({ bookingId: String(view.id), type: view.kind, returnUri: props.calendarCallbackPath });
      const { url } = await api<{ url: string }>(props.token, `/api/calendar/google-url?${q}`);
      if (tab) tab.location.href = url;
      else window.open(url, '_blank');
    } catch {
      tab?.close();
    }
  }

  function download() {
    const name = view.doctor?.name ?? view.service?.name ?? '';
    const ics = icsCalendar({
      uid: `${view.code}@booking`,
      title: t('booking.mail.eventTitle', { who: name }),
      description: `${t('booking.flow.bookingCode')}: ${view.code}\n${view.hospital.name}\n${view.appointmentType === 'telemedicine' ? (view.videoUrl ?? '') : view.hospital.address}`,
      location: view.appointmentType === 'telemedicine' ? (view.videoUrl ?? view.hospital.name) : `${view.hospital.name}, ${view.hospital.address}`,
      url: view.appointmentType === 'telemedicine' ? view.videoUrl : null,
      date: view.date,
      start: view.start,
      end: view.end,
      timeZone: view.timeZone,
      reminderMinutes: 60,
      stamp: new Date(),
    });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([ics], { type: 'text/calendar;charset=utf-8' }));
    a.download = icsFileName(view.code);
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  }

  return (
    <div className="bkp-card bkp-confirmed" data-testid="booking-confirmed">
      <div className="bkp-check" aria-hidden="true">✓</div>
      <h2 className="bkp-h bkp-title" tabIndex={-1} ref={heading}>{t('booking.flow.confirmedTitle')}</h2>
      <p className="bkp-muted">{t(view.appointmentType === 'telemedicine' ? 'booking.flow.confirmedLeadVideo' : 'booking.flow.confirmedLead')}</p>
      <p className="bkp-code">
        {t('booking.flow.bookingCode')}: <strong data-testid="booking-code">{view.code}</strong>
      </p>
      <Subject view={view} t={t} htmlLang={props.htmlLang} />
      {view.appointmentType === 'telemedicine' ? (
        <VideoVisit startsAt={view.startsAt} endsAt={endInstant(view)} timeZone={view.timeZone} videoUrl={view.videoUrl} lang={props.htmlLang} t={t} classes={{ box: 'bkp-video', primary: 'bkp-btn bkp-primary', muted: 'bkp-muted' }} />
      ) : null}
      <PaymentLine view={view} t={t} locale={props.locale} />
      <CancelRule view={view} t={t} htmlLang={props.htmlLang} phase="after" now={Date.now()} />
      <div className="bkp-actions">
        <a className="bkp-btn bkp-primary" href={props.manageUrl}>{t('booking.flow.manage')}</a>
        <button type="button" className="bkp-btn" disabled={added} onClick={() => void addToCalendar()} data-testid="add-to-calendar">
          {added ? t('booking.flow.added') : t('booking.flow.addToCalendar')}
        </button>
        <button type="button" className="bkp-btn" onClick={download} data-testid="download-ics">{t('booking.flow.downloadIcs')}</button>
      </div>
    </div>
  );
}
