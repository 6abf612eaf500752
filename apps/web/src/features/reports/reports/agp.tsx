import { useMemo, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { GlucoseStatsBlock } from '@cgm/contract';
import {
  AGP_AXIS_TOP_MGDL,
  AGP_REFERENCE_MGDL,
  AGP_TARGET_HIGH_MGDL,
  AGP_TARGET_LOW_MGDL,
} from '@cgm/domain';
import { gmiWithheldText } from '../../../i18n/withheld-reason';
import { AgpCurveChart } from '../charts/agp-curve';
import { profileModel } from '../charts/shaping';
import { readAgpBand, type AgpBand } from '../report-params';
import { useChartData } from '../reports-api';
import { AgpGoals } from './agp-goals';
import { AgpDailyProfiles } from './agp-panels';
import { AgpTimeInRanges } from './agp-ranges';
import { Loadable, ReportSection } from './loadable';
import type { ReportViewProps } from './types';

/**
 * The AGP report (screen /Hcp/charts/agp, print chart6-print2, and in quick print): statistics and
 * targets (the goals of the population the clinician chooses), time in ranges with time per day, the AGP curve (5–95 by the AGP convention; ?band=10
 * gives the portal's 10–90) and the daily glucose profiles of the last 14 days, in the layout of
 * the IDC AGP v5 (CLINICAL.md "The AGP report page"), on one printed page.
 */
export function AgpReport({ ctx, range }: ReportViewProps) {
  const { t } = useTranslation();
  const [sp] = useSearchParams();
  const outer = readAgpBand(sp);
  const q = useChartData('ta', ctx.uid, range, ctx.params);
  const { fmt } = ctx;
  return (
    <Loadable q={q}>
      {(res) => {
        const s = res.report_data.stats;
        return (
          <div className="report report--agp">
            <div className="agp-top">
              <ReportSection title={t('reports.agp.statsTitle')}>
                <table className="table table--compact">
                  <tbody>
                    <Row
                      label={t('reports.agp.period')}
                      value={
                        <>
                          <bdi>{fmt.day(res.from)}</bdi> – <bdi>{fmt.day(res.to)}</bdi>{' '}
                          {`(${t('reports.range.days', { count: res.coverage.length })})`}
                        </>
                      }
                    />
                    <Row
                      label={t('reports.agp.active')}
                      value={`${fmt.pct(res.report_data.sensor_wear)} %`}
                    />
                    <Row label={t('reports.stats.mean')} value={fmt.glucoseWithUnit(s.mean)} />
                    <GmiRow stats={s} fmt={fmt} />
                    <Row
                      label={t('reports.stats.cv')}
                      value={`${fmt.pct(s.cv)} %`}
                      hint={t('reports.agp.cvGoal')}
                    />
                    {res.report_data.days_with_data === 0 && (
                      <Row label={t('reports.stats.count')} value="0" hint={t('reports.noData')} />
                    )}
                  </tbody>
                </table>
              </ReportSection>
              <AgpGoals stats={s} fmt={fmt} uid={ctx.uid} />
              <ReportSection title={t('reports.tir.title')}>
                <AgpTimeInRanges stats={s} fmt={fmt} />
              </ReportSection>
            </div>
            <ReportSection title={t('reports.agp.curveTitle')}>
              <AgpCurve res={res} ctx={ctx} outer={outer} />
            </ReportSection>
            {range && <AgpDailyProfiles ctx={ctx} range={range} />}
          </div>
        );
      }}
    </Loadable>
  );
}

/** GMI, or "--" with the rule it missed beside it (CLINICAL.md: the page says why). */
export function GmiRow({ stats, fmt }: { stats: GlucoseStatsBlock; fmt: ReportViewProps['ctx']['fmt'] }) {
  const { t } = useTranslation();
  const label = t('reports.stats.gmi');
  if (stats.gmi !== null) return <Row label={label} value={`${fmt.num(stats.gmi, 1)} %`} />;
  const why = stats.gmi_withheld && gmiWithheldText(stats.gmi_withheld, stats.covered_pct, fmt.lang, t);
  return <Row label={label} value="--" hint={why || undefined} />;
}

function Row({ label, value, hint }: { label: string; value: ReactNode; hint?: string }) {
  return (
    <tr>
      <th scope="row">{label}</th>
      <td>
        {value}
        {hint && <span className="muted small"> {hint}</span>}
      </td>
    </tr>
  );
}

function AgpCurve({
  res,
  ctx,
  outer,
}: {
  res: NonNullable<ReturnType<typeof useChartData<'ta'>>['data']>;
  ctx: ReportViewProps['ctx'];
  outer: AgpBand;
}) {
  const { t } = useTranslation();
  const { fmt } = ctx;
  const model = useMemo(() => profileModel(res.report_data.profile, fmt.unit, outer), [res, fmt.unit, outer]);
  const g = (mgdl: number) => fmt.glucoseLimit(mgdl);
  return (
    <>
      <AgpCurveChart
        model={model}
        unit={fmt.unit}
        format={(v) => fmt.num(v, fmt.unit === 'mg/dL' ? 0 : 1)}
        title={t('reports.agp.curveTitle')}
        description={t('reports.agp.curveDesc', { band: outer })}
      />
      <ul className="profile-legend">
        <li>
          <span className="profile-legend__key profile-legend__key--outer" aria-hidden="true" />
          {t(outer === '5-95' ? 'reports.profile.outer595' : 'reports.profile.outer1090')}
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
          {t('agpPage.targetBand', {
            low: g(AGP_TARGET_LOW_MGDL),
            high: g(AGP_TARGET_HIGH_MGDL),
            unit: fmt.unit,
          })}
        </li>
      </ul>
      <p className="muted small">
        {t('agpPage.curveNote', {
          l54: g(AGP_REFERENCE_MGDL[0]),
          l250: g(AGP_REFERENCE_MGDL[1]),
          top: g(AGP_AXIS_TOP_MGDL),
          unit: fmt.unit,
        })}
      </p>
    </>
  );
}
