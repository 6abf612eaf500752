import { useCallback, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type uPlot from 'uplot';
import type { ChartData } from '@cgm/contract';
import { displayGlucose, DISPLAY_MAX_MGDL, roundGlucose } from '@cgm/domain';
import { UPlotChart, type ChartOptionsInput } from '../../charts/uplot-chart';
import { ClockNoteText } from '../../components/clock-note';
import { formatNumber } from '../../i18n/format';
import { formatGlucoseNumber } from '../../i18n/format-glucose';
import { buildChartModel, type ChartWindow } from './chart-data';
import { monitorChartOptions } from './chart-options';
import { ChartLegend } from './chart-legend';
import { readoutText, summaryText, type TextContext } from './chart-texts';
import { CHART_HOURS, type ChartHours } from './monitor-api';
import type { PatientClock } from './patient-clock';
import type { GlucosePrefs } from './status-view';

export interface MonitorChartProps {
  chart: ChartData;
  window: ChartWindow;
  prefs: GlucosePrefs;
  hours: ChartHours;
  onHours: (h: ChartHours) => void;
  showAlarms: boolean;
  /** Times on the patient's clock (axis, readout, summary) and the note when it is not the viewer's. */
  clock: PatientClock;
}

/** Taller on wide screens; a phone keeps most of the screen for the cards. */
const chartHeight = (width: number) => (width < 480 ? 280 : width < 900 ? 320 : 360);

/** The last hours' chart (spec §2 "Monitor"): an hour selector, the chart, its legend and summary. */
export function MonitorChart({ chart, window, prefs, hours, onHours, showAlarms, clock }: MonitorChartProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const summaryId = useId();
  const model = useMemo(() => buildChartModel(chart, prefs, window), [chart, prefs, window]);
  const text: TextContext = useMemo(() => ({ prefs, lang, t, time: clock.time }), [prefs, lang, t, clock]);
  const { glucoseLow, glucoseHigh, basalMax, sleep, transmitter, alarms } = model;
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
          formatGlucose: (v) => formatGlucoseNumber(v, prefs.unit, lang),
          formatRate: (v) => formatNumber(v, lang, { maximumFractionDigits: 2 }),
          formatUnits: (v) =>
            `${formatNumber(v, lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${t('units.insulin')}`,
          formatTime: clock.time,
          tzDate: clock.tzDate,
          labels: { high: t('monitor.glucose.high'), low: t('monitor.glucose.low') },
          sleep,
          transmitter,
          alarms,
        },
        input,
      ),
    [prefs, glucoseLow, glucoseHigh, basalMax, hours, showAlarms, lang, t, clock, sleep, transmitter, alarms],
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
      <p className={`monitor-chart__readout small${cursorAt === null ? ' muted' : ''}`}>
        {cursorAt === null ? t('monitor.chart.hint') : readoutText(chart, model, cursorAt, text)}
      </p>
      <ChartLegend present={model.present} showAlarms={showAlarms} />
      <ClockNoteText note={clock.note} />
      <p id={summaryId} className="monitor-chart__summary small">
        {summaryText(model, hours, showAlarms, text)}
      </p>
    </section>
  );
}
