/**
 * The booking card of the doctor and service pages (SPEC §2, §4; issue #6 item 3): consultation type (a doctor
 * with both), date strip, part-of-day tabs, slot grid, price line, voucher badges and Continue Booking. When the
 * visitor scrolls past it a second, sticky copy with the same state appears (desktop: beside the vi-VN ad).
 */
import { useEffect, useId, useMemo, useReducer, useRef, useState } from 'react';
import { AD_SIZES, adSlotAttributes, adSlotSpec, type AdSlotSpec } from '../../lib/ads';
import type { Locale } from '../../../i18n/locales';
import { doctorBookingPath, readChosenSlot, serviceBookingPath } from '../../lib/booking-routes';
import { initialSlotSelection, primaryButton, slotSelectionReducer } from '../../lib/slot-selection';
import { rememberZoneOffsets, todayInZone, type ZoneOffsets } from '../../lib/hospital-time';
import { PARTS_OF_DAY as PARTS, validateSlot } from '../../lib/slots';
import { SlotArea, Spinner, useContinueFlow } from './SlotArea';
import { useSchedule } from './useSchedule';
import { translatorOf, type ScheduleSource, type Strings } from './shared';
import { formatDateLabel, type CalendarLabels } from '../../lib/calendar-labels';

type Mode = 'outpatient' | 'telemedicine' | 'service';

export interface PriceLine {
  text: string;
  originalText: string | null;
}

export interface Voucher {
  code: string;
  /** Badge label; 'Voucher applicable' when empty. */
  label: string | null;
}

export interface BookingCardProps {
  locale: Locale;
  /** Date labels laid out at build time (no Intl start-up while the card hydrates). */
  labels: CalendarLabels;
  strings: Strings;
  kind: 'doctor' | 'service';
  id: number;
  /** The hospital's IANA zone, and its UTC offsets around the build (today's date without Intl). */
  zone: string;
  zoneOffsets: ZoneOffsets;
  /** Modes offered, in order (doctor: outpatient and/or telemedicine; service: service). */
  modes: Mode[];
  buffers: Partial<Record<Mode, number>>;
  /** Price line per mode; absent when the price is hidden (SPEC §5). */
  prices: Partial<Record<Mode, PriceLine>>;
  /** Vouchers per mode, already through the code-31 rule for that mode's payment options. */
  vouchers: Partial<Record<Mode, Voucher[]>>;
  voucherNotice: string;
  babyFormulaCampaign: boolean;
  /** vi-VN: the 300×250 / 300×600 ad beside the sticky copy on desktop. */
  ads: boolean;
  profileUrl: string;
}

export default function BookingCard(props: BookingCardProps) {
  const { locale, labels, strings, kind, id, zone, modes } = props;
  rememberZoneOffsets(props.zoneOffsets);
  const t = translatorOf(strings);
  const [mode, setMode] = useState<Mode>(modes[0]);
  const source: ScheduleSource = mode === 'service' ? { kind: 'service', serviceId: id } : { kind: mode, doctorId: id };
  // The date chosen before (read after hydration: the static page has no query), which the strip must hold.
  const [reach, setReach] = useState<string | null>(null);
  const schedule = useSchedule(source, zone, props.buffers[mode] ?? 0, reach);
  const [selection, dispatch] = useReducer(slotSelectionReducer, undefined, () => initialSlotSelection(todayInZone(Date.now(), zone)));
  const flow = useContinueFlow(locale, t, props.profileUrl);
  const mainRef = useRef<HTMLDivElement>(null);
  const [stuck, setStuck] = useState(false);
  // Once shown, the sticky copy stays mounted (hidden while the card is in view): its ad is defined only once.
  const [stickyMounted, setStickyMounted] = useState(false);
  if (stuck && !stickyMounted) setStickyMounted(true);
  const uid = useId().replace(/:/g, '');
  const ad = useMemo(() => (props.ads ? adSlotSpec(locale, { position: 'booking_card', page: kind, sizes: AD_SIZES.besideBookingCard, targeting: { id: String(id) } }) : null), [props.ads, locale, kind, id]);

  // Back from a lost slot race or a sign-in (issue 38 items 22, 23): open on the chosen date, with its slot
  // chosen again while the schedule still offers it.
  const chosen = useRef<ReturnType<typeof readChosenSlot>>(null);
  useEffect(() => {
    const c = readChosenSlot(window.location.search);
    if (!c) return;
    chosen.current = c;
    setReach(c.date);
    const m: Mode = kind === 'service' ? 'service' : c.telemedicine ? 'telemedicine' : 'outpatient';
    if (modes.includes(m)) setMode(m);
    dispatch({ type: 'dayChanged', date: c.date, days: [] });
  }, []);

  useEffect(() => {
    if (schedule.status !== 'ready') return;
    dispatch({ type: 'scheduleLoaded', days: schedule.days });
    const c = chosen.current;
    if (!c || (kind === 'doctor' && (mode === 'telemedicine') !== c.telemedicine)) return;
    chosen.current = null;
    const slot = c.slot === null ? undefined : PARTS.flatMap((p) => schedule.days.find((d) => d.workingDay === c.date)?.workingTimes[p] ?? []).find((s) => s.schedule_id === c.slot);
    if (slot) dispatch({ type: 'slotPicked', slot: { ...slot, workingDay: c.date }, validation: validateSlot(c.date, slot.started, { zone: schedule.zone, now: Date.now(), bufferMinutes: schedule.bufferTime }) });
  }, [schedule.status, schedule.days]);

  // The sticky copy shows once the whole card is above the viewport. The observed area reaches far below the
  // viewport, so a jump from below the card to past it (the End key, a long swipe) still changes what intersects.
  useEffect(() => {
    const el = mainRef.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver(([e]) => setStuck(!e.isIntersecting && e.boundingClientRect.bottom < 0), { rootMargin: '0px 0px 100000px 0px' });
    io.observe(el);
    return () => io.disconnect();
  }, []);

  const changeMode = (m: Mode) => {
    if (m === mode) return;
    setMode(m);
    setReach(null);
    // Changing the consultation type starts again from today.
    dispatch({ type: 'cleared' });
    dispatch({ type: 'dayChanged', date: todayInZone(Date.now(), zone), days: [] });
  };

  const loading = schedule.status === 'loading';
  const button = primaryButton(selection, schedule.days);

  const onPrimary = async (fromSticky: boolean) => {
    if (button.key === 'booking.seeNearest') {
      dispatch({ type: 'seeNearest', days: schedule.days });
      return;
    }
    const slot = selection.slot;
    if (!slot) return;
    const validation = validateSlot(slot.workingDay, slot.started, { zone: schedule.zone, now: Date.now(), bufferMinutes: schedule.bufferTime });
    if (!validation.valid) {
      dispatch({ type: 'slotPicked', slot, validation });
      if (fromSticky) window.scrollTo({ top: 0, behavior: 'smooth' });
      return;
    }
    const bookingPath =
      kind === 'doctor'
        ? doctorBookingPath(locale, { doctorId: id, date: slot.workingDay, scheduleId: slot.schedule_id, telemedicine: mode === 'telemedicine' })
        : serviceBookingPath(locale, { serviceId: id, date: slot.workingDay, scheduleId: slot.schedule_id });
    await flow.run({ validation, bookingPath, babyFormulaCampaign: kind === 'doctor' && props.babyFormulaCampaign, telemedicine: mode === 'telemedicine', doctorId: kind === 'doctor' ? id : null });
  };

  const price = props.prices[mode];
  const vouchers = props.vouchers[mode] ?? [];

  const body = (copy: 'main' | 'sticky') => (
    <>
      {modes.length > 1 && (
        <div className="bk-modes" role="group" aria-label={t('booking.mode')}>
          {modes.map((m) => (
            <button key={m} type="button" className={`bk-mode${m === mode ? ' is-active' : ''}`} aria-pressed={m === mode} onClick={() => changeMode(m)}>
              {t(`booking.${m}`)}
            </button>
          ))}
        </div>
      )}
      {selection.error && (
        <div className="bk-alert bk-danger" role="alert" data-testid="slot-error">
          {t('booking.slotNotAvailable', { bufferTime: selection.error.error.params.bufferTime })}
          <button type="button" className="bk-alert-close" aria-label={t('booking.close')} onClick={() => dispatch({ type: 'errorDismissed' })}>
            ×
          </button>
        </div>
      )}
      {flow.failed && (
        <div className="bk-alert bk-danger" role="alert">
          {flow.failed}
        </div>
      )}
      {schedule.status === 'error' ? (
        <div className="bk-empty" role="alert">
          <p>{t('booking.loadError')}</p>
          <button type="button" className="bk-button bk-secondary" onClick={schedule.retry}>
            {t('booking.retry')}
          </button>
        </div>
      ) : (
        <SlotArea
          subject={kind}
          idPrefix={`${uid}-${copy}`}
          labels={labels}
          days={schedule.days}
          zone={schedule.zone}
          until={schedule.until}
          loading={loading}
          bufferTime={schedule.bufferTime}
          selection={selection}
          dispatch={dispatch}
          t={t}
          onValidPick={flow.onValidPick}
        />
      )}
      {price && (
        <p className="bk-price" data-testid="price-line">
          <span className="bk-price-label">{t(kind === 'doctor' ? 'booking.fee' : 'booking.servicePrice')}</span>
          <span className="bk-price-value">
            {price.originalText && <s className="bk-price-original">{price.originalText}</s>} <strong>{price.text}</strong>
          </span>
        </p>
      )}
      {vouchers.length > 0 && (
        <ul className="bk-vouchers" aria-label={t('booking.vouchers')} title={props.voucherNotice}>
          {vouchers.map((v) => (
            <li key={v.code} className="bk-voucher" data-testid="voucher-badge">
              <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true"><path d="M3 7h18v3a2 2 0 000 4v3H3v-3a2 2 0 000-4z" fill="currentColor" /></svg>
              {v.label || t('booking.voucherApplicable')}
            </li>
          ))}
        </ul>
      )}
      <button
        type="button"
        className="bk-button bk-primary bk-continue"
        disabled={loading || flow.loading || !button.enabled}
        aria-busy={flow.loading}
        onClick={() => void onPrimary(copy === 'sticky')}
        data-testid={copy === 'main' ? 'continue-booking' : 'continue-booking-sticky'}
      >
        {flow.loading && <Spinner />}
        {flow.loading ? t('booking.checking') : t(button.key)}
      </button>
    </>
  );

  const summary = selection.slot
    ? t('booking.selected', { date: formatDateLabel(labels, 'selected', selection.slot.workingDay), time: selection.slot.started })
    : null;

  return (
    <div className="bk-card-host" data-testid="booking-card" data-ready={schedule.status === 'ready' ? 'true' : undefined}>
      <section className="bk-card" ref={mainRef} aria-labelledby={`${uid}-title`}>
        <h2 id={`${uid}-title`} className="bk-card-title">
          {t('booking.title')}
        </h2>
        {body('main')}
      </section>
      {stickyMounted && (
        <div className="bk-sticky" data-testid="booking-card-sticky" hidden={!stuck}>
          {/* Not a second landmark of the same name: the sticky copy repeats the card above. */}
          <div className="bk-card bk-card-sticky">
            <div className="bk-sticky-full">{body('sticky')}</div>
            <div className="bk-sticky-bar">
              <span className="bk-sticky-summary">{summary ?? price?.text ?? t('booking.title')}</span>
              <button
                type="button"
                className="bk-button bk-primary"
                disabled={flow.loading}
                onClick={() => (selection.slot ? void onPrimary(true) : mainRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }))}
              >
                {flow.loading && <Spinner />}
                {selection.slot ? t('booking.continue') : t('booking.selectTime')}
              </button>
            </div>
          </div>
          {ad && <BookingAd spec={ad} boxId={`ad-booking-${uid}`} label={t('booking.advertisement')} />}
        </div>
      )}
      {flow.dialogs}
    </div>
  );
}

/**
 * The 300×250 / 300×600 ad beside the sticky card (SPEC §2, §9; desktop, vi-VN only): the ad module's slot
 * (src/lib/ads data attributes), defined through src/scripts/ads.ts once it is on screen. Space is reserved by
 * CSS; the module is loaded only on pages whose locale runs ads.
 */
function BookingAd({ spec, boxId, label }: { spec: AdSlotSpec; boxId: string; label: string }) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (el) void import('../../scripts/ads').then((m) => m.showAdSlot(el));
  }, []);
  return (
    <aside ref={ref} className="bk-ad" aria-label={label} data-testid="booking-ad" {...adSlotAttributes(spec)}>
      <span className="ad-label">{label}</span>
      <div className="ad-box" id={boxId} />
    </aside>
  );
}
