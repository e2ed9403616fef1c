/**
 * Columns of the doctors table (SPEC §2, §3 admin list item): Doctor (avatar, name), Provide For, Upcoming
 * bookings, Available for (outpatient and telemedicine badges), Price (booking fee, a range for range prices,
 * plus the telemedicine fee), Active toggle, row actions.
 */
import type { ReactNode } from 'react';
import { localePath, type Locale } from '../../../../../i18n/locales';
import type { AdminDoctorListItem } from '../../../../lib/admin-doctors';
import { doctorPath } from '../../../../lib/directory-routes';
import { formatMoney } from '../../../../lib/format';
import { priceView } from '../../../../lib/prices';
import { marketCurrency } from '../../../../lib/admin-market';
import type { ColumnDef } from '../../../kit/DataTable';
import type { Translator } from '../../../i18n';

export function publicDoctorHref(locale: Locale, slug: string): string {
  return localePath(locale, doctorPath(slug));
}

export function provideForText(tr: Translator, care: AdminDoctorListItem['provideCare']): string {
  return tr.t(care === 'adults' ? 'admin.doctors.provide.adults' : care === 'children' ? 'admin.doctors.provide.children' : 'admin.doctors.provide.both');
}

/**
 * Booking fee as the price rules write it (fixed, 'From …', a range), whatever the partner flag: staff see it. In
 * the doctor's market currency (issue #38 item 8), written the screen language's way.
 */
export function bookingFeeText(locale: Locale, d: Pick<AdminDoctorListItem, 'bookingFee' | 'countryId'>): string {
  const v = priceView(locale, { price: d.bookingFee.price, priceTo: d.bookingFee.priceTo, priceType: d.bookingFee.priceType, currency: marketCurrency(d.countryId, locale), showPriceOverride: true });
  return v.text;
}

export function ActiveSwitch({ d, label, onToggle, disabled, busy }: { d: Pick<AdminDoctorListItem, 'isActive'>; label: string; onToggle: () => void; disabled: boolean; busy: boolean }) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={d.isActive}
      aria-label={label}
      className={`switch${d.isActive ? ' switch-on' : ''}`}
      disabled={disabled || busy}
      aria-busy={busy}
      onClick={(e) => {
        e.stopPropagation();
        onToggle();
      }}
      onKeyDown={(e) => e.stopPropagation()}
    >
      <span className="switch-knob" aria-hidden="true" />
    </button>
  );
}

export function doctorColumns(
  tr: Translator,
  opts: { rowActions: (d: AdminDoctorListItem) => ReactNode; onActiveToggle: (d: AdminDoctorListItem) => void; canToggle: boolean; busyId?: number },
): ColumnDef<AdminDoctorListItem>[] {
  const { t, locale } = tr;
  return [
    { id: 'name', text: t('admin.doctors.col.doctor'), cell: (d) => ({ kind: 'info', image: d.avatar, title: d.name }) },
    { id: 'provide', text: t('admin.doctors.col.provideFor'), cell: (d) => ({ kind: 'string', value: provideForText(tr, d.provideCare) }) },
    { id: 'upcoming', text: t('admin.doctors.col.upcoming'), align: 'center', cell: (d) => ({ kind: 'number', value: d.upcommingBookings }) },
    {
      id: 'available',
      text: t('admin.doctors.col.availableFor'),
      cell: (d) => ({
        kind: 'element',
        value: (
          <span className="badges">
            {d.validOutpatient ? <span className="badge badge-green">{t('admin.doctors.badge.outpatient')}</span> : null}
            {d.validTelemedicine ? <span className="badge badge-blue">{t('admin.doctors.badge.telemedicine')}</span> : null}
          </span>
        ),
      }),
    },
    {
      id: 'price',
      text: t('admin.doctors.col.price'),
      cell: (d) => ({
        kind: 'two_line',
        first: bookingFeeText(locale, d),
        second: d.telemedicineFee.status && d.telemedicineFee.price != null ? t('admin.doctors.telemedicineFee', { price: formatMoney(locale, d.telemedicineFee.price, marketCurrency(d.countryId, locale)) }) : null,
      }),
    },
    {
      id: 'active',
      text: t('admin.doctors.col.active'),
      align: 'center',
      cell: (d) => ({
        kind: 'element',
        value: <ActiveSwitch d={d} label={t('admin.doctors.activeLabel', { name: d.name })} onToggle={() => opts.onActiveToggle(d)} disabled={!opts.canToggle} busy={opts.busyId === d.id} />,
      }),
    },
    { id: 'actions', text: t('admin.table.actions'), align: 'right', cell: (d) => ({ kind: 'options', value: opts.rowActions(d) }) },
  ];
}
