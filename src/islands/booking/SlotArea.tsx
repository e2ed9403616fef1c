/**
 * Date strip + part-of-day tabs + slot grid over one schedule, driven by the slot-selection rules
 * (src/lib/slot-selection), and the Continue Booking flow with its alert and dialogs. Used by the booking card
 * and the quick-booking widget.
 */
import { useRef, useState, type Dispatch } from 'react';
import type { Locale } from '../../../i18n/locales';
import { findDay, validateSlot, type ScheduleDay, type TimeSlot } from '../../lib/slots';
import { slotPanel, type SlotSelectionAction, type SlotSelectionState } from '../../lib/slot-selection';
import { DateStrip } from './DateStrip';
import { SlotPicker } from './SlotPicker';
import { Dialog } from './Dialog';
import { continueBooking, socialLoginWarning, type ContinueInput } from './continueBooking';
import { stripDates } from './useSchedule';
import type { CalendarLabels } from '../../lib/calendar-labels';

interface AreaProps {
  idPrefix: string;
  labels: CalendarLabels;
  days: ScheduleDay[];
  zone: string;
  until: string;
  loading: boolean;
  bufferTime: number;
  selection: SlotSelectionState;
  dispatch: Dispatch<SlotSelectionAction>;
  t(key: string, params?: Record<string, string | number>): string;
  /** Called after a valid pick (the social-login warning check). */
  onValidPick?(): void;
  /** Whose schedule it is: a service's empty schedule has its own wording. */
  subject?: 'doctor' | 'service';
}

export function SlotArea({ idPrefix, labels, days, zone, until, loading, bufferTime, selection, dispatch, t, onValidPick, subject = 'doctor' }: AreaProps) {
  const slotsRef = useRef<HTMLDivElement>(null);
  const day = selection.date ? findDay(days, selection.date) : undefined;
  const panel = slotPanel(selection, days, subject);
  const pickDate = (date: string) => {
    dispatch({ type: 'dayChanged', date, days });
    focusSlots(slotsRef.current);
  };
  const pick = (s: TimeSlot) => {
    if (!selection.date) return;
    const validation = validateSlot(selection.date, s.started, { zone, now: Date.now(), bufferMinutes: bufferTime });
    dispatch({ type: 'slotPicked', slot: { ...s, workingDay: selection.date }, validation });
    if (validation.valid) onValidPick?.();
  };
  return (
    <>
      <DateStrip labels={labels} dates={stripDates(days, zone, until)} selected={selection.date} loading={loading} onSelect={pickDate} t={t} />
      <SlotPicker
        ref={slotsRef}
        idPrefix={idPrefix}
        labels={labels}
        day={day}
        panel={panel}
        partOfDay={selection.partOfDay}
        selected={selection.slot}
        loading={loading}
        onPart={(p) => dispatch({ type: 'partChanged', partOfDay: p })}
        onPick={pick}
        t={t}
      />
    </>
  );
}

/** Continue Booking with its loading state, the slot-too-soon alert and the campaign / social-login dialogs. */
export function useContinueFlow(locale: Locale, t: AreaProps['t'], profileUrl: string) {
  const [loading, setLoading] = useState(false);
  const [campaign, setCampaign] = useState<{ message: string; okPath: string | null; changePhonePath: string | null } | null>(null);
  const [warning, setWarning] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const picked = useRef(false);

  const run = async (input: Omit<ContinueInput, 'locale'>): Promise<'slotError' | 'done'> => {
    if (!input.validation.valid) return 'slotError';
    setLoading(true);
    setFailed(null);
    try {
      const out = await continueBooking({ ...input, locale });
      if (out.type === 'slotError') {
        setLoading(false);
        return 'slotError';
      }
      if (out.type === 'campaignDialog') {
        setLoading(false);
        setCampaign({ message: out.message, okPath: out.okPath, changePhonePath: out.changePhonePath });
      }
      // 'navigated': the button keeps loading until the next page replaces this one.
    } catch (e) {
      setLoading(false);
      setFailed(e instanceof Error && e.message ? e.message : t('booking.genericError'));
    }
    return 'done';
  };

  const onValidPick = () => {
    const first = !picked.current;
    picked.current = true;
    void socialLoginWarning(first).then((w) => w && setWarning(true));
  };

  const dialogs = (
    <>
      <Dialog
        open={campaign !== null}
        title={t('booking.campaignTitle')}
        onClose={() => setCampaign(null)}
        testId="campaign-dialog"
        actions={
          <>
            {campaign?.changePhonePath && (
              <a className="bk-button bk-secondary" href={campaign.changePhonePath} data-testid="campaign-change-phone">
                {t('campaign.changePhone')}
              </a>
            )}
            <button
              type="button"
              className="bk-button bk-primary"
              onClick={() => {
                const path = campaign?.okPath;
                setCampaign(null);
                if (path) {
                  setLoading(true);
                  window.location.assign(path);
                }
              }}
            >
              {t('campaign.ok')}
            </button>
          </>
        }
      >
        <p>{campaign?.message}</p>
      </Dialog>
      <Dialog
        open={warning}
        title={t('booking.title')}
        onClose={() => setWarning(false)}
        testId="social-login-warning"
        actions={
          <>
            <a className="bk-button bk-secondary" href={profileUrl} target="_blank" rel="noopener" onClick={() => setWarning(false)}>
              {t('booking.goToProfile')}
            </a>
            <button type="button" className="bk-button bk-primary" onClick={() => setWarning(false)}>
              {t('booking.continue')}
            </button>
          </>
        }
      >
        <p>{t('booking.socialLoginWarning')}</p>
      </Dialog>
    </>
  );
  return { loading, failed, run, onValidPick, dialogs };
}

/** After a date is picked, focus moves to its slots (a screen reader hears the date and the first choices). */
export function focusSlots(container: HTMLElement | null | undefined) {
  requestAnimationFrame(() => {
    const first = container?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"], .bk-slot');
    (first ?? container)?.focus();
  });
}

export function Spinner() {
  return <span className="bk-spinner" aria-hidden="true" />;
}
