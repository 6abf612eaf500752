import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OverlayChart } from '../charts/overlay-chart';
import { DAY_COLOURS, overlayRuns } from '../charts/shaping';
import { useChartData } from '../reports-api';
import { Loadable } from './loadable';
import type { ReportViewProps } from './types';

/** chart2, the overlay: each chosen day's curve on one 24-hour axis, one colour per day (≤ 14 days). */
export function OverlayReport({ ctx, range }: ReportViewProps) {
  const q = useChartData('ol', ctx.uid, range, ctx.params);
  return (
    <Loadable q={q}>
      {(res) => (
        <OverlayBody
          days={res.report_data.days}
          low={res.thresholds.target_low}
          high={res.thresholds.target_high}
          ctx={ctx}
        />
      )}
    </Loadable>
  );
}

function OverlayBody({
  days,
  low,
  high,
  ctx,
}: {
  days: Array<{ day: string; valid: boolean; minute: number[]; mgdl: number[] }>;
  low: number;
  high: number;
  ctx: ReportViewProps['ctx'];
}) {
  const { t } = useTranslation();
  const { fmt } = ctx;
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const curves = useMemo(
    () =>
      days.map((d, i) => ({
        day: d.day,
        runs: overlayRuns(d, fmt.unit),
        colour: DAY_COLOURS[i % DAY_COLOURS.length]!,
        label: fmt.day(d.day, 'long'),
        count: d.mgdl.length,
      })),
    [days, fmt],
  );
  const toggle = (day: string) =>
    setHidden((h) => {
      const next = new Set(h);
      if (next.has(day)) next.delete(day);
      else next.add(day);
      return next;
    });
  return (
    <div className="report report--overlay">
      <OverlayChart
        days={curves.filter((c) => !hidden.has(c.day))}
        unit={fmt.unit}
        low={fmt.toUnit(low)}
        high={fmt.toUnit(high)}
        format={(v) => fmt.num(v, fmt.unit === 'mg/dL' ? 0 : 1)}
        title={t('reports.overlay.chartTitle')}
        description={t('reports.overlay.chartDesc', { count: curves.length, unit: fmt.unit })}
      />
      <ul className="overlay-legend" aria-label={t('reports.overlay.legend')}>
        {curves.map((c) => (
          <li key={c.day}>
            <label className={c.count ? undefined : 'muted'}>
              {!ctx.print && (
                <input type="checkbox" checked={!hidden.has(c.day)} onChange={() => toggle(c.day)} />
              )}
              <span className="overlay-legend__swatch" style={{ background: c.colour }} aria-hidden="true" />
              {fmt.shortDay(c.day)}
              {c.count === 0 && ` (${t('reports.noData')})`}
            </label>
          </li>
        ))}
      </ul>
    </div>
  );
}
