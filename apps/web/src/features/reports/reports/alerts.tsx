import { useTranslation } from 'react-i18next';
import { CategoryBars } from '../../../charts/category-bars';
import { useAlertsReport } from '../reports-api';
import { FollowerAlerts } from './follower-alerts';
import { Loadable, ReportSection } from './loadable';
import type { ReportViewProps } from './types';

/**
 * chart7, the alerts report: alarms and alerts of the sensor and pump, counted and listed (≤ 90 days),
 * and beside them the alerts sent to the patient's followers in the same range.
 */
export function AlertsReport({ ctx, range }: ReportViewProps) {
  const { t } = useTranslation();
  const q = useAlertsReport(ctx.uid, range);
  const { fmt } = ctx;
  const code = (c: string) => t(`reports.alarmCodes.${c}`, { defaultValue: c });
  return (
    <Loadable q={q}>
      {(res) => {
        if (res.alarms.length === 0)
          return (
            <div className="report report--alerts">
              <p className="muted">{t('reports.alerts.none')}</p>
              <FollowerAlerts uid={ctx.uid} report={res} fmt={fmt} />
            </div>
          );
        return (
          <div className="report report--alerts">
            <div className="report-grid">
              <ReportSection title={t('reports.alerts.counts')}>
                <table className="table table--compact">
                  <thead>
                    <tr>
                      <th scope="col">{t('reports.alerts.source')}</th>
                      <th scope="col">{t('reports.alerts.code')}</th>
                      <th scope="col">{t('reports.alerts.count')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {res.counts.map((c) => (
                      <tr key={`${c.source}-${c.code}`}>
                        <td>{t(`reports.alarmSource.${c.source}`)}</td>
                        <td>{code(c.code)}</td>
                        <td>{fmt.num(c.count)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </ReportSection>
              <ReportSection title={t('reports.alerts.chart')}>
                <CategoryBars
                  title={t('reports.alerts.chart')}
                  data={res.counts.slice(0, 8).map((c) => ({ label: code(c.code), value: c.count }))}
                  format={(v) => fmt.num(v)}
                  tone="accent"
                />
              </ReportSection>
            </div>
            <ReportSection title={t('reports.alerts.list', { count: res.alarms.length })}>
              <div className="table-scroll">
                <table className="table table--compact">
                  <thead>
                    <tr>
                      <th scope="col">{t('reports.events.time')}</th>
                      <th scope="col">{t('reports.alerts.source')}</th>
                      <th scope="col">{t('reports.alerts.code')}</th>
                      <th scope="col">{t('reports.alerts.duration')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {res.alarms.map((a, i) => (
                      <tr key={`${a.time}-${i}`}>
                        <td className="nowrap">{fmt.dateTime(a.time, a.utc_offset_min)}</td>
                        <td>{t(`reports.alarmSource.${a.source}`)}</td>
                        <td>{code(a.code)}</td>
                        <td>
                          {a.duration_min === null
                            ? '--'
                            : t('reports.alerts.lasted', { minutes: fmt.num(a.duration_min) })}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </ReportSection>
            <FollowerAlerts uid={ctx.uid} report={res} fmt={fmt} />
          </div>
        );
      }}
    </Loadable>
  );
}
