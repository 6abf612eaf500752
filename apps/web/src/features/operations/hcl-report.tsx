import { useTranslation } from 'react-i18next';
import type { HclReport } from '@cgm/contract';
import { BarChart } from '../../charts/svg-charts';
import { formatIsoDate, formatNumber } from '../../i18n/format';

/**
 * The printable body of /HCLprint: who and when, the period's auto-mode and glucose figures, a
 * chart of time in auto mode and time in range per day, and the day table. Glucose is shown in
 * mg/dL, the unit the figures are computed in (the admin is not the patient's clinician and has
 * no display unit of the patient's to follow); time in range is 70–180 mg/dL (consensus).
 */
export function HclReportView({ report }: { report: HclReport }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const n = (v: number | null, digits = 1) =>
    v === null ? '--' : formatNumber(v, lang, { maximumFractionDigits: digits, minimumFractionDigits: 0 });
  const pct = (v: number | null) => (v === null ? '--' : `${n(v)} %`);
  const units = (v: number | null) => (v === null ? '--' : t('hclPrint.units', { value: n(v, 2) }));
  const g = report.glucose;
  const ins = report.insulin;
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
            <dd>{g.mean === null ? '--' : t('hclPrint.mgdl', { value: n(g.mean) })}</dd>
            <dt>{t('hclPrint.sdCv')}</dt>
            <dd>{g.sd === null ? '--' : `${t('hclPrint.mgdl', { value: n(g.sd) })} / ${pct(g.cv)}`}</dd>
            <dt>{t('hclPrint.gmi')}</dt>
            <dd>{g.sufficient ? pct(g.gmi) : t('hclPrint.notEnough')}</dd>
          </dl>
          {g.time_in_ranges && (
            <dl className="hcl-ranges">
              {(['very_high', 'high', 'in_range', 'low', 'very_low'] as const).map((k) => (
                <div key={k} className={`hcl-range hcl-range--${k}`}>
                  <dt>{t(`hclPrint.ranges.${k}`)}</dt>
                  <dd>{pct(g.time_in_ranges![k])}</dd>
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
        <h3>{t('hclPrint.tirPerDay')}</h3>
        <BarChart
          title={t('hclPrint.tirPerDay')}
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
              {t('hclPrint.mean')}
            </th>
          </tr>
        </thead>
        <tbody>
          {report.daily.map((d) => (
            <tr key={d.day}>
              <td>{formatIsoDate(d.day, lang, 'medium')}</td>
              <td className="num">{pct(d.time_in_auto)}</td>
              <td className="num">{n(d.auto_exits, 0)}</td>
              <td className="num">{n(d.auto_basal, 2)}</td>
              <td className="num">{n(d.auto_correction, 2)}</td>
              <td className="num">{n(d.total_insulin, 2)}</td>
              <td className="num">{pct(d.tir)}</td>
              <td className="num">{n(d.mean)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <footer className="muted small">{t('hclPrint.footnote')}</footer>
    </article>
  );
}
