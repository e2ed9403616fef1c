/**
 * Columns of the services table (the doctors list's pattern): Service (logo, name, category), Branch, Upcoming
 * bookings, Kind (package, online payment badges), Price (fixed, 'From …' or a range, after the promotion, with
 * the original price; in the hospital's market currency), Active toggle, row actions.
 */
import type { ReactNode } from 'react';
import { LOCALES, LOCALE_CONFIG, localePath, type Locale } from '../../../../../i18n/locales';
import type { AdminServiceListItem } from '../../../../lib/admin-services';
import { servicePath } from '../../../../lib/directory-routes';
import { priceView } from '../../../../lib/prices';
import type { ColumnDef } from '../../../kit/DataTable';
import type { Translator } from '../../../i18n';
import { ActiveSwitch } from '../../doctors/doctor-list/columns';

/** The public service page, under the hospital's own market prefix (whatever the admin's language). */
export function publicServiceHref(s: Pick<AdminServiceListItem, 'slug' | 'branch' | 'countryId'>): string {
  const market = LOCALES.find((l) => LOCALE_CONFIG[l].countryId === s.countryId) ?? LOCALES[0];
  return localePath(market, servicePath(s.branch.slug, s.slug));
}

/** The price as the public page writes it, in the service's own currency (its hospital's market), whatever the admin's language. */
export function servicePriceText(locale: Locale, s: Pick<AdminServiceListItem, 'price' | 'priceTo' | 'priceType' | 'promotion' | 'originalPrice' | 'currency'>): { text: string; original: string | null } {
  const v = priceView(locale, { price: s.price, priceTo: s.priceTo, priceType: s.priceType, promotion: s.promotion, originalPrice: s.originalPrice, currency: s.currency, showPriceOverride: true });
  return { text: v.text, original: v.originalText };
}

export function serviceColumns(
  tr: Translator,
  opts: { rowActions: (s: AdminServiceListItem) => ReactNode; onActiveToggle: (s: AdminServiceListItem) => void; busyId?: number },
): ColumnDef<AdminServiceListItem>[] {
  const { t, locale } = tr;
  return [
    { id: 'name', text: t('admin.services.col.service'), cell: (s) => ({ kind: 'info', image: s.logo, title: s.name, caption: s.category }) },
    { id: 'branch', text: t('admin.services.col.branch'), cell: (s) => ({ kind: 'string', value: s.branch.name }) },
    { id: 'upcoming', text: t('admin.services.col.upcoming'), align: 'center', cell: (s) => ({ kind: 'number', value: s.upcomingBookings }) },
    {
      id: 'kind',
      text: t('admin.services.col.kind'),
      cell: (s) => ({
        kind: 'element',
        value: (
          <span className="badges">
            {s.isPackage ? <span className="badge badge-blue">{t('admin.services.badge.package')}</span> : null}
            {s.onlinePayment ? <span className="badge badge-green">{t('admin.services.badge.onlinePayment')}</span> : null}
          </span>
        ),
      }),
    },
    {
      id: 'price',
      text: t('admin.services.col.price'),
      cell: (s) => {
        const p = servicePriceText(locale, s);
        return { kind: 'two_line', first: p.text, second: p.original ? t('admin.services.originalPrice', { price: p.original }) : null };
      },
    },
    {
      id: 'active',
      text: t('admin.services.col.active'),
      align: 'center',
      cell: (s) => ({
        kind: 'element',
        value: <ActiveSwitch d={{ isActive: s.isActive }} label={t('admin.services.activeLabel', { name: s.name })} onToggle={() => opts.onActiveToggle(s)} disabled={false} busy={opts.busyId === s.id} />,
      }),
    },
    { id: 'actions', text: t('admin.table.actions'), align: 'right', cell: (s) => ({ kind: 'options', value: opts.rowActions(s) }) },
  ];
}
