import { useTranslation } from 'react-i18next';
import type { DayCoverageItem } from '@cgm/contract';
import { splitPercentages } from '@cgm/domain';
import { yearGroups } from '../../../charts/day-axis';
import { LineChart } from '../../../charts/svg-charts';
import { DayBars, type DayBar } from '../charts/day-bars';
import { perDay } from '../charts/shaping';
import { useDataReport } from '../reports-api';
import { GlucoseStats, InsulinStats, TimeInRangesBar } from '../stats-block';
import { Loadable, ReportSection } from './loadable';
import type { ReportViewProps } from './types';

/**
 * chart0, the dashboard: every statistic of spec §3 over the range, with the charts people read
 * faster than numbers: time in ranges, mean glucose and time in range per day, insulin per day.
 */
export function DashboardReport({ ctx, range }: ReportViewProps) {
  const { t } = useTranslation();
  const q = useDataReport(ctx.uid, ['dashboard'], range, ctx.params);
  const { fmt } = ctx;
  return (
    <Loadable q={q}>
      {(res) => {
        const d = res.report_data.dashboard;
        if (!d) return null;
        const daily = d.daily;
        // A day without readings has no average: it is left out of the line, not drawn as 0.
        const withMean = daily.filter((x) => x.mean !== null);
        // Every date of the range once; a date without glucose (or without insulin) is "no data".
        const dates = res.coverage.map((c) => c.day);
        const leftOut = leftOutDays(res.coverage, res.valid_days_only);
        const bars = (pick: (x: (typeof daily)[number]) => number | null | undefined): DayBar[] =>
          perDay(dates, daily, pick).map((x) => ({
            label: fmt.shortDay(x.day),
            value: x.value,
            ...(x.value === null && leftOut.has(x.day) ? { leftOut: true } : {}),
          }));
        const dateYears = yearGroups(dates, fmt.lang);
        const tirBars = bars((x) => (x.count > 0 ? x.in_range : null));
        const insulinBars = bars((x) => x.insulin?.total);
        return (
          <div className="report report--dashboard">
            <p className="report__facts">
              {t('reports.dashboard.facts', {
                days: fmt.num(d.days_with_data),
                valid: fmt.num(d.valid_days),
                wear: fmt.pct(d.sensor_wear),
              })}
            </p>
            <div className="report-grid">
              <ReportSection title={t('reports.stats.title')}>
                <GlucoseStats stats={d.stats} fmt={fmt} />
              </ReportSection>
              <ReportSection title={t('reports.tir.title')}>
                <TimeInRangesBar stats={d.stats} fmt={fmt} />
              </ReportSection>
            </div>
            <div className="report-grid">
              <ReportSection title={t('reports.dashboard.meanPerDay', { unit: fmt.unit })}>
                <LineChart
                  title={t('reports.dashboard.meanPerDay', { unit: fmt.unit })}
                  labels={withMean.map((x) => fmt.shortDay(x.day))}
                  labelGroups={yearGroups(
                    withMean.map((x) => x.day),
                    fmt.lang,
                  )}
                  series={[
                    {
                      name: t('reports.stats.mean'),
                      tone: 'primary',
                      values: withMean.map((x) => fmt.toUnit(x.mean!)),
                    },
                  ]}
                  format={(v) => fmt.num(v, fmt.unit === 'mg/dL' ? 0 : 1)}
                />
              </ReportSection>
              <ReportSection title={t('reports.dashboard.tirPerDay')}>
                <DayBars
                  title={t('reports.dashboard.tirPerDay')}
                  data={tirBars}
                  labelGroups={dateYears}
                  max={100}
                  tone="success"
                  format={(v) => `${fmt.num(v)} %`}
                  noData={t('reports.noData')}
                  leftOut={t('reports.daily.notValid')}
                />
                <NoDataKey bars={tirBars} />
              </ReportSection>
            </div>
            <div className="report-grid">
              <ReportSection title={t('reports.insulin.title')}>
                <InsulinStats insulin={d.insulin} fmt={fmt} />
              </ReportSection>
              <ReportSection title={t('reports.dashboard.insulinPerDay')}>
                <DayBars
                  title={t('reports.dashboard.insulinPerDay')}
                  data={insulinBars}
                  labelGroups={dateYears}
                  tone="accent"
                  format={(v) => fmt.insulin(v)}
                  axisFormat={(v) => fmt.num(v, Number.isInteger(v) ? 0 : 2)}
                  noData={t('reports.noData')}
                  leftOut={t('reports.daily.notValid')}
                />
                <NoDataKey bars={insulinBars} />
                <InsulinSplit basal={d.insulin.basal} kinds={d.insulin} fmt={fmt} />
              </ReportSection>
            </div>
          </div>
        );
      }}
    </Loadable>
  );
}

/**
 * The dates "valid days only" leaves out although they have readings (not a valid day): the
 * report's figures skip them, and the day charts must not call them dates without data.
 */
export function leftOutDays(coverage: readonly DayCoverageItem[], validDaysOnly: boolean): Set<string> {
  return new Set(validDaysOnly ? coverage.filter((c) => c.count > 0 && !c.valid).map((c) => c.day) : []);
}

/** The keys of the "no data" and "left out" marks, each shown when a chart has one. */
function NoDataKey({ bars }: { bars: readonly DayBar[] }) {
  const { t } = useTranslation();
  const empty = bars.some((b) => b.value === null && !b.leftOut);
  const leftOut = bars.some((b) => b.value === null && b.leftOut);
  if (!empty && !leftOut) return null;
  return (
    <p className="small muted day-bars-key">
      {empty && (
        <span>
          <span className="day-bars-key__swatch" aria-hidden="true" /> {t('reports.noData')}{' '}
        </span>
      )}
      {leftOut && (
        <span>
          <span className="day-bars-key__swatch day-bars-key__swatch--left-out" aria-hidden="true" />{' '}
          {t('reports.daily.notValid')}
        </span>
      )}
    </p>
  );
}

/** Basal and the kinds of bolus as one bar, per day of insulin data. */
function InsulinSplit({
  basal,
  kinds,
  fmt,
}: {
  basal: number | null;
  kinds: {
    bolus_normal: number | null;
    bolus_extended: number | null;
    bolus_combo: number | null;
    auto_bolus: number | null;
  };
  fmt: ReportViewProps['ctx']['fmt'];
}) {
  const { t } = useTranslation();
  const parts = [
    { key: 'basal', v: basal ?? 0 },
    { key: 'bolusNormal', v: kinds.bolus_normal ?? 0 },
    { key: 'bolusExtended', v: kinds.bolus_extended ?? 0 },
    { key: 'bolusCombo', v: kinds.bolus_combo ?? 0 },
    { key: 'autoBolus', v: kinds.auto_bolus ?? 0 },
  ];
  const total = parts.reduce((a, p) => a + p.v, 0);
  if (!(total > 0)) return null;
  // The legend's percents split the whole: they add up to 100 % as shown.
  const shown = splitPercentages(parts.map((p) => (p.v / total) * 100));
  return (
    <div className="split-bar" role="img" aria-label={t('reports.dashboard.split')}>
      <div className="split-bar__bar">
        {parts.map((p) =>
          p.v > 0 ? (
            <span
              key={p.key}
              className={`split-bar__part split-bar__part--${p.key}`}
              style={{ inlineSize: `${(p.v / total) * 100}%` }}
            />
          ) : null,
        )}
      </div>
      <ul className="split-bar__legend">
        {parts.map((p, i) => (
          <li key={p.key}>
            <span className={`split-bar__swatch split-bar__part--${p.key}`} aria-hidden="true" />
            {t(`reports.insulin.${p.key}`)} {fmt.insulin(p.v)} {t('units.insulin')} ({fmt.pct(shown[i], 0)} %)
          </li>
        ))}
      </ul>
    </div>
  );
}
