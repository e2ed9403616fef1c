/**
 * A per-day chart drawn with uPlot. uPlot is imported here only, so it ships inside the overview's lazy chunk and
 * the admin's first load does not carry it. The canvas is hidden from assistive technology: the figure's summary and its visually hidden table carry the
 * same figures as text. Axis and legend values go through the formatters the screen builds with Intl.
 */
import { useEffect, useId, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { useT } from '../../i18n';

export interface DaySeries {
  label: string;
  values: number[];
  colour: string;
  bars?: boolean;
  width?: number;
}

interface Props {
  title: string;
  summary: string;
  days: string[];
  series: DaySeries[];
  /** Axis tick of a day (short) and the day in the legend and table (long). */
  formatTick: (day: string) => string;
  formatDay: (day: string) => string;
  formatValue: (v: number) => string;
  formatAxis: (v: number) => string;
  yLabel: string;
  /** Counts: ticks on whole numbers only. */
  integers?: boolean;
}

const HEIGHT = 260;
const DAY_STEPS = [1, 2, 3, 7, 14, 28, 56, 91, 182];
const INTEGER_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 20_000, 50_000, 100_000];

export function DayChart({ title, summary, days, series, formatTick, formatDay, formatValue, formatAxis, yLabel, integers }: Props) {
  const { t } = useT();
  const box = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const summaryId = useId();

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const axis = { stroke: '#5b6676', grid: { stroke: '#e6eaf0', width: 1 }, ticks: { stroke: '#dfe3ea', width: 1 }, font: '12px system-ui, sans-serif', labelFont: '12px system-ui, sans-serif' };
    const chart = new uPlot(
      {
        width: el.clientWidth,
        height: HEIGHT,
        scales: { x: { time: false, range: [-0.5, Math.max(days.length - 0.5, 0.5)] }, y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] } },
        axes: [
          { ...axis, space: 72, incrs: DAY_STEPS, values: (_u, splits) => splits.map((i) => (Number.isInteger(i) && days[i] ? formatTick(days[i]) : '')) },
          { ...axis, label: yLabel, size: 76, space: 40, incrs: integers ? INTEGER_STEPS : undefined, values: (_u, splits) => splits.map(formatAxis) },
        ],
        series: [
          { label: t('admin.overview.day'), value: (_u, i) => (i == null || !days[i] ? '–' : formatDay(days[i])) },
          ...series.map((s) => ({
            label: s.label,
            stroke: s.colour,
            width: s.width ?? 2,
            fill: s.bars ? `${s.colour}cc` : undefined,
            paths: s.bars ? uPlot.paths.bars!({ size: [0.7, 40], align: 0 }) : undefined,
            points: { show: days.length <= 31 },
            value: (_u: uPlot, v: number | null) => (v == null ? '–' : formatValue(v)),
          })),
        ],
        cursor: { drag: { x: false, y: false } },
        // The legend names the series; the values are in the summary and the table.
        legend: { live: false },
      },
      [days.map((_, i) => i), ...series.map((s) => s.values)],
      el,
    );
    const observer = new ResizeObserver(() => chart.setSize({ width: el.clientWidth, height: HEIGHT }));
    observer.observe(el);
    return () => {
      observer.disconnect();
      chart.destroy();
    };
  }, [days, series, formatTick, formatDay, formatValue, formatAxis, yLabel, integers, t]);

  return (
    <figure className="card day-chart" aria-labelledby={titleId} aria-describedby={summaryId}>
      <h2 id={titleId}>{title}</h2>
      <p id={summaryId} className="chart-summary">
        {summary}
      </p>
      <div ref={box} className="chart-box" aria-hidden="true" />
      {/* A table grows to its rows whatever its height: the wrapper is what is visually hidden. */}
      <div className="sr-only">
        <table className="chart-data">
          <caption>{t('admin.overview.dataTable')}: {title}</caption>
          <thead>
            <tr>
              <th scope="col">{t('admin.overview.day')}</th>
              {series.map((s) => (
                <th key={s.label} scope="col">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {days.map((d, i) => (
              <tr key={d}>
                <th scope="row">{formatDay(d)}</th>
                {series.map((s) => (
                  <td key={s.label}>{formatValue(s.values[i] ?? 0)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
