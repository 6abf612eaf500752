import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { GlucoseStatsBlock } from '@cgm/contract';
import {
  agpGoalResults,
  AGP_POPULATIONS,
  shownBandPercents,
  type AgpGoalResult,
  type AgpPopulation,
} from '@cgm/domain';
import { readAgpPopulation, writeAgpPopulation } from '../agp-population';
import { TIR_DECIMALS } from '../charts/tir';
import type { ReportFormat } from '../report-format';
import { ReportSection } from './loadable';

type Bands = NonNullable<GlucoseStatsBlock['time_in_ranges']>;

const TITLE: Record<AgpPopulation, string> = {
  type1or2: 'reports.agp.targetsTitle',
  olderOrHighRisk: 'reports.agp.targetsTitleOlder',
  pregnancyType1: 'reports.agp.targetsTitlePregnancy',
};

/**
 * The consensus goals of the chosen population beside the patient's figures (the domain's
 * agpGoals: Battelino 2019). Pregnancy's goals are on 63–140 mg/dL, so its figures are the
 * pregnancy bands of the same readings. The clinician chooses the population on screen; the print
 * names it in the title.
 */
export function AgpGoals({ stats, fmt, uid }: { stats: GlucoseStatsBlock; fmt: ReportFormat; uid: string }) {
  const { t } = useTranslation();
  const [sp, setSp] = useSearchParams();
  const population = readAgpPopulation(sp, uid);
  const bands = population === 'pregnancyType1' ? stats.time_in_pregnancy_ranges : stats.time_in_ranges;
  const rows = bands ? agpGoalResults(population, shown(bands)) : null;
  return (
    <ReportSection title={t(TITLE[population])} className="agp-targets">
      <label className="agp-population no-print">
        <span>{t('reports.agp.population')}</span>{' '}
        <select
          className="input input--small"
          value={population}
          onChange={(e) => {
            const next = writeAgpPopulation(sp, uid, e.target.value as AgpPopulation);
            next.delete('autoprint');
            setSp(next, { replace: true });
          }}
        >
          {AGP_POPULATIONS.map((p) => (
            <option key={p} value={p}>
              {t(`reports.agp.populations.${p}`)}
            </option>
          ))}
        </select>
      </label>
      <table className="table table--compact" data-population={population}>
        <thead>
          <tr>
            <th>{t('reports.agp.range')}</th>
            <th>{t('reports.agp.goal')}</th>
            <th>{t('reports.agp.result')}</th>
          </tr>
        </thead>
        <tbody>
          {rows === null ? (
            <tr>
              <td colSpan={3} className="muted">
                {t('reports.noData')}
              </td>
            </tr>
          ) : (
            rows.map((goal) => (
              <tr key={goal.band} data-band={goal.band} data-met={String(goal.met)}>
                <td>{rangeText(goal, fmt, t)}</td>
                <td>
                  <bdi>{`${goal.kind === 'above' ? '>' : '<'}${fmt.num(goal.pct)} %`}</bdi>
                </td>
                <td className={goal.met ? undefined : 'agp-goal--missed'}>{fmt.pct(goal.result)} %</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </ReportSection>
  );
}

const shown = (b: Bands) =>
  shownBandPercents(
    { veryLow: b.very_low, low: b.low, inRange: b.in_range, high: b.high, veryHigh: b.very_high },
    TIR_DECIMALS,
  );

/** The band's name with its limits in the unit ("In range 3.5–7.8 mmol/L", "Below 3.0 mmol/L"). */
function rangeText(
  goal: AgpGoalResult,
  fmt: ReportFormat,
  t: (key: string, opts?: Record<string, unknown>) => string,
): string {
  const unit = fmt.unit;
  const low = fmt.glucoseLimit(goal.lowMgdl);
  const high = fmt.glucoseLimit(goal.highMgdl);
  switch (goal.band) {
    case 'veryHigh':
      return t('reports.agp.target.veryHigh', { l250: low, unit });
    case 'aboveHigh':
      return t('reports.agp.target.high', { l180: low, unit });
    case 'inRange':
      return t('reports.agp.target.inRange', { l70: low, l180: high, unit });
    case 'belowLow':
      return t('reports.agp.target.low', { l70: high, unit });
    case 'veryLow':
      return t('reports.agp.target.veryLow', { l54: high, unit });
  }
}
