/**
 * The detail panel of one appointment (row or code click, the bell's booking entries): everything of the row plus
 * note, contact phone (masked; 'Show' reveals it and the server records who read it), voucher and price lines,
 * payment events and the booking's history; the front desk's actions with their dialogs (cancel with a reason,
 * no-show excused or not, reschedule into a free slot of the same doctor or service).
 */
import { JOIN_OPENS_MINUTES_BEFORE, joinState } from '../../../../lib/video-visit';
import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import type { AppointmentAction, AppointmentDetail, HistoryEntry } from '../../../../lib/admin-appointments';
import { validReason } from '../../../../lib/admin-appointments';
import { isRole, roleLabelMessage } from '../../../../lib/roles';
import { useAppointment, useAppointmentAction, useReschedule, useRescheduleSlots, revealBookingPhone } from '../../../data/appointments/queries';
import { useT, type AdminKey, type Translator } from '../../../i18n';
import { useErrorText } from '../../../kit/LoadFailure';
import { useNotify } from '../../../kit/Notifications';
import { Spinner } from '../../../kit/Spinner';
import { instantText, kindText, methodText, moneyText, patientLine, paymentText, STATUS_COLOUR, statusText, whenText, zoneText } from './labels';

export const ACTION_LABEL: Record<AppointmentAction, AdminKey> = {
  confirm: 'admin.appointments.action.confirm',
  check_in: 'admin.appointments.action.checkIn',
  complete: 'admin.appointments.action.complete',
  no_show: 'admin.appointments.action.noShow',
  cancel: 'admin.appointments.action.cancel',
  reschedule: 'admin.appointments.action.reschedule',
};

function historyText(tr: Translator, h: HistoryEntry): string {
  const { t } = tr;
  if (h.action === 'INSERT') return t('admin.appointments.history.created');
  if (h.action === 'READ') return t('admin.appointments.history.phoneRead');
  if (h.checkedIn) return t('admin.appointments.history.checkedIn');
  if (h.status && h.previousStatus && h.status !== h.previousStatus) {
    const to = t(`admin.appointments.status.${h.status}` as AdminKey);
    return h.reason ? t('admin.appointments.history.statusWithReason', { status: to, reason: h.reason }) : t('admin.appointments.history.status', { status: to });
  }
  return t('admin.appointments.history.changed');
}

function byText(tr: Translator, h: HistoryEntry): string {
  if (h.actorName) return tr.t('admin.appointments.history.by', { name: h.actorName, role: h.actorRole && isRole(h.actorRole) ? tr.tm(roleLabelMessage(tr.locale, h.actorRole)) : '' });
  if (h.actorRole === 'authenticated') return tr.t('admin.appointments.history.byPatient');
  return tr.t('admin.appointments.history.bySystem');
}

export type Pending = { kind: 'cancel' | 'no_show' | 'reschedule'; a: AppointmentDetail } | null;

export function AppointmentPanel({ id, onClose, onFilterDoctor }: { id: number | null; onClose: () => void; onFilterDoctor: (id: number) => void }) {
  const tr = useT();
  const { t } = tr;
  const q = useAppointment(id);
  const action = useAppointmentAction();
  const notify = useNotify();
  const errorText = useErrorText();
  const [phone, setPhone] = useState<{ id: number; value: string | null } | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const a = q.data;

  const run = (act: AppointmentAction) => {
    if (!a) return;
    if (act === 'cancel' || act === 'no_show' || act === 'reschedule') return setPending({ kind: act, a });
    action.mutate({ id: a.id, action: act }, { onSuccess: (r) => notify('success', r.messages[0] ?? t(ACTION_LABEL[act])), onError: (e) => notify('danger', errorText(e)) });
  };
  const reveal = async () => {
    if (!a) return;
    try {
      setPhone({ id: a.id, value: await revealBookingPhone(a.id) });
    } catch (e) {
      notify('danger', errorText(e));
    }
  };

  return (
    <>
      <Dialog.Root open={id != null} onOpenChange={(o) => !o && onClose()}>
        <Dialog.Portal>
          <Dialog.Overlay className="dialog-overlay" />
          <Dialog.Content className="panel" aria-describedby={undefined}>
            <div className="panel-head">
              <Dialog.Title className="dialog-title">{a ? t('admin.appointments.detail.title', { code: a.code }) : t('admin.appointments.detail.loading')}</Dialog.Title>
              <Dialog.Close asChild>
                <button type="button" className="icon-btn" aria-label={t('admin.appointments.detail.close')}>
                  ×
                </button>
              </Dialog.Close>
            </div>
            {q.isPending ? (
              <Spinner />
            ) : q.isError ? (
              <p className="alert alert-danger" role="alert">
                {errorText(q.error)}
              </p>
            ) : a ? (
              <div className="panel-body" data-testid="appointment-panel">
                <p>
                  <span className={`badge badge-${STATUS_COLOUR[a.status]}`} data-testid="panel-status">
                    {statusText(tr, a.status)}
                  </span>{' '}
                  {a.checkedIn ? <span className="badge badge-green">{t('admin.appointments.checkedIn')}</span> : null}{' '}
                  {a.status === 'no_show' && a.noShowExcused ? <span className="badge">{t('admin.appointments.excused')}</span> : null}
                </p>
                {a.actions.length ? (
                  <div className="panel-actions" role="group" aria-label={t('admin.appointments.actionsFor', { code: a.code })}>
                    {a.actions.map((act) => (
                      <button key={act} type="button" className={act === 'cancel' || act === 'no_show' ? 'btn btn-small btn-danger-outline' : 'btn btn-small btn-primary'} disabled={action.isPending} onClick={() => run(act)}>
                        {t(ACTION_LABEL[act])}
                      </button>
                    ))}
                  </div>
                ) : null}
                {a.videoRoomUrl ? <VideoVisitLink url={a.videoRoomUrl} startsAt={a.startsAt} endsAt={a.endsAt} /> : null}
                <dl className="facts">
                  <dt>{t('admin.appointments.col.when')}</dt>
                  <dd>
                    {whenText(tr, a).day} · {whenText(tr, a).time} <span className="cell-caption">{zoneText(tr, a.timeZone, a.startsAt)}</span>
                  </dd>
                  <dt>{t('admin.appointments.col.patient')}</dt>
                  <dd>
                    {patientLine(tr, a).name}
                    {patientLine(tr, a).caption ? <span className="cell-caption">{patientLine(tr, a).caption}</span> : null}
                  </dd>
                  <dt>{t('admin.appointments.detail.phone')}</dt>
                  <dd>
                    {phone?.id === a.id ? (
                      phone.value ? <a href={`tel:${phone.value.replace(/[^\d+]/g, '')}`}>{phone.value}</a> : '—'
                    ) : (
                      <>
                        <span data-testid="masked-phone">{a.contactPhoneMasked ?? a.patient.phoneMasked ?? '—'}</span>{' '}
                        <button type="button" className="btn btn-small" onClick={reveal}>
                          {t('admin.appointments.detail.reveal')}
                        </button>
                        <span className="cell-caption">{t('admin.appointments.detail.revealHint')}</span>
                      </>
                    )}
                  </dd>
                  <dt>{t('admin.appointments.col.doctorService')}</dt>
                  <dd>
                    {a.doctor ? (
                      <button type="button" className="link-btn" onClick={() => onFilterDoctor(a.doctor!.id)}>
                        {a.doctor.name}
                      </button>
                    ) : (
                      a.service?.name
                    )}
                    <span className="cell-caption">{a.hospital.name}</span>
                  </dd>
                  <dt>{t('admin.appointments.col.kind')}</dt>
                  <dd>{kindText(tr, a.kind)}</dd>
                  <dt>{t('admin.appointments.detail.note')}</dt>
                  <dd>{a.note || '—'}</dd>
                  {a.cancelReason ? (
                    <>
                      <dt>{t('admin.appointments.detail.cancelReason')}</dt>
                      <dd>{a.cancelReason}</dd>
                    </>
                  ) : null}
                  <dt>{t('admin.appointments.col.payment')}</dt>
                  <dd>
                    {[paymentText(tr, a).method, paymentText(tr, a).state].filter(Boolean).join(' · ')}
                  </dd>
                  <dt>{t('admin.appointments.col.bookedAt')}</dt>
                  <dd>{instantText(tr, a.bookedAt, a.timeZone)}</dd>
                </dl>
                <h3>{t('admin.appointments.detail.price')}</h3>
                <dl className="facts">
                  {a.voucher ? (
                    <>
                      <dt>{t('admin.appointments.detail.voucher')}</dt>
                      <dd>
                        {a.voucher.name} ({a.voucher.code})
                      </dd>
                    </>
                  ) : null}
                  <dt>{t('admin.appointments.detail.original')}</dt>
                  <dd>{moneyText(tr, a.lines.originalPrice, a.currency)}</dd>
                  {a.lines.voucherDiscount ? (
                    <>
                      <dt>{t('admin.appointments.detail.voucherDiscount')}</dt>
                      <dd>−{moneyText(tr, a.lines.voucherDiscount, a.currency)}</dd>
                    </>
                  ) : null}
                  {a.lines.referralDiscount ? (
                    <>
                      <dt>{t('admin.appointments.detail.referralDiscount')}</dt>
                      <dd>−{moneyText(tr, a.lines.referralDiscount, a.currency)}</dd>
                    </>
                  ) : null}
                  {a.lines.tax ? (
                    <>
                      <dt>{t('admin.appointments.detail.tax')}</dt>
                      <dd>{moneyText(tr, a.lines.tax, a.currency)}</dd>
                    </>
                  ) : null}
                  <dt>{t('admin.appointments.detail.total')}</dt>
                  <dd>
                    <strong>{moneyText(tr, a.lines.finalPrice, a.currency)}</strong>
                  </dd>
                </dl>
                <h3>{t('admin.appointments.detail.payments')}</h3>
                {a.payments.length === 0 ? (
                  <p className="cell-caption">{t('admin.appointments.detail.noPayments')}</p>
                ) : (
                  <ul className="plain-list">
                    {a.payments.map((p) => (
                      <li key={p.id}>
                        {instantText(tr, p.createdAt, a.timeZone)} · {methodText(tr, p.method)} · {moneyText(tr, p.amount, p.currency)} · {t(`admin.appointments.paymentStatus.${p.status}` as AdminKey)}
                      </li>
                    ))}
                  </ul>
                )}
                <h3>{t('admin.appointments.detail.history')}</h3>
                {a.history.length === 0 && !a.rescheduledFromId && !a.rescheduledToId ? <p className="cell-caption">{t('admin.appointments.detail.noHistory')}</p> : null}
                <ol className="plain-list history">
                  {a.rescheduledFromId ? <li>{t('admin.appointments.history.rescheduledFrom', { id: a.rescheduledFromId })}</li> : null}
                  {a.history.map((h, i) => (
                    <li key={i}>
                      <span className="cell-caption">{instantText(tr, h.at, a.timeZone)}</span> {historyText(tr, h)} <span className="cell-caption">{byText(tr, h)}</span>
                    </li>
                  ))}
                  {a.rescheduledToId ? <li>{t('admin.appointments.history.rescheduledTo', { id: a.rescheduledToId })}</li> : null}
                </ol>
              </div>
            ) : null}
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
      <CancelDialog pending={pending?.kind === 'cancel' ? pending.a : null} onClose={() => setPending(null)} />
      <NoShowDialog pending={pending?.kind === 'no_show' ? pending.a : null} onClose={() => setPending(null)} />
      <RescheduleDialog pending={pending?.kind === 'reschedule' ? pending.a : null} onClose={() => setPending(null)} />
    </>
  );
}

function CancelDialog({ pending, onClose }: { pending: AppointmentDetail | null; onClose: () => void }) {
  const tr = useT();
  const { t } = tr;
  const action = useAppointmentAction();
  const notify = useNotify();
  const errorText = useErrorText();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setReason('');
    setError(null);
    onClose();
  };
  const submit = () => {
    if (!pending) return;
    if (!validReason(reason)) return setError(t('admin.appointments.cancel.reasonRequired'));
    action.mutate(
      { id: pending.id, action: 'cancel', reason: reason.trim() },
      { onSuccess: (r) => { notify('success', r.messages[0] ?? t('admin.appointments.action.cancel')); close(); }, onError: (e) => setError(errorText(e)) },
    );
  };
  return (
    <Dialog.Root open={!!pending} onOpenChange={(o) => !o && !action.isPending && close()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog">
          <Dialog.Title className="dialog-title">{t('admin.appointments.cancel.title', { code: pending?.code ?? '' })}</Dialog.Title>
          <Dialog.Description className="dialog-text">{t('admin.appointments.cancel.text')}</Dialog.Description>
          {pending?.refundAmount != null ? <p className="alert alert-warning">{t('admin.appointments.cancel.refund', { amount: moneyText(tr, pending.refundAmount, pending.currency) })}</p> : null}
          <label htmlFor="cancel-reason" className="field-label">
            {t('admin.appointments.cancel.reason')}
          </label>
          <textarea id="cancel-reason" className="input" rows={3} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} aria-invalid={!!error || undefined} aria-describedby={error ? 'cancel-error' : undefined} />
          {error ? (
            <p id="cancel-error" className="alert alert-danger" role="alert">
              {error}
            </p>
          ) : null}
          <div className="dialog-actions">
            <button type="button" className="btn" onClick={close} disabled={action.isPending}>
              {t('admin.appointments.cancel.keep')}
            </button>
            <button type="button" className="btn btn-danger" onClick={submit} disabled={action.isPending} aria-busy={action.isPending}>
              {t('admin.appointments.cancel.confirm')}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function NoShowDialog({ pending, onClose }: { pending: AppointmentDetail | null; onClose: () => void }) {
  const { t } = useT();
  const action = useAppointmentAction();
  const notify = useNotify();
  const errorText = useErrorText();
  const [excused, setExcused] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setExcused(false);
    setError(null);
    onClose();
  };
  const submit = () =>
    pending &&
    action.mutate(
      { id: pending.id, action: 'no_show', excused },
      { onSuccess: (r) => { notify('success', r.messages[0] ?? t('admin.appointments.action.noShow')); close(); }, onError: (e) => setError(errorText(e)) },
    );
  return (
    <Dialog.Root open={!!pending} onOpenChange={(o) => !o && !action.isPending && close()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog">
          <Dialog.Title className="dialog-title">{t('admin.appointments.noShow.title', { code: pending?.code ?? '' })}</Dialog.Title>
          <Dialog.Description className="dialog-text">{t('admin.appointments.noShow.text')}</Dialog.Description>
          <label className="check">
            <input type="checkbox" checked={excused} onChange={(e) => setExcused(e.target.checked)} /> {t('admin.appointments.noShow.excused')}
          </label>
          {error ? (
            <p className="alert alert-danger" role="alert">
              {error}
            </p>
          ) : null}
          <div className="dialog-actions">
            <button type="button" className="btn" onClick={close} disabled={action.isPending}>
              {t('admin.common.cancel')}
            </button>
            <button type="button" className="btn btn-danger" onClick={submit} disabled={action.isPending} aria-busy={action.isPending}>
              {t('admin.appointments.action.noShow')}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function RescheduleDialog({ pending, onClose }: { pending: AppointmentDetail | null; onClose: () => void }) {
  const { t } = useT();
  const [date, setDate] = useState('');
  const [slotId, setSlotId] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [key] = useState(() => crypto.randomUUID());
  const day = date || pending?.date || '';
  const slots = useRescheduleSlots(pending?.id ?? null, day);
  const move = useReschedule();
  const notify = useNotify();
  const errorText = useErrorText();
  const close = () => {
    setDate('');
    setSlotId(null);
    setError(null);
    onClose();
  };
  const submit = () => {
    if (!pending || slotId == null) return;
    move.mutate(
      { id: pending.id, slotId, idempotencyKey: `${key}-${slotId}` },
      { onSuccess: (r) => { notify('success', r.messages[0] ?? t('admin.appointments.action.reschedule')); close(); }, onError: (e) => setError(errorText(e)) },
    );
  };
  return (
    <Dialog.Root open={!!pending} onOpenChange={(o) => !o && !move.isPending && close()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog">
          <Dialog.Title className="dialog-title">{t('admin.appointments.reschedule.title', { code: pending?.code ?? '' })}</Dialog.Title>
          <Dialog.Description className="dialog-text">{t('admin.appointments.reschedule.text')}</Dialog.Description>
          <label htmlFor="reschedule-date" className="field-label">
            {t('admin.appointments.reschedule.date')}
          </label>
          <input id="reschedule-date" type="date" className="input" value={day} onChange={(e) => { setDate(e.target.value); setSlotId(null); }} />
          <fieldset className="slot-grid">
            <legend className="field-label">{t('admin.appointments.reschedule.slot')}</legend>
            {slots.isPending ? (
              <Spinner />
            ) : slots.isError ? (
              <p className="alert alert-danger">{errorText(slots.error)}</p>
            ) : slots.data.slots.length === 0 ? (
              <p className="cell-caption">{t('admin.appointments.reschedule.none')}</p>
            ) : (
              slots.data.slots.map((s) => (
                <label key={s.id} className={slotId === s.id ? 'slot slot-on' : 'slot'}>
                  <input type="radio" name="reschedule-slot" value={s.id} checked={slotId === s.id} onChange={() => setSlotId(s.id)} />
                  {s.start}–{s.end}
                </label>
              ))
            )}
          </fieldset>
          {error ? (
            <p className="alert alert-danger" role="alert">
              {error}
            </p>
          ) : null}
          <div className="dialog-actions">
            <button type="button" className="btn" onClick={close} disabled={move.isPending}>
              {t('admin.common.cancel')}
            </button>
            <button type="button" className="btn btn-primary" onClick={submit} disabled={slotId == null || move.isPending} aria-busy={move.isPending}>
              {t('admin.appointments.reschedule.confirm')}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The telemedicine room, opened as the patient's Join is: from 15 minutes before the start until the end (issue 36). */
function VideoVisitLink({ url, startsAt, endsAt }: { url: string; startsAt: string; endsAt: string }) {
  const { t } = useT();
  const join = joinState(startsAt, endsAt, Date.now());
  return (
    <p className="panel-video">
      {join.state === 'open' ? (
        <a className="btn btn-small btn-primary" href={url} target="_blank" rel="noopener noreferrer">
          {t('admin.appointments.video.join')}
        </a>
      ) : (
        <span className="cell-caption">{t(join.state === 'early' ? 'admin.appointments.video.opensBefore' : 'admin.appointments.video.ended', { minutes: JOIN_OPENS_MINUTES_BEFORE })}</span>
      )}
    </p>
  );
}
