import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { DdDay } from '@cgm/contract';
import { DayChart } from '../charts/day-chart';
import { dayModel } from '../charts/shaping';
import type { ReportFormat } from '../report-format';
import { useChartData } from '../reports-api';
import { dailyMode, shownDay } from './daily-day';
import { DayPicker } from './day-picker';
import { dayFacts, dayText } from './daily-text';
import { Loadable } from './loadable';
import type { ReportViewProps } from './types';

/**
 * chart1, the daily report: one chart per local date with that day's statistics (≤ 14 days). On
 * screen it opens on one day with the previous and next day; every day of the range is an option,
 * and the print shows them all. The range's days come in one call, so a step costs no request.
 */
export function DailyReport({ ctx, range }: ReportViewProps) {
  const q = useChartData('dd', ctx.uid, range, ctx.params);
  const [sp] = useSearchParams();
  const mode = dailyMode(sp.get('view'), ctx.print);
  const day = range ? shownDay(range, sp.get('day')) : null;
  return (
    <Loadable q={q}>
      {(res) => (
        <div className="report report--daily">
          {!ctx.print && range && day && <DayPicker ctx={ctx} range={range} day={day} mode={mode} />}
          <DayLegend />
          {res.report_data.days
            .filter((d) => mode === 'all' || d.day === day)
            .map((day) => (
              <DayCard
                key={day.day}
                day={day}
                fmt={ctx.fmt}
                low={res.thresholds.target_low}
                high={res.thresholds.target_high}
                print={ctx.print}
              />
            ))}
        </div>
      )}
    </Loadable>
  );
}

function DayCard({
  day,
  fmt,
  low,
  high,
  print,
}: {
  day: DdDay;
  fmt: ReportFormat;
  low: number;
  high: number;
  print: boolean;
}) {
  const { t } = useTranslation();
  const model = useMemo(() => dayModel(day, fmt.unit), [day, fmt.unit]);
  const text = useMemo(() => dayText(day, model, fmt, t), [day, model, fmt, t]);
  const s = day.stats;
  return (
    <article className="day-card">
      <header className="day-card__head">
        <h3 className="day-card__title">{fmt.day(day.day, 'long')}</h3>
        {!day.valid && <span className="tag tag--muted">{t('reports.daily.notValid')}</span>}
      </header>
      {s.count === 0 && day.boluses.length === 0 && day.basal.start.length === 0 ? (
        <p className="muted">{t('reports.noData')}</p>
      ) : (
        <>
          <DayChart
            model={model}
            unit={fmt.unit}
            low={fmt.toUnit(low)}
            high={fmt.toUnit(high)}
            formatGlucose={(v) => fmt.num(v, fmt.unit === 'mg/dL' ? 0 : 1)}
            formatRate={(v) => fmt.num(v, v < 1 ? 1 : 0)}
            text={text}
          />
          <dl className="day-card__stats">
            {dayFacts(day, fmt, t).map(([label, value]) => (
              <Fact key={label} label={label} value={value} />
            ))}
          </dl>
          <details className="day-card__details" open={print}>
            <summary>
              {t('reports.daily.details', {
                boluses: day.boluses.length,
                events: day.events.length,
                alarms: day.alarms.length,
              })}
            </summary>
            <ul className="day-card__list">
              {[
                ...model.boluses.map((b) => ({ x: b.x, text: text.bolus(b) })),
                ...model.events.map((e) => ({ x: e.x, text: text.event(e) })),
                ...model.alarms.map((a) => ({ x: a.x, text: text.alarm(a) })),
                ...model.bg.map((b) => ({ x: b.x, text: text.bg(b) })),
                ...model.sessions.map((s2) => ({ x: s2.x, text: text.session(s2) })),
                ...model.autoMarks.map((a) => ({ x: a.x, text: text.autoMark(a) })),
              ]
                .sort((a, b) => a.x - b.x)
                .map((row, i) => (
                  <li key={i}>{row.text}</li>
                ))}
            </ul>
          </details>
        </>
      )}
    </article>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/** The chart's keys: [style class, i18n key or keys read as one]. */
const LEGEND: ReadonlyArray<[string, string | readonly string[]]> = [
  ['sg', 'reports.daily.key.sg'],
  ['flagged', 'chart.invalidCalibration'],
  ['target', 'reports.daily.key.target'],
  ['basal', 'reports.daily.key.basal'],
  ['tempBasal', 'reports.daily.key.tempBasal'],
  ['autoModeBasal', 'reports.daily.key.autoModeBasal'],
  ['autoCorrection', 'chart.autoModeCorrectionBolus'],
  ['autoFood', 'reports.daily.key.autoFood'],
  ['autoStart', 'reports.daily.key.autoStart'],
  ['autoExit', 'reports.daily.key.autoExit'],
  ['stop', 'reports.daily.key.stop'],
  ['bolus', 'reports.daily.key.bolus'],
  // Drawn in their own colour with a bar for the time they run over: they need their own key.
  ['extendedBolus', ['reports.daily.bolus.extended', 'reports.daily.bolus.combo']],
  ['bg', 'reports.daily.key.bg'],
  ['calibration', 'reports.daily.key.calibration'],
  ['event', 'reports.daily.key.event'],
  ['alarm', 'reports.daily.key.alarm'],
  ['session', 'reports.daily.key.session'],
];

export function DayLegend() {
  const { t } = useTranslation();
  return (
    <ul className="day-legend" aria-label={t('reports.daily.legend')}>
      {LEGEND.map(([k, key]) => (
        <li key={k}>
          <span className={`day-legend__key day-legend__key--${k}`} aria-hidden="true" />
          {typeof key === 'string' ? t(key) : key.map((one) => t(one)).join(' / ')}
        </li>
      ))}
    </ul>
  );
}
