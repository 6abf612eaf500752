import { useTranslation } from 'react-i18next';
import { MEAL_PERIODS } from '@cgm/domain';
import type { LgbResponse } from '@cgm/contract';
import { useChartData } from '../reports-api';
import type { ReportFormat } from '../report-format';
import { BandLegend, BandValue } from './band-value';
import { eventSummary } from './event-text';
import { Loadable } from './loadable';
import type { ReportViewProps } from './types';

type Cell = LgbResponse['report_data']['days'][number]['periods']['breakfast'];

/** chart4, the logbook: a row per date, a column per meal period (glucose, carbs, insulin, events). */
export function LogbookReport({ ctx, range }: ReportViewProps) {
  const { t } = useTranslation();
  const q = useChartData('lgb', ctx.uid, range, ctx.params);
  const { fmt } = ctx;
  return (
    <Loadable q={q}>
      {(res) => {
        const p = res.report_data.periods;
        const hours = (m: number) =>
          `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
        return (
          <div className="report report--logbook">
            <BandLegend fmt={fmt} />
            <div className="table-scroll">
              <table className="table logbook">
                <caption className="muted small">{t('reports.logbook.caption', { unit: fmt.unit })}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('reports.logbook.day')}</th>
                    {MEAL_PERIODS.map((k) => (
                      <th scope="col" key={k}>
                        {t(`reports.logbook.period.${k}`)}
                        <span className="muted small logbook__hours">
                          {p[k] ? `${hours(p[k].start_min)}–${hours(p[k].end_min)}` : ''}
                        </span>
                      </th>
                    ))}
                    <th scope="col">{t('reports.logbook.insulin')}</th>
                  </tr>
                </thead>
                <tbody>
                  {res.report_data.days.map((d) => (
                    <tr key={d.day}>
                      <th scope="row" className="logbook__day">
                        {fmt.shortDay(d.day)}
                      </th>
                      {MEAL_PERIODS.map((k) => (
                        <td key={k}>
                          <LogCell cell={d.periods[k]} fmt={fmt} />
                        </td>
                      ))}
                      <td className="logbook__total">
                        {d.insulin ? `${fmt.insulin(d.insulin.total)} ${t('units.insulin')}` : '--'}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
        );
      }}
    </Loadable>
  );
}

function LogCell({ cell, fmt }: { cell: Cell; fmt: ReportFormat }) {
  const { t } = useTranslation();
  if (
    cell.count === 0 &&
    cell.carbs === 0 &&
    cell.bolus_count === 0 &&
    cell.bg.length === 0 &&
    cell.events.length === 0
  ) {
    return <span className="muted">--</span>;
  }
  return (
    <ul className="logcell">
      {cell.count > 0 && (
        <li title={t('reports.logbook.glucoseHint')}>
          <BandValue mgdl={cell.mean} fmt={fmt} strong />
          <span className="small">
            {' '}
            (<BandValue mgdl={cell.min} fmt={fmt} />–<BandValue mgdl={cell.max} fmt={fmt} />)
          </span>
        </li>
      )}
      {cell.bg.map((b) => (
        <li key={b.time} className="small">
          {t('reports.logbook.bg')} <BandValue mgdl={b.mgdl} fmt={fmt} />
        </li>
      ))}
      {cell.carbs > 0 && <li className="small">{t('reports.logbook.carbs', { g: fmt.num(cell.carbs) })}</li>}
      {cell.bolus_count > 0 && (
        <li className="small">
          {t('reports.logbook.bolus', { units: fmt.insulin(cell.bolus), count: cell.bolus_count })}
        </li>
      )}
      {cell.events.map((e) => (
        <li key={e.id} className="small logcell__event">
          {eventSummary(e, fmt, t)}
        </li>
      ))}
    </ul>
  );
}
