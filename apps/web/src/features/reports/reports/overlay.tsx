import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DISPLAY_MAX_MGDL, DISPLAY_MIN_MGDL } from '@cgm/domain';
import { OverlayChart } from '../charts/overlay-chart';
import { overlayClipped, overlayStyle } from '../charts/overlay-style';
import { overlayRuns } from '../charts/shaping';
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
        ...overlayStyle(i),
        clipped: overlayClipped(d, fmt.unit),
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
              <svg className="overlay-legend__line" viewBox="0 0 24 8" aria-hidden="true">
                <line x1="1" x2="23" y1="4" y2="4" stroke={c.colour} strokeDasharray={c.dash ?? undefined} />
              </svg>
              {fmt.shortDay(c.day)}
              {c.count === 0 && ` (${t('reports.noData')})`}
            </label>
          </li>
        ))}
      </ul>
      {curves.some((c) => c.clipped.length > 0) && (
        <p className="muted small overlay-clipped-note">
          {t('overlayStyle.clipped', {
            high: fmt.glucoseLimit(DISPLAY_MAX_MGDL),
            low: fmt.glucoseLimit(DISPLAY_MIN_MGDL),
            unit: fmt.unit,
          })}
        </p>
      )}
    </div>
  );
}
