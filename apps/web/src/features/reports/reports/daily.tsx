import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DdDay } from '@cgm/contract';
import { DayChart, type DayChartText } from '../charts/day-chart';
import { dayModel, type DayModel } from '../charts/shaping';
import type { ReportFormat } from '../report-format';
import { useChartData } from '../reports-api';
import { eventValue } from './events';
import { Loadable } from './loadable';
import type { ReportViewProps } from './types';

type T = (key: string, opts?: Record<string, unknown>) => string;

/** chart1, the daily report: one chart per local date with that day's statistics (≤ 14 days). */
export function DailyReport({ ctx, range }: ReportViewProps) {
  const q = useChartData('dd', ctx.uid, range, ctx.params);
  return (
    <Loadable q={q}>
      {(res) => (
        <div className="report report--daily">
          <DayLegend />
          {res.report_data.days.map((day) => (
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
  const ins = day.insulin;
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
            <Fact label={t('reports.stats.mean')} value={`${fmt.glucose(s.mean)} ${fmt.unit}`} />
            <Fact label={t('reports.stats.sd')} value={fmt.glucose(s.sd)} />
            <Fact label={t('reports.stats.inTarget')} value={`${fmt.pct(s.in_target)} %`} />
            <Fact
              label={t('reports.tir.low')}
              value={`${fmt.pct(s.time_in_ranges ? s.time_in_ranges.low + s.time_in_ranges.very_low : null)} %`}
            />
            <Fact
              label={t('reports.tir.high')}
              value={`${fmt.pct(s.time_in_ranges ? s.time_in_ranges.high + s.time_in_ranges.very_high : null)} %`}
            />
            <Fact label={t('reports.stats.minMax')} value={`${fmt.glucose(s.min)}–${fmt.glucose(s.max)}`} />
            <Fact
              label={t('reports.insulin.total')}
              value={`${fmt.insulin(ins?.total)} ${t('units.insulin')}`}
            />
            <Fact
              label={t('reports.insulin.basal')}
              value={`${fmt.insulin(ins?.basal)} ${t('units.insulin')}`}
            />
            <Fact
              label={t('reports.insulin.bolus')}
              value={`${fmt.insulin(ins?.bolus)} ${t('units.insulin')}`}
            />
            <Fact
              label={t('reports.insulin.autoMode')}
              value={
                ins && ins.basal_minutes > 0
                  ? `${fmt.pct((ins.auto_mode_minutes / ins.basal_minutes) * 100, 0)} %`
                  : '--'
              }
            />
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

export function DayLegend() {
  const { t } = useTranslation();
  const items = [
    'sg',
    'target',
    'basal',
    'tempBasal',
    'autoModeBasal',
    'stop',
    'bolus',
    'bg',
    'calibration',
    'event',
    'alarm',
    'session',
  ];
  return (
    <ul className="day-legend" aria-label={t('reports.daily.legend')}>
      {items.map((k) => (
        <li key={k}>
          <span className={`day-legend__key day-legend__key--${k}`} aria-hidden="true" />
          {t(`reports.daily.key.${k}`)}
        </li>
      ))}
    </ul>
  );
}

/** The words of the day chart's markers (hover and screen readers) and of the list under it. */
function dayText(day: DdDay, m: DayModel, fmt: ReportFormat, t: T): DayChartText {
  const u = t('units.insulin');
  const at = (ms: number, off: number) => fmt.time(ms, off);
  return {
    title: t('reports.daily.chartTitle', { day: fmt.day(day.day, 'long') }),
    description: t('reports.daily.chartDesc', {
      mean: fmt.glucose(day.stats.mean),
      unit: fmt.unit,
      boluses: m.boluses.length,
    }),
    basalAxis: t('units.insulinRate'),
    bolus: (b) => {
      const parts = [
        `${at(b.time, b.utc_offset_min)} ${t(`reports.daily.bolus.${b.kind}`)}${b.manual ? ` (${t('reports.daily.manual')})` : ''}: ${fmt.insulin(b.total)} ${u}`,
      ];
      if (b.extended_delivered !== null && b.extended_duration_min) {
        parts.push(
          t('reports.daily.extended', {
            now: fmt.insulin(b.delivered),
            later: fmt.insulin(b.extended_delivered),
            minutes: fmt.num(b.extended_duration_min),
          }),
        );
      }
      const d = b.details;
      if (d) {
        const w: string[] = [];
        if (d.bg != null) w.push(`${t('reports.daily.wizard.bg')} ${fmt.glucose(d.bg)} ${fmt.unit}`);
        if (d.carb != null) w.push(`${t('reports.daily.wizard.carb')} ${fmt.num(d.carb)} g`);
        if (d.carb_bolus != null)
          w.push(`${t('reports.daily.wizard.carbBolus')} ${fmt.insulin(d.carb_bolus)} ${u}`);
        if (d.corr_bolus != null)
          w.push(`${t('reports.daily.wizard.corrBolus')} ${fmt.insulin(d.corr_bolus)} ${u}`);
        if (d.iob != null) w.push(`${t('reports.daily.wizard.iob')} ${fmt.insulin(d.iob)} ${u}`);
        if (d.suggest != null) w.push(`${t('reports.daily.wizard.suggest')} ${fmt.insulin(d.suggest)} ${u}`);
        if (w.length) parts.push(`${t('reports.daily.wizard.title')}: ${w.join(', ')}`);
      }
      return parts.join(' · ');
    },
    bg: (b) =>
      `${at(b.time, b.utc_offset_min)} ${t(`reports.daily.key.${b.kind}`)}: ${fmt.glucose(b.mgdl)} ${fmt.unit}`,
    event: (e) => {
      const value = e.value === null ? '' : `: ${eventValue(e.type, e.value, fmt, t)}`;
      return `${at(e.time, e.utc_offset_min)} ${t(`events.type.${e.type}`, { defaultValue: e.type })}${value}${e.notes ? ` — ${e.notes}` : ''}`;
    },
    alarm: (a) =>
      `${at(a.time, a.utc_offset_min)} ${t(`reports.alarmSource.${a.source}`)}: ${t(`reports.alarmCodes.${a.code}`, { defaultValue: a.code })}${
        a.duration_min !== null
          ? ` (${t('reports.alerts.lasted', { minutes: fmt.num(a.duration_min) })})`
          : ''
      }`,
    session: (s) => `${at(s.start, s.utc_offset_min)} ${t(`reports.daily.session.${s.kind}`)} ${s.serial}`,
    basal: (s) => {
      const h = (x: number) =>
        `${String(Math.floor(x / 60)).padStart(2, '0')}:${String(Math.floor(x % 60)).padStart(2, '0')}`;
      return `${h(s.start)}–${h(s.end)} ${t(`chart.${s.series}`, { defaultValue: s.series })}: ${fmt.num(s.rate, 2)} ${t('units.insulinRate')}`;
    },
  };
}
