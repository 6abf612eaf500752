import type { ChartData } from '@cgm/contract';
import { isInvalidReading } from '@cgm/domain';
import { formatNumber } from '../../i18n/format';
import { formatGlucoseLimit, formatGlucoseShown, glucoseWords } from '../../i18n/format-glucose';
import { readoutAt, type MonitorChartModel } from './chart-data';
import type { GlucosePrefs } from './status-view';

// The words of the monitor chart: the accessible summary under it and the readout at the cursor.
// Glucose levels follow the display rule ("High" above 400 mg/dL, "Low" at or below 40); readings
// flagged C or CX are named as not valid, never given as a value (CLINICAL.md).

export type T = (key: string, opts?: Record<string, unknown>) => string;

export interface TextContext {
  prefs: GlucosePrefs;
  lang: string;
  t: T;
  /** A time as the chart's axis shows it. */
  time: (ms: number) => string;
}

const units2 = (v: number, lang: string) =>
  formatNumber(v, lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A level with its unit; the words High and Low stand alone. */
function level(mgdl: number | null, c: TextContext): string {
  const text = formatGlucoseShown(mgdl, c.prefs.unit, c.lang, glucoseWords(c.t));
  return /\p{Nd}/u.test(text) ? `${text} ${c.prefs.unit}` : text;
}

export function summaryText(
  model: MonitorChartModel,
  hours: number,
  showAlarms: boolean,
  c: TextContext,
): string {
  const { t, lang, prefs } = c;
  const s = model.summary;
  const unit = prefs.unit;
  const words = glucoseWords(t);
  const parts: string[] = [];
  if (s.readings === 0 || s.min === null || s.max === null) {
    parts.push(t('monitor.summary.noReadings', { hours }));
  } else {
    parts.push(
      t('monitor.summary.readings', {
        hours,
        count: formatNumber(s.readings, lang),
        min: formatGlucoseShown(s.min, unit, lang, words),
        max: formatGlucoseShown(s.max, unit, lang, words),
        unit,
        inTarget: formatNumber(Math.round(s.inTargetPercent ?? 0), lang),
        low: formatGlucoseLimit(prefs.targetLow, unit, lang),
        high: formatGlucoseLimit(prefs.targetHigh, unit, lang),
      }),
    );
  }
  if (s.flagged > 0) parts.push(t('monitor.summary.flagged', { count: formatNumber(s.flagged, lang) }));
  if (s.latest) {
    const time = c.time(s.latest.time);
    if (isInvalidReading(s.latest.flag)) parts.push(t('monitor.summary.latestFlagged', { time }));
    else {
      const value = formatGlucoseShown(s.latest.mgdl, unit, lang, words, s.latest.flag);
      // "High" and "Low" take no unit.
      const withUnit = /\p{Nd}/u.test(value);
      parts.push(
        t('monitor.summary.latest', { value, unit: withUnit ? unit : '', time }).replace(/ {2,}/g, ' '),
      );
    }
  }
  parts.push(
    s.bolusCount === 0
      ? t('monitor.summary.noBoluses')
      : t('monitor.summary.boluses', {
          count: formatNumber(s.bolusCount, lang),
          total: `${units2(s.bolusTotal, lang)} ${t('units.insulin')}`,
        }),
  );
  if (s.basalMin !== null && s.basalMax !== null) {
    const rate = (v: number) => `${units2(v, lang)} ${t('units.insulinRate')}`;
    parts.push(t('monitor.summary.basal', { min: rate(s.basalMin), max: rate(s.basalMax) }));
  }
  if (s.autoModePercent > 0) {
    parts.push(t('monitor.summary.autoMode', { percent: formatNumber(Math.round(s.autoModePercent), lang) }));
  }
  if (showAlarms && s.alarms > 0)
    parts.push(t('monitor.summary.alarms', { count: formatNumber(s.alarms, lang) }));
  return parts.join(' ');
}

/** What the chart shows at the cursor: time, glucose (or "not valid"), basal, bolus, alarm. */
export function readoutText(chart: ChartData, model: MonitorChartModel, at: number, c: TextContext): string {
  const { t, lang } = c;
  const r = readoutAt(chart, model, at);
  const parts = [c.time(at)];
  if (r.sg && isInvalidReading(r.sg.flag)) parts.push(t('chart.invalidCalibration'));
  else if (r.sg && r.sg.mgdl !== null) parts.push(`${t('chart.sg')} ${level(r.sg.mgdl, c)}`);
  else if (r.sg?.flag === 'H') parts.push(`${t('chart.sg')} ${glucoseWords(t).high}`);
  if (r.basal) {
    const label = r.basal.series === 'suspend' ? t('monitor.chart.suspended') : t(`chart.${r.basal.series}`);
    parts.push(`${label} ${units2(r.basal.rate, lang)} ${t('units.insulinRate')}`);
  }
  if (r.bolus)
    parts.push(
      `${t(r.bolus.labelKey ?? 'chart.normalBolus')} ${units2(r.bolus.units, lang)} ${t('units.insulin')}`,
    );
  // Auto mode's micro-deliveries of the row under the cursor (spec §3 basal row JSON).
  if (r.auto) {
    const u = (v: number) => `${units2(v, lang)} ${t('units.insulin')}`;
    parts.push(
      t('monitorChart.autoParts', {
        basal: u(r.auto.basal),
        correction: u(r.auto.correction),
        meal: u(r.auto.meal),
      }),
    );
  }
  // The alarm's name, as the reports write it; an unknown code is shown as it came.
  if (r.alarm) {
    const name = t(`reports.alarmCodes.${r.alarm.code}`, { defaultValue: r.alarm.code });
    const cleared =
      r.alarm.clearedAt === null
        ? ''
        : ` (${t('monitorChart.alarmCleared', { time: c.time(r.alarm.clearedAt) })})`;
    parts.push(`${t('chart.alarm')} ${name}${cleared}`);
  }
  if (r.transmitter) {
    const state = r.transmitter.stateKey ? t(r.transmitter.stateKey) : r.transmitter.state;
    parts.push(`${t('chart.transmtr')}: ${state}`);
  }
  return parts.join(' · ');
}
