/** Words of the appointments screens: statuses, kinds, payment, relations, and dates in the hospital's zone. */
import { LOCALE_CONFIG } from '../../../../../i18n/locales';
import type { AppointmentListItem, AppointmentStatus, PaymentState } from '../../../../lib/admin-appointments';
import { formatCalendarDate, formatMoney } from '../../../../lib/format';
import type { AdminKey, Translator } from '../../../i18n';

export const STATUS_COLOUR: Record<AppointmentStatus, string> = {
  pending: 'yellow',
  confirmed: 'blue',
  completed: 'green',
  no_show: 'red',
  cancelled: 'grey',
  expired: 'grey',
};

export const statusText = (tr: Translator, s: AppointmentStatus) => tr.t(`admin.appointments.status.${s}` as AdminKey);
export const kindText = (tr: Translator, k: AppointmentListItem['kind']) => tr.t(`admin.appointments.kind.${k}` as AdminKey);
export const paymentStateText = (tr: Translator, s: PaymentState) => tr.t(`admin.appointments.paymentState.${s}` as AdminKey);

const METHODS = ['cash', 'cash-on-delivery', 'local', 'bank-app', 'wallet', 'wallet-bank-card', 'wallet-credit-card'];
export function methodText(tr: Translator, m: string | null): string {
  if (!m) return '—';
  return METHODS.includes(m) ? tr.t(`admin.appointments.method.${m}` as AdminKey) : m;
}

const RELATIONS = ['child', 'spouse', 'parent', 'sibling', 'grandparent', 'grandchild', 'relative', 'other'];
export function relationText(tr: Translator, r: string): string {
  return RELATIONS.includes(r) ? tr.t(`admin.appointments.relation.${r}` as AdminKey) : r;
}

/** 'Tue, 1 Dec 2026 · 09:00–09:30' in the hospital's calendar (the row carries its hospital-local day and times). */
export function whenText(tr: Translator, a: Pick<AppointmentListItem, 'date' | 'start' | 'end'>, compact = false): { day: string; time: string } {
  // The list's rows leave out this year (the date filter says it), so nine columns fit a desk's screen.
  const year = compact && a.date.slice(0, 4) === String(new Date().getFullYear()) ? undefined : 'numeric';
  return { day: formatCalendarDate(tr.locale, a.date, { weekday: 'short', day: 'numeric', month: 'short', year }), time: `${a.start}–${a.end}` };
}

/** The hospital's time zone as people name it, in the screen's language ('Giờ Đông Dương'), never the raw id. */
export function zoneText(tr: Translator, zone: string, iso: string): string {
  const parts = new Intl.DateTimeFormat(LOCALE_CONFIG[tr.locale].htmlLang, { timeZone: zone, timeZoneName: 'long' }).formatToParts(new Date(iso));
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? zone;
}

/** An instant in the hospital's zone (booked at, history). */
export function instantText(tr: Translator, iso: string, zone: string, dateStyle: 'medium' | 'short' = 'medium'): string {
  return new Intl.DateTimeFormat(LOCALE_CONFIG[tr.locale].htmlLang, { timeZone: zone, dateStyle, timeStyle: 'short' }).format(new Date(iso));
}

export function moneyText(tr: Translator, amount: number | null, currency: string): string {
  if (amount == null) return '—';
  return formatMoney(tr.locale, amount, currency as never);
}

export function patientLine(tr: Translator, a: Pick<AppointmentListItem, 'patient' | 'familyMember'>): { name: string; caption: string | null } {
  if (a.familyMember) return { name: a.familyMember.name, caption: tr.t('admin.appointments.forFamily', { relation: relationText(tr, a.familyMember.relation), name: a.patient.name }) };
  return { name: a.patient.name, caption: null };
}

/** Method and state in one line; paying at the hospital says it once. */
export function paymentText(tr: Translator, a: Pick<AppointmentListItem, 'paymentMethod' | 'paymentState'>): { method: string; state: string | null } {
  return { method: methodText(tr, a.paymentMethod), state: a.paymentState === 'at_hospital' || a.paymentState === 'none' ? null : paymentStateText(tr, a.paymentState) };
}
