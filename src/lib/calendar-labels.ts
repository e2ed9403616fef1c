/**
 * Date labels of the booking islands (the strip's weekday and month, a date in full for screen readers, the date
 * picker's month and weekdays) without Intl in the browser. The build lays each label out once per language with
 * Intl (calendarLabels) and the page hands the layout to its islands; formatDateLabel fills in a date from it.
 * Why: the first Intl formatter a page creates costs 150–500 ms of ICU start-up on a throttled phone, and a booking
 * card hydrating at load paid it for its first render. The unit tests check the layouts against Intl on every day
 * of several years in every locale.
 */
import { addDays, isoWeekday } from './hospital-time';

/** The labels the islands show, as Intl options. */
export const DATE_LABELS = {
  /** A date in full: what dates and slots announce to screen readers. */
  full: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' },
  stripWeekday: { weekday: 'short' },
  stripMonth: { month: 'short' },
  /** The selected slot's date on the button line. */
  selected: { weekday: 'short', day: 'numeric', month: 'short' },
  pickerWeekday: { weekday: 'narrow' },
  pickerMonth: { month: 'long', year: 'numeric' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

export type DateLabel = keyof typeof DATE_LABELS;

/** The parts a date fills in; anything else in a layout is literal text (era names included). */
const FIELDS = ['weekday', 'day', 'month', 'year'] as const;
type Field = (typeof FIELDS)[number];

export interface LabelLayout {
  /** Literal text, or the index in FIELDS of the part a date fills in. */
  parts: (string | number)[];
  /** Weekday names as this layout writes them, Monday first. */
  weekdays?: string[];
  /** Month names as this layout writes them, January first. */
  months?: string[];
  /** Whether the day is written with two digits. */
  twoDigitDay?: boolean;
  /** Added to the Gregorian year (th-TH: 543, the Buddhist era). */
  yearOffset?: number;
}

export interface CalendarLabels {
  lang: string;
  layouts: Record<DateLabel, LabelLayout>;
}

const utc = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d);

function layoutOf(lang: string, options: Intl.DateTimeFormatOptions): LabelLayout {
  const f = new Intl.DateTimeFormat(lang, { ...options, timeZone: 'UTC' });
  const partOf = (ms: number, type: Field) => f.formatToParts(ms).find((p) => p.type === type)?.value ?? '';
  // A Wednesday whose day (28) and month (11) cannot be taken for one another.
  const sample = utc(2024, 11, 27);
  const parts = f.formatToParts(sample).map((p) => {
    const field = FIELDS.indexOf(p.type as Field);
    return field < 0 ? p.value : field;
  });
  const layout: LabelLayout = { parts };
  if ('weekday' in options) layout.weekdays = Array.from({ length: 7 }, (_, i) => partOf(utc(2024, 1, 1 + i), 'weekday')); // 2024-01-01 was a Monday
  if ('month' in options) layout.months = Array.from({ length: 12 }, (_, i) => partOf(utc(2024, i + 1, 15), 'month'));
  if ('day' in options) layout.twoDigitDay = partOf(utc(2024, 1, 5), 'day').length === 2;
  if ('year' in options) layout.yearOffset = Number(partOf(sample, 'year')) - 2024;
  return layout;
}

const built = new Map<string, CalendarLabels>();

/** Every label's layout in `lang` (Intl: the build and server rendering; kept per language). */
export function calendarLabels(lang: string): CalendarLabels {
  let labels = built.get(lang);
  if (!labels) {
    const layouts = Object.fromEntries(Object.entries(DATE_LABELS).map(([k, options]) => [k, layoutOf(lang, options)])) as Record<DateLabel, LabelLayout>;
    built.set(lang, (labels = { lang, layouts }));
  }
  return labels;
}

/** A 'yyyy-MM-dd' calendar date written as `label` (no zone involved: it is a date of the hospital's calendar). */
export function formatDateLabel(labels: CalendarLabels, label: DateLabel, isoDate: string): string {
  const layout = labels.layouts[label];
  let out = '';
  for (const p of layout.parts) {
    if (typeof p === 'string') {
      out += p;
      continue;
    }
    switch (FIELDS[p]) {
      case 'weekday':
        out += layout.weekdays![isoWeekday(isoDate) - 1];
        break;
      case 'day':
        out += layout.twoDigitDay ? isoDate.slice(8, 10) : String(Number(isoDate.slice(8, 10)));
        break;
      case 'month':
        out += layout.months![Number(isoDate.slice(5, 7)) - 1];
        break;
      case 'year':
        out += String(Number(isoDate.slice(0, 4)) + (layout.yearOffset ?? 0));
    }
  }
  return out;
}

/** The Monday-first weekday letters of the date picker's header. */
export function pickerWeekdays(labels: CalendarLabels): string[] {
  return Array.from({ length: 7 }, (_, i) => formatDateLabel(labels, 'pickerWeekday', addDays('2024-01-01', i))); // a Monday
}
