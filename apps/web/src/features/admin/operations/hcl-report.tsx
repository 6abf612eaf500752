import { useTranslation } from 'react-i18next';
import type { HclReport } from '@cgm/contract';
import { yearGroups } from '../../../charts/day-axis';
import { BarChart } from '../../../charts/svg-charts';
import { formatIsoDate, formatIsoDayMonth, formatNumber } from '../../../i18n/format';

/**
 * The printable body of /HCLprint: who and when, how auto mode ran over the period (time in auto
 * mode, exits, days with pump data, sensor readings), a chart of time in auto mode per day, and the
 * day table. An account admin is not the patient's clinician, so the answer carries no glucose or
 * insulin figure (docs/PERMISSIONS.md) and this view shows none.
 */
export function HclReportView({ report }: { report: HclReport }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const n = (v: number | null, digits = 1) =>
    v === null ? '--' : formatNumber(v, lang, { maximumFractionDigits: digits, minimumFractionDigits: 0 });
  const pct = (v: number | null) => (v === null ? '--' : `${n(v)} %`);
  const auto = report.auto_mode;
  const dayLabel = (d: string) => formatIsoDayMonth(d, lang);
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
      <section>
        <h3>{t('hclPrint.autoMode')}</h3>
        <dl className="ops-facts">
          <dt>{t('hclPrint.timeInAuto')}</dt>
          <dd>{pct(auto.time_in_auto)}</dd>
          <dt>{t('hclPrint.autoExits')}</dt>
          <dd>{n(auto.auto_exits, 0)}</dd>
          <dt>{t('hclPrint.pumpDays')}</dt>
          <dd>{n(auto.days, 0)}</dd>
          <dt>{t('hclPrint.readings')}</dt>
          <dd>{n(report.readings, 0)}</dd>
        </dl>
      </section>
      <section className="hcl-report__charts">
        <h3>{t('hclPrint.timeInAutoPerDay')}</h3>
        <BarChart
          title={t('hclPrint.timeInAutoPerDay')}
          data={report.daily.map((d) => ({ label: dayLabel(d.day), value: d.time_in_auto ?? 0 }))}
          labelGroups={yearGroups(
            report.daily.map((d) => d.day),
            lang,
          )}
          max={100}
          format={(v) => `${n(v, 0)} %`}
          tone="accent"
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
              {t('hclPrint.readings')}
            </th>
          </tr>
        </thead>
        <tbody>
          {report.daily.map((d) => (
            <tr key={d.day}>
              <td className="ops-nowrap">{formatIsoDate(d.day, lang, 'medium')}</td>
              <td className="num">{pct(d.time_in_auto)}</td>
              <td className="num">{n(d.auto_exits, 0)}</td>
              <td className="num">{n(d.readings, 0)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <footer className="muted small">{t('hclPrint.footnoteDevice')}</footer>
    </article>
  );
}
