/** A campaign's period as the screens say it: both days, one open end, or 'no end date'. */
import { LOCALE_CONFIG, type Locale } from '../../../../i18n/locales';
import type { CampaignView } from '../../../lib/admin-campaigns';
import type { Translator } from '../../i18n';

export function formatDay(locale: Locale, day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Intl.DateTimeFormat(LOCALE_CONFIG[locale].htmlLang, { dateStyle: 'medium', timeZone: 'UTC' }).format(Date.UTC(y, m - 1, d));
}

export function periodText(t: Translator['t'], locale: Locale, c: Pick<CampaignView, 'startsOn' | 'endsOn'>): string {
  if (!c.startsOn && !c.endsOn) return t('admin.campaigns.noPeriod');
  if (!c.endsOn) return t('admin.campaigns.from', { date: formatDay(locale, c.startsOn!) });
  if (!c.startsOn) return t('admin.campaigns.until', { date: formatDay(locale, c.endsOn) });
  return `${formatDay(locale, c.startsOn)} – ${formatDay(locale, c.endsOn)}`;
}
