/**
 * The market a homepage or navigation screen edits: `market` in the URL (a locale), the admin's language by
 * default; the picker names each market by its site; times are shown in the market's time zone.
 */
import { useSearchParams } from 'react-router';
import { LOCALES, LOCALE_CONFIG, isLocale, type Locale } from '../../../../i18n/locales';
import { useT } from '../../i18n';
import { Dropdown } from '../../kit/Dropdown';

export function useMarket(): [Locale, (m: Locale) => void] {
  const { locale } = useT();
  const [params, setParams] = useSearchParams();
  const raw = params.get('market') ?? '';
  const market = isLocale(raw) ? raw : locale;
  return [market, (m) => setParams((p) => (p.set('market', m), p))];
}

export function MarketPicker({ market, onChange, label }: { market: Locale; onChange: (m: Locale) => void; label?: string }) {
  const { t } = useT();
  return (
    <div className="market-picker">
      <span className="field-label">{label ?? t('admin.homepage.market')}</span>
      <Dropdown
        label={label ?? t('admin.homepage.market')}
        placeholder={LOCALE_CONFIG[market].siteName}
        value={market}
        options={LOCALES.map((l) => ({ value: l, label: `${LOCALE_CONFIG[l].siteName} (${l})` }))}
        onChange={(v) => isLocale(v) && onChange(v)}
      />
    </div>
  );
}

/** An instant as the market's date and time (its first time zone), with the zone's short name. */
export function useWhen(market: Locale): (iso: string) => string {
  const cfg = LOCALE_CONFIG[market];
  const f = new Intl.DateTimeFormat(cfg.htmlLang, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: cfg.timeZones[0], timeZoneName: 'short' });
  return (iso) => f.format(new Date(iso));
}
