import { useTranslation } from 'react-i18next';
import type { HclReport } from '@cgm/contract';
import { GMI_MIN_DAYS, shownBandPercents, type GlucoseUnit, type GmiWithheld } from '@cgm/domain';
import { BarChart } from '../../charts/svg-charts';
import { formatIsoDate, formatNumber } from '../../i18n/format';
import { formatGlucoseLimit, formatGlucoseShown, glucoseWords } from '../../i18n/format-glucose';
import { gmiWithheldText } from '../../i18n/withheld-reason';

/** The consensus bands (Battelino 2019) with their limits in mg/dL, top first. */
const BANDS = [
  { key: 'very_high', name: 'reports.tir.veryHigh', above: 250 },
  { key: 'high', name: 'reports.tir.high', from: 181, to: 250 },
  { key: 'in_range', name: 'reports.tir.inRange', from: 70, to: 180 },
  { key: 'low', name: 'reports.tir.low', from: 54, to: 69 },
  { key: 'very_low', name: 'reports.tir.veryLow', below: 54 },
] as const;

/**
 * Why the summary's GMI is "--". Its answer carries GMI only when shown (null otherwise) and the
 * period in whole local days, not the covered time: a period under 14 days is the days rule, any
 * other withheld GMI the coverage rule (the order @cgm/domain decides them in).
 */
export function gmiWithheld(report: Pick<HclReport, 'days'>): GmiWithheld {
  return report.days < GMI_MIN_DAYS ? 'too-few-days' : 'too-little-data';
}

/**
 * The printable body of /HCLprint: who and when, the period's auto-mode and glucose figures, a
 * chart of time in auto mode and time in range per day, and the day table. Glucose is shown in the
 * viewer's unit (`unit`: the default of the admin's country, spec §9 "Unit default"), converted
 * from the mg/dL the server computes in; time in range is 70–180 mg/dL (3.9–10.0 mmol/L, consensus).
 */
export function HclReportView({ report, unit }: { report: HclReport; unit: GlucoseUnit }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const n = (v: number | null, digits = 1) =>
    v === null ? '--' : formatNumber(v, lang, { maximumFractionDigits: digits, minimumFractionDigits: 0 });
  /** A limit in the unit; a level (a mean) by the display rule, "High"/"Low" without a unit. */
  const glu = (mgdl: number) => formatGlucoseLimit(mgdl, unit, lang);
  const level = (mgdl: number | null) => formatGlucoseShown(mgdl, unit, lang, glucoseWords(t));
  const gluText = (mgdl: number | null) => {
    const text = level(mgdl);
    return /\p{Nd}/u.test(text) ? `${text} ${unit}` : text;
  };
  const bandLabel = (b: (typeof BANDS)[number]) =>
    'above' in b
      ? `${t(b.name)} (>${glu(b.above)} ${unit})`
      : 'below' in b
        ? `${t(b.name)} (<${glu(b.below)} ${unit})`
        : `${t(b.name)} (${glu(b.from)}–${glu(b.to)} ${unit})`;
  const inRange = `${glu(70)}–${glu(180)} ${unit}`;
  const pct = (v: number | null) => (v === null ? '--' : `${n(v)} %`);
  // Insulin with two decimals throughout, as the pump and the rest of the portal show it, so the
  // column's figures line up (16,80 and 1,30 rather than 16,8 and 1,3).
  const ins2 = (v: number | null) =>
    v === null ? '--' : formatNumber(v, lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const units = (v: number | null) => (v === null ? '--' : t('hclPrint.units', { value: ins2(v) }));
  const g = report.glucose;
  const ins = report.insulin;
  // The bands as shown add up to 100 % (largest remainder, one decimal as `pct` prints them).
  const bands = g.time_in_ranges
    ? shownBandPercents(
        {
          veryLow: g.time_in_ranges.very_low,
          low: g.time_in_ranges.low,
          inRange: g.time_in_ranges.in_range,
          high: g.time_in_ranges.high,
          veryHigh: g.time_in_ranges.very_high,
        },
        1,
      )
    : null;
  const bandPct = (key: (typeof BANDS)[number]['key']) =>
    !bands
      ? null
      : {
          very_low: bands.veryLow,
          low: bands.low,
          in_range: bands.inRange,
          high: bands.high,
          very_high: bands.veryHigh,
        }[key];
  const dayLabel = (d: string) => formatIsoDate(d, lang, 'medium').replace(/,? \d{4}$/, '');
  return (
    <article className="hcl-report">
      <header className="hcl-report__head">
        <h2>{t('hclPrint.reportTitle')}</h2>
        <p>
          <strong>{report.patient.realname || report.patient.username}</strong>
          {` · ${report.patient.username}`}
        </p>
        <p>
          {t('hclPrint.period', {
            from: formatIsoDate(report.from, lang),
            to: formatIsoDate(report.to, lang),
            count: report.days,
          })}
        </p>
      </header>
      <div className="hcl-report__columns">
        <section>
          <h3>{t('hclPrint.autoMode')}</h3>
          <dl className="ops-facts">
            <dt>{t('hclPrint.timeInAuto')}</dt>
            <dd>{pct(ins.time_in_auto)}</dd>
            <dt>{t('hclPrint.autoExits')}</dt>
            <dd>{n(ins.auto_exits, 0)}</dd>
            <dt>{t('hclPrint.autoBasal')}</dt>
            <dd>{units(ins.auto_basal)}</dd>
            <dt>{t('hclPrint.autoCorrection')}</dt>
            <dd>{units(ins.auto_correction)}</dd>
            <dt>{t('hclPrint.tdd')}</dt>
            <dd>{units(ins.total_daily_dose)}</dd>
            <dt>{t('hclPrint.basalBolus')}</dt>
            <dd>{`${units(ins.basal)} / ${units(ins.bolus)}`}</dd>
          </dl>
          <p className="muted small">{t('hclPrint.perDayNote', { count: ins.days })}</p>
        </section>
        <section>
          <h3>{t('hclPrint.glucose')}</h3>
          <dl className="ops-facts">
            <dt>{t('hclPrint.readings')}</dt>
            <dd>{n(g.count, 0)}</dd>
            <dt>{t('hclPrint.mean')}</dt>
            <dd>{gluText(g.mean)}</dd>
            <dt>{t('hclPrint.sdCv')}</dt>
            <dd>{g.sd === null ? '--' : `${gluText(g.sd)} / ${pct(g.cv)}`}</dd>
            <dt>{t('hclPrint.gmi')}</dt>
            <dd>{g.gmi !== null ? pct(g.gmi) : gmiWithheldText(gmiWithheld(report), null, lang, t)}</dd>
          </dl>
          {bands && (
            <dl className="hcl-ranges">
              {BANDS.map((b) => (
                <div key={b.key} className={`hcl-range hcl-range--${b.key}`}>
                  <dt>{bandLabel(b)}</dt>
                  <dd>{pct(bandPct(b.key))}</dd>
                </div>
              ))}
            </dl>
          )}
        </section>
      </div>
      <section className="hcl-report__charts">
        <h3>{t('hclPrint.timeInAutoPerDay')}</h3>
        <BarChart
          title={t('hclPrint.timeInAutoPerDay')}
          data={report.daily.map((d) => ({ label: dayLabel(d.day), value: d.time_in_auto ?? 0 }))}
          max={100}
          format={(v) => `${n(v, 0)} %`}
          tone="accent"
        />
        <h3>{t('hclPrint.tirPerDayRange', { range: inRange })}</h3>
        <BarChart
          title={t('hclPrint.tirPerDayRange', { range: inRange })}
          data={report.daily.map((d) => ({ label: dayLabel(d.day), value: d.tir ?? 0 }))}
          max={100}
          format={(v) => `${n(v, 0)} %`}
          tone="success"
        />
      </section>
      <table className="table ops-table hcl-report__table">
        <thead>
          <tr>
            <th scope="col">{t('hclPrint.day')}</th>
            <th scope="col" className="num">
              {t('hclPrint.timeInAuto')}
            </th>
            <th scope="col" className="num">
              {t('hclPrint.autoExits')}
            </th>
            <th scope="col" className="num">
              {t('hclPrint.autoBasal')}
            </th>
            <th scope="col" className="num">
              {t('hclPrint.autoCorrection')}
            </th>
            <th scope="col" className="num">
              {t('hclPrint.totalInsulin')}
            </th>
            <th scope="col" className="num">
              {t('hclPrint.tir')}
            </th>
            <th scope="col" className="num">
              {`${t('hclPrint.mean')} (${unit})`}
            </th>
          </tr>
        </thead>
        <tbody>
          {report.daily.map((d) => (
            <tr key={d.day}>
              <td className="ops-nowrap">{formatIsoDate(d.day, lang, 'medium')}</td>
              <td className="num">{pct(d.time_in_auto)}</td>
              <td className="num">{n(d.auto_exits, 0)}</td>
              <td className="num">{ins2(d.auto_basal)}</td>
              <td className="num">{ins2(d.auto_correction)}</td>
              <td className="num">{ins2(d.total_insulin)}</td>
              <td className="num">{pct(d.tir)}</td>
              <td className="num">{level(d.mean)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <footer className="muted small">{t('hclPrint.footnoteUnit', { unit })}</footer>
    </article>
  );
}
