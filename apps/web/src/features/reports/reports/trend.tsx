import { useLayoutEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ProfileChart } from '../charts/profile-chart';
import { AgpPrintControls } from '../print/agp-print-controls';
import { profileModel } from '../charts/shaping';
import { useChartData } from '../reports-api';
import { GlucoseStats, TimeInRangesBar } from '../stats-block';
import { Loadable, ReportSection } from './loadable';
import { markDataArrived, measureDrawn } from './draw-timing';
import type { ReportViewProps } from './types';

/**
 * chart3, trend analysis: the daily profile of 144 ten-minute bins with the 10–90 and 25–75
 * bands and the median, the target lines, the statistics block and time in ranges (≤ 90 days).
 * The time from the data's arrival to the drawn chart is measured (target ≤ 300 ms for 90 days).
 */
export function TrendReport({ ctx, range }: ReportViewProps) {
  const { t } = useTranslation();
  const q = useChartData('ta', ctx.uid, range, ctx.params, () => markDataArrived('ta'));
  const { fmt } = ctx;
  return (
    <Loadable q={q}>
      {(res) => (
        <div className="report report--trend">
          <p className="report__facts">
            {t('reports.trend.facts', {
              days: fmt.num(res.report_data.days_with_data),
              valid: fmt.num(res.report_data.valid_days),
            })}
          </p>
          <ReportSection title={t('reports.trend.profile')}>
            <TrendChart res={res} ctx={ctx} />
            <ul className="profile-legend">
              <li>
                <span className="profile-legend__key profile-legend__key--outer" aria-hidden="true" />
                {t('reports.profile.outer1090')}
              </li>
              <li>
                <span className="profile-legend__key profile-legend__key--inner" aria-hidden="true" />
                {t('reports.profile.inner')}
              </li>
              <li>
                <span className="profile-legend__key profile-legend__key--median" aria-hidden="true" />
                {t('reports.profile.median')}
              </li>
              <li>
                <span className="profile-legend__key profile-legend__key--target" aria-hidden="true" />
                {t('reports.profile.target', {
                  low: fmt.glucoseLimit(res.thresholds.target_low),
                  high: fmt.glucoseLimit(res.thresholds.target_high),
                  unit: fmt.unit,
                })}
              </li>
            </ul>
            {!ctx.print && range && <AgpPrintControls ctx={ctx} range={range} />}
          </ReportSection>
          <div className="report-grid">
            <ReportSection title={t('reports.stats.title')}>
              <GlucoseStats stats={res.report_data.stats} fmt={fmt} />
            </ReportSection>
            <ReportSection title={t('reports.tir.title')}>
              <TimeInRangesBar stats={res.report_data.stats} fmt={fmt} />
            </ReportSection>
          </div>
        </div>
      )}
    </Loadable>
  );
}

function TrendChart({
  res,
  ctx,
}: {
  res: NonNullable<ReturnType<typeof useChartData<'ta'>>['data']>;
  ctx: ReportViewProps['ctx'];
}) {
  const { t } = useTranslation();
  const { fmt } = ctx;
  const box = useRef<HTMLDivElement>(null);
  const model = useMemo(() => profileModel(res.report_data.profile, fmt.unit, '10-90'), [res, fmt.unit]);
  useLayoutEffect(() => {
    const ms = measureDrawn('ta', res.report_data.days.length);
    if (ms !== null && box.current) box.current.dataset.drawMs = ms.toFixed(1);
  }, [res, model]);
  return (
    <div ref={box} className="trend-chart" data-testid="trend-chart">
      <ProfileChart
        model={model}
        unit={fmt.unit}
        low={fmt.toUnit(res.thresholds.target_low)}
        high={fmt.toUnit(res.thresholds.target_high)}
        format={(v) => fmt.num(v, fmt.unit === 'mg/dL' ? 0 : 1)}
        title={t('reports.trend.profile')}
        description={t('reports.trend.chartDesc', { days: res.report_data.days_with_data, unit: fmt.unit })}
      />
    </div>
  );
}
