import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ProfileChart } from '../charts/profile-chart';
import { profileModel } from '../charts/shaping';
import { useDataReport } from '../reports-api';
import { Loadable } from './loadable';
import type { ReportViewProps } from './types';

const hm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/** chart5, the segment view: 48 half-hour bins with their percentiles, as a chart and a table. */
export function SegmentReport({ ctx, range }: ReportViewProps) {
  const { t } = useTranslation();
  const q = useDataReport(ctx.uid, ['segment'], range, ctx.params);
  const { fmt } = ctx;
  const seg = q.data?.report_data.segment;
  const model = useMemo(() => (seg ? profileModel(seg, fmt.unit, '10-90') : null), [seg, fmt.unit]);
  return (
    <Loadable q={q}>
      {(res) =>
        !seg || !model ? null : (
          <div className="report report--segment">
            <ProfileChart
              model={model}
              unit={fmt.unit}
              low={fmt.toUnit(res.thresholds.target_low)}
              high={fmt.toUnit(res.thresholds.target_high)}
              format={(v) => fmt.num(v, fmt.unit === 'mg/dL' ? 0 : 1)}
              title={t('reports.segment.chartTitle')}
              description={t('reports.segment.chartDesc', { unit: fmt.unit })}
              points
            />
            <div className="table-scroll">
              <table className="table table--compact segment-table">
                <caption className="muted small">{t('reports.segment.caption', { unit: fmt.unit })}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('reports.segment.time')}</th>
                    <th scope="col">{t('reports.segment.count')}</th>
                    <th scope="col">{t('reports.segment.p10')}</th>
                    <th scope="col">{t('reports.segment.p25')}</th>
                    <th scope="col">{t('reports.profile.median')}</th>
                    <th scope="col">{t('reports.segment.p75')}</th>
                    <th scope="col">{t('reports.segment.p90')}</th>
                  </tr>
                </thead>
                <tbody>
                  {seg.start_min.map((s, i) => (
                    <tr key={s}>
                      <th scope="row">{`${hm(s)}–${hm((s + seg.bin_minutes) % 1440)}`}</th>
                      <td>{fmt.num(seg.count[i])}</td>
                      <td>{fmt.glucose(seg.p10[i])}</td>
                      <td>{fmt.glucose(seg.p25[i])}</td>
                      <td>
                        <strong>{fmt.glucose(seg.p50[i])}</strong>
                      </td>
                      <td>{fmt.glucose(seg.p75[i])}</td>
                      <td>{fmt.glucose(seg.p90[i])}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
        )
      }
    </Loadable>
  );
}
