import { useTranslation } from 'react-i18next';
import type { GlucoseStatsBlock } from '@cgm/contract';
import { hoursAndMinutes, minutesPerDay } from '@cgm/domain';
import { shownTir } from '../charts/tir';
import { TirBar } from '../charts/tir-bar';
import { tirLabels } from '../stats-block';
import type { ReportFormat } from '../report-format';

const BANDS = ['very_high', 'high', 'in_range', 'low', 'very_low'] as const;

/** Each band's consensus goal for most adults with type 1 or 2 (Battelino 2019), as the AGP prints it. */
const GOAL_KEYS: Record<(typeof BANDS)[number], string> = {
  very_high: 'agpPage.goal.veryHigh',
  high: 'agpPage.goal.high',
  in_range: 'agpPage.goal.inRange',
  low: 'agpPage.goal.low',
  very_low: 'agpPage.goal.veryLow',
};

/**
 * The AGP's time in ranges: the stacked bar, and per band its share, its time per day (h min;
 * whole minutes adding up to 24 h) and its goal.
 */
export function AgpTimeInRanges({ stats, fmt }: { stats: GlucoseStatsBlock; fmt: ReportFormat }) {
  const { t } = useTranslation();
  const raw = stats.time_in_ranges;
  if (!raw) return <p className="muted">{t('reports.noData')}</p>;
  const shown = shownTir(raw);
  const minutes = minutesPerDay(BANDS.map((b) => raw[b]));
  const labels = tirLabels(fmt, t);
  return (
    <div className="agp-tir">
      <TirBar tir={shown} labels={labels} format={(v) => fmt.pct(v)} title={t('reports.tir.title')} />
      <table className="table table--compact agp-tir__table">
        <thead>
          <tr>
            <th scope="col">{t('agpPage.band', { unit: fmt.unit })}</th>
            <th scope="col">%</th>
            <th scope="col">{t('agpPage.timePerDay')}</th>
            <th scope="col">{t('reports.agp.goal')}</th>
          </tr>
        </thead>
        <tbody>
          {BANDS.map((band, i) => {
            const hm = hoursAndMinutes(minutes[i]!);
            return (
              <tr key={band} data-band={band}>
                <th scope="row">{labels[band]}</th>
                <td className="num">{`${fmt.pct(shown[band])} %`}</td>
                <td className="num agp-tir__time">
                  {t('agpPage.hoursMinutes', { h: fmt.num(hm.h), m: fmt.num(hm.m) })}
                </td>
                <td className="small">{t(GOAL_KEYS[band])}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="muted small">
        {t('agpPage.sums', { below: fmt.pct(shown.below), above: fmt.pct(shown.above) })}
      </p>
    </div>
  );
}
