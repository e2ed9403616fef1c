/**
 * /admin (Overview, SPEC §2; admin, super, facility): bookings and revenue over a date range (default the last 30
 * days of the market's calendar), scoped by the top bar's hospital and branch. The range lives in the URL with the
 * scoping, like every list's state. Totals cards, then two charts (bookings per day by status, revenue per day) with
 * the two empty states of SPEC §8: no booking in the range, or not enough data for a graph.
 */
import { useMemo } from 'react';
import { z } from 'zod';
import { LOCALE_CONFIG, LOCALES, type Currency } from '../../../../i18n/locales';
import { chartState, defaultRange, isIsoDay, OVERVIEW_MAX_DAYS, overviewSeries, overviewState, rangeRefusal, type AdminOverviewData, type OverviewStatus } from '../../../lib/admin-overview';
import { formatCalendarDateIn, formatMoney, formatNumber } from '../../../lib/format';
import { todayInZone } from '../../../lib/hospital-time';
import { isPlatformAdmin } from '../../../lib/roles';
import { useMe } from '../../data/me/queries';
import { useOverview } from '../../data/overview/queries';
import { useT, type AdminKey, type Translator } from '../../i18n';
import { DateRangePicker, Dropdown } from '../../kit/form';
import { useListState } from '../../kit/list-state';
import { EmptyData, Spinner } from '../../kit/Spinner';
import { DayChart, type DaySeries } from './DayChart';
import { SiteBuildStatus } from './SiteBuildStatus';
import './overview.css';
import { LoadFailure } from '../../kit/LoadFailure';

const day = z.string().refine(isIsoDay).optional().catch(undefined);
const id = z.coerce.number().int().positive().optional().catch(undefined);
export const overviewUrlState = z.object({ from: day, to: day, hospital_id: id, branch_id: id, market: z.enum(LOCALES).optional().catch(undefined) });

/** Line colours of the statuses (contrast ≥ 3:1 on white), total first and widest. */
const STATUS_COLOURS: Record<OverviewStatus | 'total', string> = {
  total: '#0b5cad',
  pending: '#b54708',
  confirmed: '#6941c6',
  completed: '#067647',
  cancelled: '#b42318',
  expired: '#667085',
};
const REVENUE_COLOUR = '#0b5cad';
const CARD_STATUSES = ['confirmed', 'completed', 'cancelled'] as const satisfies readonly OverviewStatus[];

/** The Intl formatters of the screen, for the admin's language and the market's currency. */
function formatters(tr: Translator, currency: Currency) {
  const lang = LOCALE_CONFIG[tr.locale].htmlLang;
  return {
    count: (v: number) => formatNumber(tr.locale, v),
    money: (v: number) => formatMoney(tr.locale, v, currency),
    moneyAxis: (v: number) => formatNumber(tr.locale, v, { style: 'currency', currency, notation: 'compact', maximumFractionDigits: 1 }),
    tick: (d: string) => formatCalendarDateIn(lang, d, { day: 'numeric', month: 'short' }),
    day: (d: string) => formatCalendarDateIn(lang, d, { dateStyle: 'medium' }),
  };
}

function Charts({ data, currency }: { data: AdminOverviewData; currency: Currency }) {
  const tr = useT();
  const { t } = tr;
  const f = useMemo(() => formatters(tr, currency), [tr, currency]);
  const s = useMemo(() => overviewSeries(data), [data]);
  const totals = useMemo(() => s.days.map((_, i) => Object.values(s.bookings).reduce((n, v) => n + v[i]!, 0)), [s]);
  const bookingSeries = useMemo<DaySeries[]>(
    () => [
      { label: t('admin.overview.total'), values: totals, colour: STATUS_COLOURS.total, width: 3 },
      ...(Object.keys(s.bookings) as OverviewStatus[])
        .filter((st) => data.totals.byStatus[st] > 0)
        .map((st) => ({ label: t(`admin.overview.status.${st}` as AdminKey), values: s.bookings[st], colour: STATUS_COLOURS[st] })),
    ],
    [s, totals, data, t],
  );
  const revenueSeries = useMemo<DaySeries[]>(() => [{ label: t('admin.overview.revenue'), values: s.revenue, colour: REVENUE_COLOUR, bars: true }], [s, t]);
  const peak = (values: number[]) => s.days[values.indexOf(Math.max(...values))]!;
  const range = { from: f.day(data.from), to: f.day(data.to) };

  const bookingsEmpty = chartState(s.days.length, totals);
  const revenueEmpty = chartState(s.days.length, s.revenue);
  const notEnough = (title: string) => (
    <section className="card day-chart" aria-label={title}>
      <h2>{title}</h2>
      <EmptyData text={t('admin.overview.notEnoughData')} />
    </section>
  );
  return (
    <div className="overview-charts">
      {bookingsEmpty ? (
        notEnough(t('admin.overview.bookingsChart'))
      ) : (
        <DayChart
          title={t('admin.overview.bookingsChart')}
          summary={t('admin.overview.bookingsSummary', { count: f.count(data.totals.bookings), ...range, day: f.day(peak(totals)) })}
          days={s.days}
          series={bookingSeries}
          formatTick={f.tick}
          formatDay={f.day}
          formatValue={f.count}
          formatAxis={f.count}
          yLabel={t('admin.overview.bookingsAxis')}
          integers
        />
      )}
      {revenueEmpty ? (
        notEnough(t('admin.overview.revenueChart'))
      ) : (
        <DayChart
          title={t('admin.overview.revenueChart')}
          summary={t('admin.overview.revenueSummary', { amount: f.money(data.totals.revenue), ...range, day: f.day(peak(s.revenue)) })}
          days={s.days}
          series={revenueSeries}
          formatTick={f.tick}
          formatDay={f.day}
          formatValue={f.money}
          formatAxis={f.moneyAxis}
          yLabel={t('admin.overview.revenueAxis', { currency })}
        />
      )}
    </div>
  );
}

function TotalsCards({ data, currency }: { data: AdminOverviewData; currency: Currency }) {
  const tr = useT();
  const { t } = tr;
  const f = formatters(tr, currency);
  const cards = [
    { key: 'bookings', label: t('admin.overview.bookings'), value: f.count(data.totals.bookings) },
    { key: 'revenue', label: t('admin.overview.revenue'), value: f.money(data.totals.revenue) },
    ...CARD_STATUSES.map((st) => ({ key: st, label: t(`admin.overview.status.${st}` as AdminKey), value: f.count(data.totals.byStatus[st]) })),
  ];
  return (
    <section aria-label={t('admin.overview.totals')}>
      <dl className="overview-totals">
        {cards.map((c) => (
          <div key={c.key} className="card total-card" data-total={c.key}>
            <dt>{c.label}</dt>
            <dd>{c.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export default function OverviewScreen() {
  const tr = useT();
  const { t, locale } = tr;
  const me = useMe().data!;
  const [state, update] = useListState(overviewUrlState);
  // Platform admins pick the market (default: their language's); other roles work in their organization's.
  const platform = isPlatformAdmin(me.role);
  const market = LOCALE_CONFIG[platform && state.market ? state.market : locale];
  const today = useMemo(() => todayInZone(new Date(), market.timeZones[0]!), [market]);
  const defaults = defaultRange(today);
  const from = state.from ?? defaults.from;
  const to = state.to ?? defaults.to;
  const refusal = rangeRefusal(from, to);
  // Platform admins work in the market of their language (one currency); organization managers in their own.
  const query = { from, to, hospitalId: state.hospital_id, branchId: state.branch_id, countryId: platform ? market.countryId : undefined };
  const overview = useOverview(query, !refusal);
  const data = overview.data;
  const currency = (data?.currency ?? market.currency) as Currency;

  const body = () => {
    if (refusal) return null;
    if (overview.isError)
      return <LoadFailure error={overview.error} />;
    if (!data) return <Spinner />;
    return (
      <div className="overview-body" aria-busy={overview.isFetching || undefined}>
        <TotalsCards data={data} currency={currency} />
        {overviewState(data) === 'noData' ? (
          <div className="card">
            <EmptyData text={t('admin.overview.noData')} />
          </div>
        ) : (
          <Charts data={data} currency={currency} />
        )}
      </div>
    );
  };

  return (
    <section aria-labelledby="overview-heading" className="screen overview">
      <h2 id="overview-heading" className="sr-only">
        {t('admin.menu.overview')}
      </h2>
      <div className="card overview-range" role="group" aria-label={t('admin.overview.range')}>
        <DateRangePicker from={from} to={to} labels={{ from: t('admin.overview.from'), to: t('admin.overview.to') }} onChange={(r) => update({ from: r.from, to: r.to })} />
        {platform ? (
          <Dropdown
            label={t('admin.overview.market')}
            placeholder={t('admin.overview.market')}
            value={market.code}
            options={LOCALES.map((l) => ({ value: l, label: `${LOCALE_CONFIG[l].countryName} (${LOCALE_CONFIG[l].currency})` }))}
            onChange={(v) => update({ market: v === locale ? null : v, from: state.from, to: state.to })}
          />
        ) : null}
        {overview.isFetching && data ? <Spinner block={false} /> : null}
      </div>
      {refusal ? (
        <p className="alert alert-danger" role="alert">
          {refusal === 'rangeTooLong' ? t('admin.overview.rangeTooLong', { count: OVERVIEW_MAX_DAYS }) : t('admin.overview.rangeReversed')}
        </p>
      ) : null}
      {body()}
      <SiteBuildStatus />
    </section>
  );
}
