import { useTranslation } from 'react-i18next';
import type { LegendId } from './chart-data';

interface LegendItem {
  id: LegendId | 'target';
  labelKey: string;
  /** CSS modifier of the swatch: line, point, ring, area, bar, or a marker shape. */
  swatch: string;
}

const ITEMS: readonly LegendItem[] = [
  { id: 'sg', labelKey: 'chart.sg', swatch: 'sg' },
  { id: 'flagged', labelKey: 'chart.invalidCalibration', swatch: 'flagged' },
  { id: 'target', labelKey: 'monitor.chart.targetRange', swatch: 'target' },
  { id: 'calib', labelKey: 'chart.calib', swatch: 'calib' },
  { id: 'bg', labelKey: 'chart.bg', swatch: 'bg' },
  { id: 'basal', labelKey: 'chart.basal', swatch: 'basal' },
  { id: 'tempBasal', labelKey: 'chart.tempBasal', swatch: 'temp-basal' },
  { id: 'autoModeBasal', labelKey: 'chart.autoModeBasal', swatch: 'auto-basal' },
  { id: 'suspend', labelKey: 'monitor.chart.suspended', swatch: 'suspend' },
  { id: 'bolus', labelKey: 'monitor.chart.bolus', swatch: 'bolus' },
  { id: 'autoCorrection', labelKey: 'chart.autoModeCorrectionBolus', swatch: 'auto-correction' },
  { id: 'alarm', labelKey: 'chart.alarm', swatch: 'alarm' },
  { id: 'newPatch', labelKey: 'chart.newPatch', swatch: 'new-patch' },
  { id: 'stop', labelKey: 'chart.stop', swatch: 'stop' },
  { id: 'transmitter', labelKey: 'chart.transmtr', swatch: 'transmitter' },
  { id: 'sleep', labelKey: 'monitorChart.sleepTime', swatch: 'sleep' },
];

/** The chart's legend: the glucose line and target band always, the other series when drawn. */
export function ChartLegend({
  present,
  showAlarms,
}: {
  present: ReadonlySet<LegendId>;
  showAlarms: boolean;
}) {
  const { t } = useTranslation();
  const shown = ITEMS.filter(
    (item) =>
      item.id === 'sg' ||
      item.id === 'target' ||
      (present.has(item.id) && (item.id !== 'alarm' || showAlarms)),
  );
  return (
    <ul className="chart-legend" aria-label={t('monitor.chart.legend')}>
      {shown.map((item) => (
        <li key={item.id} className="chart-legend__item">
          <span className={`chart-legend__swatch chart-legend__swatch--${item.swatch}`} aria-hidden="true" />
          {t(item.labelKey)}
        </li>
      ))}
    </ul>
  );
}
