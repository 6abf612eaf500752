import { useCallback, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type uPlot from 'uplot';
import type { ChartData } from '@cgm/contract';
import { displayGlucose, DISPLAY_MAX_MGDL, glucoseDecimals, roundGlucose } from '@cgm/domain';
import { UPlotChart, type ChartOptionsInput } from '../../charts/uplot-chart';
import { formatNumber } from '../../i18n/format';
import { formatTime } from '../../i18n/format-time';
import { buildChartModel, readoutAt, type ChartWindow, type MonitorChartModel } from './chart-data';
import { monitorChartOptions } from './chart-options';
import { ChartLegend } from './chart-legend';
import { CHART_HOURS, type ChartHours } from './monitor-api';
import type { GlucosePrefs } from './status-view';

export interface MonitorChartProps {
  chart: ChartData;
  window: ChartWindow;
  prefs: GlucosePrefs;
  hours: ChartHours;
  onHours: (h: ChartHours) => void;
  showAlarms: boolean;
}

/** Taller on wide screens; a phone keeps most of the screen for the cards. */
const chartHeight = (width: number) => (width < 480 ? 280 : width < 900 ? 320 : 360);

/** The last hours' chart (spec §2 "Monitor"): an hour selector, the chart, its legend and summary. */
export function MonitorChart({ chart, window, prefs, hours, onHours, showAlarms }: MonitorChartProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const summaryId = useId();
  const model = useMemo(() => buildChartModel(chart, prefs, window), [chart, prefs, window]);
  const fmt = useFormatters(prefs);
  const { glucoseLow, glucoseHigh, basalMax } = model;
  const options = useCallback(
    (input: ChartOptionsInput) =>
      monitorChartOptions(
        {
          targetLow: roundGlucose(prefs.targetLow, prefs.unit),
          targetHigh: roundGlucose(prefs.targetHigh, prefs.unit),
          glucoseLow,
          glucoseHigh,
          displayMax: displayGlucose(DISPLAY_MAX_MGDL, prefs.unit).value!,
          basalMax,
          hours,
          showAlarms,
          formatGlucose: fmt.glucose,
          formatRate: (v) => formatNumber(v, lang, { maximumFractionDigits: 2 }),
          formatUnits: (v) => `${fmt.units(v)} ${t('units.insulin')}`,
          formatTime: (ms) => formatTime(ms, lang),
          labels: { high: t('monitor.glucose.high'), low: t('monitor.glucose.low') },
        },
        input,
      ),
    [prefs, glucoseLow, glucoseHigh, basalMax, hours, showAlarms, fmt, lang, t],
  );
  const [cursorAt, setCursorAt] = useState<number | null>(null);

  return (
    <section className="monitor-card monitor-chart" aria-labelledby={`${summaryId}-title`}>
      <div className="monitor-chart__head">
        <h2 id={`${summaryId}-title`} className="monitor-card__title">
          {t('monitor.chart.title')}
        </h2>
        <fieldset className="segmented monitor-chart__hours">
          <legend className="visually-hidden">{t('monitor.chart.hoursLabel')}</legend>
          {CHART_HOURS.map((h) => (
            <label key={h} className="segmented__option">
              <input
                type="radio"
                name={`${summaryId}-hours`}
                checked={hours === h}
                onChange={() => onHours(h)}
              />
              {t('monitor.chart.hours', { hours: h })}
            </label>
          ))}
        </fieldset>
      </div>
      <div className="monitor-chart__units muted small" aria-hidden="true">
        <span>{prefs.unit}</span>
        <span>{t('units.insulinRate')}</span>
      </div>
      <UPlotChart
        data={model.columns as uPlot.AlignedData}
        options={options}
        height={chartHeight}
        label={t('monitor.chart.label', { hours })}
        describedBy={summaryId}
        onCursor={setCursorAt}
      />
      <ReadoutLine chart={chart} model={model} time={cursorAt} prefs={prefs} />
      <ChartLegend present={model.present} showAlarms={showAlarms} />
      <p id={summaryId} className="monitor-chart__summary small">
        {summaryText(model, prefs, hours, showAlarms, fmt, lang, t)}
      </p>
    </section>
  );
}

type Formatters = ReturnType<typeof useFormatters>;

function useFormatters(prefs: GlucosePrefs) {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  return useMemo(() => {
    const decimals = glucoseDecimals(prefs.unit);
    return {
      glucose: (v: number) =>
        formatNumber(v, lang, { minimumFractionDigits: decimals, maximumFractionDigits: decimals }),
      units: (v: number) => formatNumber(v, lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
    };
  }, [prefs.unit, lang]);
}

function summaryText(
  model: MonitorChartModel,
  prefs: GlucosePrefs,
  hours: number,
  showAlarms: boolean,
  fmt: Formatters,
  lang: string,
  t: (key: string, opts?: Record<string, unknown>) => string,
): string {
  const s = model.summary;
  const unit = prefs.unit;
  const parts: string[] = [];
  if (s.readings === 0 || s.min === null || s.max === null) {
    parts.push(t('monitor.summary.noReadings', { hours }));
  } else {
    parts.push(
      t('monitor.summary.readings', {
        hours,
        count: formatNumber(s.readings, lang),
        min: fmt.glucose(s.min),
        max: fmt.glucose(s.max),
        unit,
        inTarget: formatNumber(Math.round(s.inTargetPercent ?? 0), lang),
        low: fmt.glucose(roundGlucose(prefs.targetLow, unit)),
        high: fmt.glucose(roundGlucose(prefs.targetHigh, unit)),
      }),
    );
  }
  if (s.latest) {
    const shown = displayGlucose(s.latest.mgdl, unit, s.latest.flag);
    const value =
      shown.kind === 'high'
        ? t('monitor.glucose.high')
        : shown.kind === 'low'
          ? t('monitor.glucose.low')
          : fmt.glucose(shown.value!);
    parts.push(t('monitor.summary.latest', { value, unit, time: formatTime(s.latest.time, lang) }));
  }
  parts.push(
    s.bolusCount === 0
      ? t('monitor.summary.noBoluses')
      : t('monitor.summary.boluses', {
          count: formatNumber(s.bolusCount, lang),
          total: `${fmt.units(s.bolusTotal)} ${t('units.insulin')}`,
        }),
  );
  if (s.basalMin !== null && s.basalMax !== null) {
    const rate = (v: number) => `${fmt.units(v)} ${t('units.insulinRate')}`;
    parts.push(t('monitor.summary.basal', { min: rate(s.basalMin), max: rate(s.basalMax) }));
  }
  if (s.autoModePercent > 0) {
    parts.push(t('monitor.summary.autoMode', { percent: formatNumber(Math.round(s.autoModePercent), lang) }));
  }
  if (showAlarms && s.alarms > 0)
    parts.push(t('monitor.summary.alarms', { count: formatNumber(s.alarms, lang) }));
  return parts.join(' ');
}

function ReadoutLine({
  chart,
  model,
  time,
  prefs,
}: {
  chart: ChartData;
  model: MonitorChartModel;
  time: number | null;
  prefs: GlucosePrefs;
}) {
  const { t, i18n } = useTranslation();
  const fmt = useFormatters(prefs);
  if (time === null) {
    return <p className="monitor-chart__readout muted small">{t('monitor.chart.hint')}</p>;
  }
  const r = readoutAt(chart, model, time);
  const parts = [formatTime(time, i18n.language)];
  if (r.sg?.value !== null && r.sg?.value !== undefined) {
    parts.push(`${t('chart.sg')} ${fmt.glucose(r.sg.value)} ${prefs.unit}`);
  }
  if (r.basal) {
    const label = r.basal.series === 'suspend' ? t('monitor.chart.suspended') : t(`chart.${r.basal.series}`);
    parts.push(`${label} ${fmt.units(r.basal.rate)} ${t('units.insulinRate')}`);
  }
  if (r.bolus)
    parts.push(
      `${t(r.bolus.labelKey ?? 'chart.normalBolus')} ${fmt.units(r.bolus.units)} ${t('units.insulin')}`,
    );
  // The alarm's name, as the reports write it; an unknown code is shown as it came.
  if (r.alarm)
    parts.push(
      `${t('chart.alarm')} ${t(`reports.alarmCodes.${r.alarm.code}`, { defaultValue: r.alarm.code })}`,
    );
  return <p className="monitor-chart__readout small">{parts.join(' · ')}</p>;
}
