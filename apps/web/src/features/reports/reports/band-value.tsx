import { useTranslation } from 'react-i18next';
import { glucoseBand, GLUCOSE_BANDS, type GlucoseBand } from '@cgm/domain';
import type { ReportFormat } from '../report-format';

// Logbook cells coloured by the consensus band of their glucose (issue 17: lows and highs did not
// stand out). The colour adds to the figure, never replaces it: the text is the display rule's.

/** The band a shown glucose level falls in, for its colour; none without a value. */
export function bandOf(mgdl: number | null | undefined): GlucoseBand | null {
  return mgdl === null || mgdl === undefined || !Number.isFinite(mgdl) ? null : glucoseBand(mgdl);
}

/** A glucose figure by the display rule, coloured by its band. */
export function BandValue({
  mgdl,
  fmt,
  strong,
}: {
  mgdl: number | null;
  fmt: ReportFormat;
  strong?: boolean;
}) {
  const band = bandOf(mgdl);
  const Tag = strong ? 'strong' : 'span';
  return (
    <Tag className={band ? `band-value band-value--${band}` : undefined} data-band={band ?? undefined}>
      {fmt.glucose(mgdl)}
    </Tag>
  );
}

/** The legend of the band colours, with the limits in the unit. */
export function BandLegend({ fmt }: { fmt: ReportFormat }) {
  const { t } = useTranslation();
  const g = (mgdl: number) => fmt.glucoseLimit(mgdl);
  const limits: Record<GlucoseBand, string> = {
    veryLow: `<${g(54)}`,
    low: `${g(54)}–${g(69)}`,
    inRange: `${g(70)}–${g(180)}`,
    high: `${g(181)}–${g(250)}`,
    veryHigh: `>${g(250)}`,
  };
  return (
    <ul className="band-legend" aria-label={t('bandColours.legend')}>
      {GLUCOSE_BANDS.map((b) => (
        <li key={b}>
          <span className={`band-legend__key band-value--${b}`} aria-hidden="true" />
          {`${t(`reports.tir.${b}`)} (${limits[b]} ${fmt.unit})`}
        </li>
      ))}
    </ul>
  );
}
