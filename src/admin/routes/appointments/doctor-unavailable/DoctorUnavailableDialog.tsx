/**
 * "Doctor unavailable" (issue 35), for managers: the span (first and last hospital day) and the reason, then the
 * preview from the server ("N bookings will be cancelled, M patients told", each booking with Cancel or a move into
 * one of the doctor's free slots after the span), a confirmation, progress while the one server call runs, and the
 * result. Opened from the appointments toolbar (a doctor chosen) and the doctor's availability page.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { type SlotChoice, type UnavailableResult } from '../../../../lib/doctor-unavailable';
import { useMarkUnavailable, useUnavailablePreview } from '../../../data/doctor-unavailable/queries';
import { useT } from '../../../i18n';
import { useErrorText } from '../../../kit/LoadFailure';
import { useNotify } from '../../../kit/Notifications';
import { useTopBarDate } from '../../../shell/DateBar';
import './doctor-unavailable.css';

interface Props {
  doctorId: number;
  doctorName?: string;
  open: boolean;
  onOpenChange(open: boolean): void;
}

const CANCEL = 'cancel';

export function DoctorUnavailableDialog({ doctorId, doctorName, open, onOpenChange }: Props) {
  const { t, locale } = useT();
  const errorText = useErrorText();
  const notify = useNotify();
  // The day the screen shows (the top bar's), else today in the market's zone.
  const [initial] = useTopBarDate();
  const [from, setFrom] = useState(initial);
  const [to, setTo] = useState(initial);
  const [reason, setReason] = useState('');
  const [moves, setMoves] = useState<Record<number, number>>({});
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<UnavailableResult | null>(null);
  const spanOk = !!from && !!to && to >= from;
  const preview = useUnavailablePreview(doctorId, from, to, open && spanOk && !result);
  const mark = useMarkUnavailable(doctorId);
  const reasonOk = reason.trim().length >= 3 && reason.length <= 500;
  const p = preview.data;
  const toMove = p ? p.bookings.filter((b) => moves[b.id]).length : 0;
  const toCancel = p ? p.bookings.length - toMove : 0;
  const dayText = (d: string) => new Intl.DateTimeFormat(locale, { weekday: 'short', day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${d}T00:00:00Z`));
  const slotText = (s: SlotChoice) => `${dayText(s.date)} ${s.start}–${s.end}`;

  const close = (o: boolean) => {
    if (mark.isPending) return;
    onOpenChange(o);
    if (!o) {
      setResult(null);
      setConfirming(false);
      setMoves({});
      mark.reset();
    }
  };

  const run = () =>
    mark.mutate(
      { from, to, reason: reason.trim(), moves: Object.entries(moves).map(([bookingId, slotId]) => ({ bookingId: Number(bookingId), slotId })) },
      {
        onSuccess: (r) => {
          setResult(r.result);
          setConfirming(false);
          notify('success', r.messages[0] ?? t('admin.unavailable.done'));
        },
        onError: () => setConfirming(false),
      },
    );

  return (
    <Dialog.Root open={open} onOpenChange={close}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog dialog-wide unavailable" data-testid="doctor-unavailable-dialog" aria-describedby="unavailable-lead">
          <Dialog.Title className="dialog-title">{t('admin.unavailable.title', { name: doctorName ?? p?.doctor.name ?? '' })}</Dialog.Title>
          <p id="unavailable-lead" className="dialog-text">
            {t('admin.unavailable.lead')}
          </p>
          {result ? (
            <div role="status" className="unavailable-result" data-testid="unavailable-result">
              <h3>{t('admin.unavailable.resultTitle')}</h3>
              <ul>
                <li>{t('admin.unavailable.result.cancelled', { count: result.cancelled })}</li>
                {result.moved ? <li>{t('admin.unavailable.result.moved', { count: result.moved })}</li> : null}
                <li>{t('admin.unavailable.result.told', { count: result.patientsTold })}</li>
                {result.refunds ? <li>{t('admin.unavailable.result.refunds', { count: result.refunds })}</li> : null}
                <li>{t('admin.unavailable.result.slots', { count: result.slotsClosed })}</li>
              </ul>
              <div className="dialog-actions">
                <Dialog.Close asChild>
                  <button type="button" className="btn btn-primary">
                    {t('admin.unavailable.close')}
                  </button>
                </Dialog.Close>
              </div>
            </div>
          ) : (
            <form
              onSubmit={(e) => {
                e.preventDefault();
                if (p && reasonOk) setConfirming(true);
              }}
              noValidate
            >
              <div className="unavailable-span">
                <label className="field">
                  <span className="field-label">{t('admin.unavailable.from')}</span>
                  <input type="date" className="input" value={from} min={p?.doctor.today} required onChange={(e) => { setFrom(e.target.value); if (to < e.target.value) setTo(e.target.value); setMoves({}); setConfirming(false); }} />
                </label>
                <label className="field">
                  <span className="field-label">{t('admin.unavailable.to')}</span>
                  <input type="date" className="input" value={to} min={from} required onChange={(e) => { setTo(e.target.value); setMoves({}); setConfirming(false); }} />
                </label>
              </div>
              <label className="field">
                <span className="field-label">{t('admin.unavailable.reason')}</span>
                <textarea className="input" rows={2} maxLength={500} value={reason} aria-invalid={reason !== '' && !reasonOk} aria-describedby="unavailable-reason-hint" onChange={(e) => setReason(e.target.value)} />
                <span id="unavailable-reason-hint" className="field-hint">
                  {t('admin.unavailable.reasonHint')}
                </span>
              </label>
              {!spanOk ? (
                <p className="alert alert-danger" role="alert">
                  {t('admin.unavailable.spanReversed')}
                </p>
              ) : preview.isPending ? (
                <p role="status" className="field-hint">
                  {t('admin.unavailable.loading')}
                </p>
              ) : preview.isError ? (
                <p className="alert alert-danger" role="alert">
                  {errorText(preview.error)}
                </p>
              ) : p ? (
                <section aria-labelledby="unavailable-preview" className="unavailable-preview" data-testid="unavailable-preview">
                  <h3 id="unavailable-preview" aria-live="polite">
                    {t('admin.unavailable.summary.bookings', { count: toCancel })} {t('admin.unavailable.summary.patients', { count: p.patients })}
                  </h3>
                  <p className="field-hint">
                    {toMove ? `${t('admin.unavailable.summary.moved', { count: toMove })} ` : ''}
                    {t('admin.unavailable.summary.slots', { count: p.openSlots })}
                    {p.holds ? ` ${t('admin.unavailable.summary.holds', { count: p.holds })}` : ''}
                  </p>
                  {p.bookings.length ? (
                    <ul className="unavailable-list">
                      {p.bookings.map((b) => {
                        const targets = p.moveTargets[b.kind];
                        return (
                          <li key={b.id}>
                            <span>
                              <strong>{b.code}</strong> · {dayText(b.date)} {b.start}–{b.end} · {b.familyName ?? b.patientName ?? '—'}
                              {b.paidOnline ? <span className="badge badge-yellow">{t('admin.unavailable.refund')}</span> : null}
                            </span>
                            <label>
                              <span className="sr-only">{t('admin.unavailable.choiceFor', { code: b.code })}</span>
                              <select className="input" value={moves[b.id] ?? CANCEL} onChange={(e) => setMoves((m) => { const next = { ...m }; if (e.target.value === CANCEL) delete next[b.id]; else next[b.id] = Number(e.target.value); return next; })}>
                                <option value={CANCEL}>{t('admin.unavailable.cancelIt')}</option>
                                {targets.filter((s) => s.slotId === moves[b.id] || !Object.values(moves).includes(s.slotId)).map((s) => (
                                  <option key={s.slotId} value={s.slotId}>
                                    {t('admin.unavailable.moveTo', { when: slotText(s) })}
                                  </option>
                                ))}
                              </select>
                            </label>
                          </li>
                        );
                      })}
                    </ul>
                  ) : (
                    <p>{t('admin.unavailable.none')}</p>
                  )}
                </section>
              ) : null}
              {mark.isError ? (
                <p className="alert alert-danger" role="alert">
                  {errorText(mark.error)}
                </p>
              ) : null}
              {mark.isPending ? (
                <div role="status" className="unavailable-progress">
                  <progress aria-label={t('admin.unavailable.working', { count: p?.bookings.length ?? 0 })} />
                  <span>{t('admin.unavailable.working', { count: p?.bookings.length ?? 0 })}</span>
                </div>
              ) : confirming && p ? (
                <div className="alert alert-info unavailable-confirm" role="alertdialog" aria-labelledby="unavailable-confirm-text">
                  <p id="unavailable-confirm-text">{t('admin.unavailable.confirmText', { count: p.bookings.length })}</p>
                  <div className="dialog-actions">
                    <button type="button" className="btn" onClick={() => setConfirming(false)}>
                      {t('admin.unavailable.back')}
                    </button>
                    <button type="button" className="btn btn-danger" onClick={run} autoFocus>
                      {t('admin.unavailable.confirm')}
                    </button>
                  </div>
                </div>
              ) : (
                <div className="dialog-actions">
                  <Dialog.Close asChild>
                    <button type="button" className="btn">
                      {t('admin.unavailable.keep')}
                    </button>
                  </Dialog.Close>
                  <button type="submit" className="btn btn-primary" disabled={!p || !reasonOk}>
                    {t('admin.unavailable.continue')}
                  </button>
                </div>
              )}
            </form>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
