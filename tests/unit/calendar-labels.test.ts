import { describe, expect, it } from 'vitest';
import { calendarLabels, DATE_LABELS, formatDateLabel, pickerWeekdays, type DateLabel } from '../../src/lib/calendar-labels';
import { addDays } from '../../src/lib/hospital-time';
import { formatCalendarDateIn } from '../../src/lib/format';
import { LOCALES, LOCALE_CONFIG } from '../../i18n/locales';

const langs = LOCALES.map((l) => LOCALE_CONFIG[l].htmlLang);

describe('date labels laid out at build time', () => {
  it.each(langs)('%s: every label of every day of 2025–2028 reads as Intl writes it', (lang) => {
    const labels = calendarLabels(lang);
    for (let d = '2025-01-01'; d <= '2028-12-31'; d = addDays(d, 1)) {
      for (const label of Object.keys(DATE_LABELS) as DateLabel[]) {
        expect(formatDateLabel(labels, label, d), `${label} ${d}`).toBe(formatCalendarDateIn(lang, d, DATE_LABELS[label]));
      }
    }
  });

  it('writes the Thai date in the Buddhist era and the Taiwanese one in its own order', () => {
    expect(formatDateLabel(calendarLabels('th'), 'full', '2026-11-25')).toContain('2569');
    expect(formatDateLabel(calendarLabels('zh-Hant-TW'), 'full', '2026-11-25')).toMatch(/^2026年11月25日/);
    expect(formatDateLabel(calendarLabels('en-PH'), 'full', '2026-11-25')).toBe('Wednesday, November 25, 2026');
  });

  it('gives the date picker its weekday letters from Monday', () => {
    expect(pickerWeekdays(calendarLabels('en-PH'))).toEqual(['M', 'T', 'W', 'T', 'F', 'S', 'S']);
  });

  it('survives the trip to the browser as JSON props', () => {
    const labels = JSON.parse(JSON.stringify(calendarLabels('vi')));
    expect(formatDateLabel(labels, 'full', '2026-02-01')).toBe(formatCalendarDateIn('vi', '2026-02-01', DATE_LABELS.full));
  });
});
