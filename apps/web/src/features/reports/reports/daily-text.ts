import type { DdDay } from '@cgm/contract';
import type { DayChartText } from '../charts/day-chart';
import type { DayModel } from '../charts/shaping';
import { shownTir } from '../charts/tir';
import type { ReportFormat } from '../report-format';
import { eventSummary } from './event-text';

// The words of the daily report: each day's facts, the bolus wizard's details, and what the day
// chart's markers say on hover, to screen readers and in the list under each day.

type T = (key: string, opts?: Record<string, unknown>) => string;

/** The facts under a day's chart, as [label, value]. */
export function dayFacts(day: DdDay, fmt: ReportFormat, t: T): Array<[string, string]> {
  const s = day.stats;
  const ins = day.insulin;
  const tir = s.time_in_ranges ? shownTir(s.time_in_ranges) : null;
  const u = t('units.insulin');
  // The consensus limits (70 and 180 mg/dL) in the unit, named as such: the "Low" and "High"
  // bands are 54–69 and 181–250, while these figures are everything below 70 and above 180.
  return [
    [t('reports.stats.mean'), fmt.glucoseWithUnit(s.mean)],
    [t('reports.stats.sd'), `${fmt.glucoseLimit(s.sd)} ${fmt.unit}`],
    [t('reports.stats.inTarget'), `${fmt.pct(s.in_target)} %`],
    [
      t('reports.daily.below', { limit: fmt.glucoseLimit(70), unit: fmt.unit }),
      `${fmt.pct(tir ? tir.below : null)} %`,
    ],
    [
      t('reports.daily.above', { limit: fmt.glucoseLimit(180), unit: fmt.unit }),
      `${fmt.pct(tir ? tir.above : null)} %`,
    ],
    [t('reports.stats.minMax'), `${fmt.glucose(s.min)}–${fmt.glucose(s.max)} ${fmt.unit}`],
    [t('reports.insulin.total'), `${fmt.insulin(ins?.total)} ${u}`],
    [t('reports.insulin.basal'), `${fmt.insulin(ins?.basal)} ${u}`],
    [t('reports.insulin.bolus'), `${fmt.insulin(ins?.bolus)} ${u}`],
    [t('reports.insulin.autoBolus'), `${fmt.insulin(ins?.auto_bolus)} ${u}`],
    [
      t('reports.insulin.autoMode'),
      ins && ins.basal_minutes > 0
        ? `${fmt.pct((ins.auto_mode_minutes / ins.basal_minutes) * 100, 0)} %`
        : '--',
    ],
  ];
}

/**
 * The bolus wizard's details (spec §3 "Bolus row"): glucose, carbohydrates, meal and correction
 * parts, the correction left after active insulin (bg_bolus), active insulin, the suggestion, and
 * whether the person changed it (adjustmentType: 0 as suggested, 1 changed — our reading of the
 * code; any other code is shown as its number).
 */
export function wizardText(d: Record<string, number | null>, fmt: ReportFormat, t: T): string | null {
  const u = t('units.insulin');
  const w: string[] = [];
  const units = (key: string, v: number | null | undefined) => {
    if (v !== null && v !== undefined) w.push(`${t(`reports.daily.wizard.${key}`)} ${fmt.insulin(v)} ${u}`);
  };
  if (d.bg != null) w.push(`${t('reports.daily.wizard.bg')} ${fmt.glucoseWithUnit(d.bg)}`);
  if (d.carb != null)
    w.push(`${t('reports.daily.wizard.carb')} ${fmt.num(d.carb)} ${t('events.unit.grams')}`);
  units('carbBolus', d.carb_bolus);
  units('corrBolus', d.corr_bolus);
  units('bgBolus', d.bg_bolus);
  units('iob', d.iob);
  units('suggest', d.suggest);
  const a = d.adjustmentType;
  if (a === 0) w.push(t('reports.daily.wizard.asSuggested'));
  else if (a === 1) w.push(t('reports.daily.wizard.adjusted'));
  else if (a !== null && a !== undefined) w.push(t('reports.daily.wizard.adjustment', { type: a }));
  return w.length ? `${t('reports.daily.wizard.title')}: ${w.join(', ')}` : null;
}

/** The words of the day chart's markers (hover and screen readers) and of the list under it. */
export function dayText(day: DdDay, m: DayModel, fmt: ReportFormat, t: T): DayChartText {
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
    autoAxis: fmt.insulin(m.autoBolusMax),
    autoUnit: u,
    autoBolus: (b) =>
      [
        at(b.time, b.utc_offset_min),
        b.correction > 0 ? `${t('chart.autoModeCorrectionBolus')}: ${fmt.insulin(b.correction)} ${u}` : null,
        b.food > 0 ? `${t('reports.daily.key.autoFood')}: ${fmt.insulin(b.food)} ${u}` : null,
      ]
        .filter(Boolean)
        .join(' · '),
    autoMark: (a) =>
      `${at(a.time, a.utc_offset_min)} ${t(a.kind === 'start' ? 'reports.daily.key.autoStart' : 'reports.daily.key.autoExit')}`,
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
      const wizard = b.details ? wizardText(b.details, fmt, t) : null;
      if (wizard) parts.push(wizard);
      return parts.join(' · ');
    },
    bg: (b) =>
      `${at(b.time, b.utc_offset_min)} ${t(`reports.daily.key.${b.kind}`)}: ${fmt.glucoseWithUnit(b.mgdl)}`,
    flagged: (f) => `${at(f.time, f.utc_offset_min)} ${t('chart.invalidCalibration')}`,
    event: (e) => `${at(e.time, e.utc_offset_min)} ${eventSummary(e, fmt, t)}`,
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
