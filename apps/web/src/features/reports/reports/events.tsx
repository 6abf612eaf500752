import { useTranslation } from 'react-i18next';
import { CategoryBars } from '../../../charts/category-bars';
import { useEventsReport } from '../reports-api';
import { eventDetails, eventValue } from './event-text';
import { Loadable, ReportSection } from './loadable';
import type { ReportViewProps } from './types';
import { stackCell } from '../../../components/stack-cell';

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
              <CategoryBars
                title={t('reports.events.counts')}
                data={counts.map(([type, n]) => ({
                  label: t(`events.type.${type}`, { defaultValue: type }),
                  value: n,
                }))}
                format={(v) => fmt.num(v)}
              />
            </ReportSection>
            <ReportSection title={t('reports.events.list', { count: res.events.length })}>
              <div className="table-scroll">
                <table className="table table--compact table--stack">
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
                    {res.events.map((e) => {
                      const value = eventValue(e.type, e.value, fmt, t);
                      const details = eventDetails(e, fmt, t).join(' · ');
                      return (
                        <tr key={e.id}>
                          <td className="nowrap" data-label={t('reports.events.time')}>
                            {fmt.dateTime(e.time, e.utc_offset_min)}
                          </td>
                          <td data-label={t('reports.events.type')}>
                            {t(`events.type.${e.type}`, { defaultValue: e.type })}
                          </td>
                          <td {...stackCell(t('reports.events.value'), value, 'nowrap')}>{value}</td>
                          <td {...stackCell(t('events.field.details'), details)}>{details}</td>
                          <td {...stackCell(t('reports.events.notes'), e.notes ?? '')}>{e.notes ?? ''}</td>
                          <td data-label={t('reports.events.origin')}>
                            {t(`events.source.${e.origin}`, { defaultValue: e.origin })}
                          </td>
                        </tr>
                      );
                    })}
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
