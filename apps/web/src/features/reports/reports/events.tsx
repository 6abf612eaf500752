import { useTranslation } from 'react-i18next';
import { BarChart } from '../../../charts/svg-charts';
import { useEventsReport } from '../reports-api';
import { eventDetails, eventValue } from './event-text';
import { Loadable, ReportSection } from './loadable';
import type { ReportViewProps } from './types';

/** chart8, the events report: how many of each type, and every event of the range (≤ 90 days). */
export function EventsReport({ ctx, range }: ReportViewProps) {
  const { t } = useTranslation();
  const q = useEventsReport(ctx.uid, range);
  const { fmt } = ctx;
  return (
    <Loadable q={q}>
      {(res) => {
        const counts = Object.entries(res.counts).sort((a, b) => b[1] - a[1]);
        if (res.events.length === 0) return <p className="muted">{t('reports.events.none')}</p>;
        return (
          <div className="report report--events">
            <ReportSection title={t('reports.events.counts')}>
              <BarChart
                title={t('reports.events.counts')}
                data={counts.map(([type, n]) => ({
                  label: t(`events.type.${type}`, { defaultValue: type }),
                  value: n,
                }))}
              />
            </ReportSection>
            <ReportSection title={t('reports.events.list', { count: res.events.length })}>
              <div className="table-scroll">
                <table className="table table--compact">
                  <thead>
                    <tr>
                      <th scope="col">{t('reports.events.time')}</th>
                      <th scope="col">{t('reports.events.type')}</th>
                      <th scope="col">{t('reports.events.value')}</th>
                      <th scope="col">{t('events.field.details')}</th>
                      <th scope="col">{t('reports.events.notes')}</th>
                      <th scope="col">{t('reports.events.origin')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {res.events.map((e) => (
                      <tr key={e.id}>
                        <td className="nowrap">{fmt.dateTime(e.time, e.utc_offset_min)}</td>
                        <td>{t(`events.type.${e.type}`, { defaultValue: e.type })}</td>
                        <td className="nowrap">{eventValue(e.type, e.value, fmt, t)}</td>
                        <td>{eventDetails(e, fmt, t).join(' · ')}</td>
                        <td>{e.notes ?? ''}</td>
                        <td>{t(`events.source.${e.origin}`, { defaultValue: e.origin })}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </ReportSection>
          </div>
        );
      }}
    </Loadable>
  );
}
