import { useTranslation } from 'react-i18next';
import type { GlucoseStatsBlock } from '@cgm/contract';
import { hoursAndMinutes, minutesPerDay } from '@cgm/domain';
import { shownTir } from '../charts/tir';
import { TirBar } from '../charts/tir-bar';
import { tirLabels } from '../stats-block';
import type { ReportFormat } from '../report-format';

const BANDS = ['very_high', 'high', 'in_range', 'low', 'very_low'] as const;

/**
 * The AGP's time in ranges: the stacked bar with each band's share and, under it, its time per day
 * (h min; whole minutes adding up to 24 h), as the AGP prints them. The goals are in the targets
 * table beside it.
 */
export function AgpTimeInRanges({ stats, fmt }: { stats: GlucoseStatsBlock; fmt: ReportFormat }) {
  const { t } = useTranslation();
  const raw = stats.time_in_ranges;
  if (!raw) return <p className="muted">{t('reports.noData')}</p>;
  const shown = shownTir(raw);
  const minutes = minutesPerDay(BANDS.map((b) => raw[b]));
  const labels = tirLabels(fmt, t);
  const details = Object.fromEntries(
    BANDS.map((band, i) => {
      const hm = hoursAndMinutes(minutes[i]!);
      return [band, t('agpPage.hoursMinutes', { h: fmt.num(hm.h), m: fmt.num(hm.m) })];
    }),
  ) as Record<(typeof BANDS)[number], string>;
  return (
    <figure className="tir-figure agp-tir">
      <TirBar
        tir={shown}
        labels={labels}
        format={(v) => fmt.pct(v)}
        title={t('reports.tir.title')}
        details={details}
      />
      <figcaption className="muted small">{t('agpPage.timePerDay')}</figcaption>
    </figure>
  );
}
