// Chart series of the monitor and daily reports (spec §3 "Chart series") and which series a basal
// or bolus row is drawn in.

import { basalCodeInfo } from './basal-codes';
import type { BolusRecord } from './bolus-codes';
import { bolusKind } from './bolus-codes';

export type ChartAxis = 'glucose' | 'insulin' | 'marker';
export type ChartStyle = 'line' | 'points' | 'step' | 'bar' | 'marker';

export interface ChartSeries {
  id: string;
  axis: ChartAxis;
  style: ChartStyle;
  labelKey: string;
}

const s = (id: string, axis: ChartAxis, style: ChartStyle): ChartSeries => ({
  id,
  axis,
  style,
  labelKey: `chart.${id}`,
});

export const CHART_SERIES: readonly ChartSeries[] = [
  s('sg', 'glucose', 'line'),
  s('calib', 'glucose', 'points'),
  s('bg', 'glucose', 'points'),
  s('transmtr', 'marker', 'marker'),
  s('alarm', 'marker', 'marker'),
  s('basal', 'insulin', 'step'),
  s('tempBasal', 'insulin', 'step'),
  s('manualStop', 'insulin', 'step'),
  s('autoSuspend', 'insulin', 'step'),
  s('normalBolus', 'insulin', 'bar'),
  s('extendBolus', 'insulin', 'bar'),
  s('newPatch', 'marker', 'marker'),
  s('stop', 'marker', 'marker'),
  s('alert', 'marker', 'marker'),
  s('autoModeBasal', 'insulin', 'step'),
  s('autoModeCorrectionBolus', 'insulin', 'bar'),
];

/** The series a basal row is drawn in; undefined for markers that are not drawn (BAAMS, BAAME). */
export function basalSeriesOf(code: string): string | undefined {
  const info = basalCodeInfo(code);
  switch (info?.kind) {
    case 'scheduled':
      return 'basal';
    case 'temp':
      return 'tempBasal';
    case 'auto':
      return 'autoModeBasal';
    case 'suspend':
      return code === 'SUSM' ? 'manualStop' : 'autoSuspend';
    case 'newPatch':
      return 'newPatch';
    case 'end':
      return 'stop';
    default:
      return undefined;
  }
}

/** A normal bolus (and a combo's normal part) is a bar; extended and combo draw the extended part. */
export function bolusSeriesOf(record: Pick<BolusRecord, 'code' | 'delivered' | 'extendedDelivered'>): string {
  return bolusKind(record) === 'normal' ? 'normalBolus' : 'extendBolus';
}
