/**
 * Admin appointments and patients (issue 35): call shapes shared by functions/admin-appointments.ts and the admin
 * screens, and the front desk's rules — which actions a booking allows now (the same rules the SQL functions of
 * migration 20261128110000 re-check under the booking's lock), the no-show window, the payment state and the
 * masking of phones and e-mails until a reveal (recorded in the data history). Pure: no I/O.
 */
import { z } from 'zod';
import { ONLINE_PAYMENT_METHODS } from './payments';

export const APPOINTMENTS_PAGE_SIZE = 20;
/** A no-show can be marked after the start and at most this many days later. */
export const NO_SHOW_WINDOW_DAYS = 5;
/** Check-in opens this many hours before the start (a patient early for a morning visit) and closes with the no-show window. */
export const CHECK_IN_EARLY_HOURS = 12;
/** Visits still confirmed this long after they end become completed (functions/booking-completion.ts). */
export const AUTO_COMPLETE_AFTER_MINUTES = 120;
/** The keyword is sent from this many characters (SPEC §5 search keywords). */
export const APPOINTMENT_KEYWORD_MIN_CHARS = 3;
/** The longest date range a list or an export covers. */
export const APPOINTMENT_MAX_RANGE_DAYS = 92;
/**
 * The most rows one export sends: a streamed Netlify Function answer is cut at 20 MB, and a row is about 255 bytes
 * (53,578 rows made 13.6 MB in the bench). A platform admin's 92 days of every market can pass it.
 */
export const EXPORT_MAX_ROWS = 75_000;

/** Statuses of a booking the front desk sees ('hold' is a checkout in progress: never listed). */
export const APPOINTMENT_STATUSES = ['pending', 'confirmed', 'completed', 'no_show', 'cancelled', 'expired'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];
export const APPOINTMENT_KINDS = ['outpatient', 'telemedicine', 'service'] as const;
export type AppointmentKind = (typeof APPOINTMENT_KINDS)[number];
/** Payment filter: paid at the hospital (cash), online (any online option), the local option. */
export const PAYMENT_FILTERS = ['cash', 'online', 'local'] as const;
export type PaymentFilter = (typeof PAYMENT_FILTERS)[number];
export const PAYMENT_STATES = ['at_hospital', 'awaiting', 'paid', 'refund_due', 'refunded', 'none'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

export const APPOINTMENT_ACTIONS = ['confirm', 'check_in', 'complete', 'no_show', 'cancel', 'reschedule'] as const;
export type AppointmentAction = (typeof APPOINTMENT_ACTIONS)[number];

/** Keys of the day's list (a code focused): check in, complete, no-show; U undoes the last of them. */
export const SHORTCUT_KEYS = { i: 'check_in', c: 'complete', n: 'no_show' } as const;
export const UNDO_KEY = 'u';

export const APPOINTMENT_SORTS = ['starts_at', 'created_at'] as const;

export const APPOINTMENT_MESSAGES = {
  notFound: 'This appointment does not exist.',
  patientNotFound: 'This patient does not exist.',
  confirmed: 'The appointment is confirmed.',
  checkedIn: 'The patient is checked in.',
  completed: 'The appointment is marked completed.',
  noShow: 'The appointment is marked as a no-show.',
  cancelled: 'The appointment is cancelled and the patient is told by e-mail.',
  rescheduled: 'The appointment is moved to the new time.',
  rangeTooLong: 'The date range can be at most 92 days.',
  rangeReversed: 'The end date cannot be before the start date.',
  reasonRequired: 'Please give a reason (3 to 500 characters).',
  weekTooLong: 'The day and week views cover at most 7 days.',
  undone: 'The last step is undone.',
  exportTooLarge: 'An export holds at most 75,000 appointments. Narrow the dates or filters.',
} as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
export function isDay(v: string): boolean {
  if (!DAY.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}
const dayField = z.string().refine(isDay, 'Invalid format');
const optionalId = z.preprocess((v) => (v === '' || v === 'null' ? undefined : v), z.coerce.number().int().positive().optional());
const csvList = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess((v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v), z.array(z.enum(values)).max(values.length).optional());

/** The code a patient quotes (src/lib/booking.ts bookingCode: BK + the id in base 36): its booking id, or null. */
export function bookingIdOfCode(keyword: string): number | null {
  const m = /^BK([0-9A-Z]{1,12})$/i.exec(keyword.trim());
  if (!m) return null;
  const id = parseInt(m[1]!, 36);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** Digits of a keyword that looks like a phone number (at least 3), or null. */
export function phoneDigits(keyword: string): string | null {
  const k = keyword.trim();
  if (!/^\+?[\d\s().-]{3,}$/.test(k)) return null;
  const d = k.replace(/\D/g, '');
  return d.length >= 3 ? d : null;
}

const filters = {
  keyword: z.string().trim().max(100).optional(),
  from: dayField,
  to: dayField,
  status: csvList(APPOINTMENT_STATUSES),
  kind: csvList(APPOINTMENT_KINDS),
  payment: z.enum(PAYMENT_FILTERS).optional(),
  doctorId: optionalId,
  serviceId: optionalId,
  patientId: z.uuid().optional(),
  hospitalId: optionalId,
  branchId: optionalId,
  countryId: optionalId,
  sort: z.enum(APPOINTMENT_SORTS).default('starts_at'),
  dir: z.enum(['asc', 'desc']).default('asc'),
};

function rangeDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}
/** One patient's appointments (the patient record) may span two years: few rows, on the patient's index. */
export const PATIENT_RANGE_DAYS = 731;
export function rangeRefusal(from: string, to: string, max = APPOINTMENT_MAX_RANGE_DAYS): keyof typeof APPOINTMENT_MESSAGES | null {
  if (to < from) return 'rangeReversed';
  if (rangeDays(from, to) > max) return 'rangeTooLong';
  return null;
}
const checkRange = (q: { from: string; to: string; patientId?: string }, ctx: z.RefinementCtx) => {
  if (!isDay(q.from) || !isDay(q.to)) return;
  const r = rangeRefusal(q.from, q.to, q.patientId ? PATIENT_RANGE_DAYS : APPOINTMENT_MAX_RANGE_DAYS);
  if (r) ctx.addIssue({ code: 'custom', path: ['to'], message: APPOINTMENT_MESSAGES[r] });
};

/** GET /api/admin/appointments and its CSV export: the same filters, so an export is exactly the list. */
export const appointmentFilterQuery = z.object(filters).superRefine(checkRange);
export const appointmentListQuery = z.object({ ...filters, page: z.coerce.number().int().min(1).max(100_000).default(1) }).superRefine(checkRange);
export type AppointmentFilters = z.output<typeof appointmentFilterQuery>;
export type AppointmentListQuery = z.output<typeof appointmentListQuery>;

export const appointmentListItem = z.object({
  id: z.number().int(),
  code: z.string(),
  startsAt: z.iso.datetime({ offset: true }),
  endsAt: z.iso.datetime({ offset: true }),
  timeZone: z.string(),
  date: z.string(),
  start: z.string(),
  end: z.string(),
  status: z.enum(APPOINTMENT_STATUSES),
  checkedIn: z.boolean(),
  noShowExcused: z.boolean().nullable(),
  kind: z.enum(APPOINTMENT_KINDS),
  patient: z.object({ id: z.string(), name: z.string(), phoneMasked: z.string().nullable() }),
  familyMember: z.object({ id: z.number().int(), name: z.string(), relation: z.string() }).nullable(),
  doctor: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  service: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  hospital: z.object({ id: z.number().int(), name: z.string() }),
  paymentMethod: z.string().nullable(),
  paymentState: z.enum(PAYMENT_STATES),
  price: z.number().nullable(),
  currency: z.string(),
  bookedAt: z.iso.datetime({ offset: true }),
  actions: z.array(z.enum(APPOINTMENT_ACTIONS)),
});
export type AppointmentListItem = z.infer<typeof appointmentListItem>;

export const appointmentListData = z.object({
  appointments: z.array(appointmentListItem),
  pagination: z.object({ current: z.number().int(), last: z.number().int(), total_items: z.number().int(), per_page: z.number().int() }),
});
export type AppointmentListData = z.infer<typeof appointmentListData>;

export const historyEntry = z.object({
  at: z.string(),
  action: z.enum(['INSERT', 'UPDATE', 'DELETE', 'READ']),
  actorRole: z.string().nullable(),
  actorName: z.string().nullable(),
  status: z.string().nullable(),
  previousStatus: z.string().nullable(),
  checkedIn: z.boolean(),
  reason: z.string().nullable(),
  field: z.string().nullable(),
});
export type HistoryEntry = z.infer<typeof historyEntry>;

export const appointmentDetail = appointmentListItem.extend({
  note: z.string().nullable(),
  contactPhoneMasked: z.string().nullable(),
  /** The video room of a confirmed telemedicine visit (issue 36), for its doctor and the managers of its hospital. */
  videoRoomUrl: z.string().nullable(),
  cancelReason: z.string().nullable(),
  cancelledByRole: z.string().nullable(),
  rescheduledFromId: z.number().int().nullable(),
  rescheduledToId: z.number().int().nullable(),
  voucher: z.object({ code: z.string(), name: z.string() }).nullable(),
  lines: z.object({
    originalPrice: z.number().nullable(),
    voucherDiscount: z.number(),
    referralDiscount: z.number(),
    tax: z.number(),
    finalPrice: z.number().nullable(),
  }),
  /** What is to be refunded when this (paid online) booking is cancelled, or null. */
  refundAmount: z.number().nullable(),
  payments: z.array(z.object({ id: z.number().int(), method: z.string(), status: z.string(), amount: z.number(), currency: z.string(), createdAt: z.string(), settledAt: z.string().nullable() })),
  history: z.array(historyEntry),
});
export type AppointmentDetail = z.infer<typeof appointmentDetail>;

export const appointmentActionBody = z.object({
  action: z.enum(['confirm', 'check_in', 'complete', 'no_show', 'cancel', 'undo']),
  excused: z.boolean().optional(),
  reason: z.string().trim().max(500, '*500 characters limit').optional(),
});
export type AppointmentActionBody = z.infer<typeof appointmentActionBody>;

export const appointmentRescheduleBody = z.object({
  slotId: z.number().int().positive(),
  idempotencyKey: z.string().min(8).max(200),
});

/** Free slots of the booking's doctor or service on a day (the reschedule picker). */
export const rescheduleSlotsQuery = z.object({ date: dayField });
export const rescheduleSlotsData = z.object({
  timeZone: z.string(),
  slots: z.array(z.object({ id: z.number().int(), start: z.string(), end: z.string(), free: z.number().int() })),
});

/** Day and week views: one branch's appointments of at most a week, with the branch's doctors as columns. */
export const CALENDAR_MAX_DAYS = 7;
export const CALENDAR_MAX_ITEMS = 1000;
export const appointmentCalendarQuery = z
  .object({ from: dayField, to: dayField, branchId: optionalId })
  .superRefine((q, ctx) => {
    if (!isDay(q.from) || !isDay(q.to)) return;
    const r = rangeRefusal(q.from, q.to, CALENDAR_MAX_DAYS);
    if (r) ctx.addIssue({ code: 'custom', path: ['to'], message: r === 'rangeReversed' ? APPOINTMENT_MESSAGES.rangeReversed : APPOINTMENT_MESSAGES.weekTooLong });
  });
/** A slot of a doctor's column with places still free (from now on): what the front desk offers a caller. */
export const calendarFreeSlot = z.object({
  id: z.number().int(),
  doctorId: z.number().int(),
  date: z.string(),
  start: z.string(),
  end: z.string(),
  kind: z.enum(['outpatient', 'telemedicine']),
  free: z.number().int(),
});
export type CalendarFreeSlot = z.infer<typeof calendarFreeSlot>;
export const appointmentCalendarData = z.object({
  doctors: z.array(z.object({ id: z.number().int(), name: z.string() })),
  appointments: z.array(appointmentListItem),
  slots: z.array(calendarFreeSlot),
});
export type AppointmentCalendarData = z.infer<typeof appointmentCalendarData>;

// ---- the rules -----------------------------------------------------------------------------------------------

export interface ActionFacts {
  status: AppointmentStatus | 'hold';
  checkedIn: boolean;
  startsAt: string;
}

const HOUR = 3_600_000;
const DAY_MS = 24 * HOUR;

/** Whether a no-show may be marked at `now`: after the start and within NO_SHOW_WINDOW_DAYS. */
export function inNoShowWindow(startsAt: string, now: number): boolean {
  const start = Date.parse(startsAt);
  return now >= start && now <= start + NO_SHOW_WINDOW_DAYS * DAY_MS;
}

/**
 * The actions a booking allows at `now` (the SQL functions re-check each under the booking's lock):
 * confirm a pending one; check in a live one not yet checked in, from CHECK_IN_EARLY_HOURS before the start until
 * the no-show window closes; complete a live one after its start; no-show a live one not checked in inside the
 * window; cancel (with a reason) or reschedule a live one not checked in.
 */
export function allowedActions(b: ActionFacts, now: number): AppointmentAction[] {
  const live = b.status === 'pending' || b.status === 'confirmed';
  if (!live) return [];
  const start = Date.parse(b.startsAt);
  const out: AppointmentAction[] = [];
  if (b.status === 'pending') out.push('confirm');
  if (!b.checkedIn && now >= start - CHECK_IN_EARLY_HOURS * HOUR && now <= start + NO_SHOW_WINDOW_DAYS * DAY_MS) out.push('check_in');
  if (now >= start) out.push('complete');
  if (!b.checkedIn && inNoShowWindow(b.startsAt, now)) out.push('no_show');
  if (!b.checkedIn) out.push('cancel');
  if (!b.checkedIn && now < start) out.push('reschedule');
  return out;
}

/** Whether a cancellation reason is acceptable (the SQL function's rule). */
export function validReason(reason: string | null | undefined): boolean {
  const r = (reason ?? '').trim();
  return r.length >= 3 && r.length <= 500;
}

const isOnline = (method: string | null) => !!method && (ONLINE_PAYMENT_METHODS as readonly string[]).includes(method);

/**
 * The payment state of a booking: cash is paid at the hospital; an online or local method is awaiting payment
 * while the booking is pending, paid once a payment settled, refund due when a paid booking was cancelled, refunded
 * when its payment was.
 */
export function paymentState(b: { status: string; paymentMethod: string | null; paid: boolean; refunded: boolean }): PaymentState {
  if (b.refunded) return 'refunded';
  if (b.paid) return b.status === 'cancelled' ? 'refund_due' : 'paid';
  if (!b.paymentMethod) return 'none';
  if (!isOnline(b.paymentMethod) && b.paymentMethod !== 'local') return 'at_hospital';
  return b.status === 'pending' ? 'awaiting' : 'none';
}

/** What cancelling refunds: the paid amount of a booking paid online, else nothing. */
export function refundAmount(state: PaymentState, paidAmount: number): number | null {
  return state === 'paid' && paidAmount > 0 ? paidAmount : null;
}

/** A phone with only its last 3 digits shown: '+84 901 234 567' → '••• ••• 567'. Null stays null. */
export function maskPhone(phone: string | null | undefined): string | null {
  if (!phone) return null;
  const digits = phone.replace(/\D/g, '');
  if (digits.length <= 3) return '•••';
  return `••• ••• ${digits.slice(-3)}`;
}

/** An e-mail with its first character and its domain shown: 'an.nguyen@example.com' → 'a•••@example.com'. */
export function maskEmail(email: string | null | undefined): string | null {
  if (!email) return null;
  const at = email.lastIndexOf('@');
  if (at <= 0) return '•••';
  return `${email[0]}•••${email.slice(at)}`;
}

// ---- patients --------------------------------------------------------------------------------------------------

export const PATIENTS_PAGE_SIZE = 20;

export const patientListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  keyword: z.string().trim().max(100).optional(),
  hospitalId: optionalId,
  branchId: optionalId,
  countryId: optionalId,
});
export type PatientListQuery = z.output<typeof patientListQuery>;

export const patientListItem = z.object({
  id: z.string(),
  name: z.string(),
  phoneMasked: z.string().nullable(),
  emailMasked: z.string().nullable(),
  familyCount: z.number().int(),
  upcoming: z.number().int(),
  completed: z.number().int(),
  noShow: z.number().int(),
  lastVisit: z.string().nullable(),
});
export type PatientListItem = z.infer<typeof patientListItem>;

export const patientListData = z.object({
  patients: z.array(patientListItem),
  pagination: z.object({ current: z.number().int(), last: z.number().int(), total_items: z.number().int(), per_page: z.number().int() }),
});

/** Adult threshold of the family form (SPEC §9: 19 or older); younger members get the child badge. */
export const ADULT_AGE = 19;
export function ageOn(birthday: string, today: string): number {
  const [by, bm, bd] = birthday.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}
export function isChild(birthday: string | null, today: string): boolean {
  return !!birthday && ageOn(birthday, today) < ADULT_AGE;
}

export const patientDetail = z.object({
  id: z.string(),
  name: z.string(),
  phoneMasked: z.string().nullable(),
  emailMasked: z.string().nullable(),
  birthday: z.string().nullable(),
  gender: z.number().int().nullable(),
  avatar: z.string().nullable(),
  family: z.array(z.object({ id: z.number().int(), name: z.string(), relation: z.string(), birthday: z.string(), child: z.boolean(), phoneMasked: z.string().nullable(), emailMasked: z.string().nullable() })),
  counts: z.object({ upcoming: z.number().int(), completed: z.number().int(), noShow: z.number().int() }),
});
export type PatientDetail = z.infer<typeof patientDetail>;

export const patientContact = z.object({
  phone: z.string().nullable(),
  email: z.string().nullable(),
  family: z.array(z.object({ id: z.number().int(), phone: z.string().nullable(), email: z.string().nullable() })),
});
export type PatientContact = z.infer<typeof patientContact>;

export function lastPage(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / size));
}
