import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '../admin-ui';
import { yearGroups } from '../../../charts/day-axis';
import { BarChart } from '../../../charts/svg-charts';
import { formatIsoDate, formatIsoDayMonth, formatNumber } from '../../../i18n/format';
import { useUsage } from './ops-api';
import { dayList, QueryState, useCountryName } from './ops-common';
import { figuresByCountry, figuresByDay, USAGE_METRICS, type UsageMetric } from './usage-figures';
import {
  MetricPicker,
  Totals,
  UsageFilters,
  usageFilterValid,
  useUsageFilter,
  type UsageFilter,
} from './usage-filters';
import './operations.css';

const query = (f: UsageFilter) => ({ from: f.from, to: f.to, country: f.country || undefined });

/**
 * /dataStatistics: usage over time. Per UTC day, within the admin's scope (or one country of
 * it): uploads, active patients, sensors and patches started, new accounts; a bar chart of one
 * figure and the table of all of them.
 */
export function DataStatisticsScreen() {
  const { t, i18n } = useTranslation();
  const [filter, setFilter] = useUsageFilter();
  const [sent, setSent] = useState(filter);
  const [metric, setMetric] = useState<UsageMetric>('active_patients');
  const usage = useUsage(query(sent));
  const lang = i18n.language;
  const n = (v: number) => formatNumber(v, lang);
  const update = (f: UsageFilter) => {
    setFilter(f);
    if (usageFilterValid(f)) setSent(f);
  };
  const days = usage.data ? figuresByDay(usage.data.rows, dayList(usage.data.from, usage.data.to)) : [];
  return (
    <AdminPage title={t('usage.dailyTitle')} lead={t('usage.dailyLead')}>
      <div className="ops">
        <UsageFilters value={filter} onChange={update} />
        {!usage.data ? (
          <QueryState pending={usage.isPending} error={usage.error} />
        ) : (
          <>
            <Totals totals={usage.data.totals} />
            <p className="muted small">{t('usage.utcNote')}</p>
            <MetricPicker value={metric} onChange={setMetric} />
            <BarChart
              title={t('usage.chartTitle', { metric: t(`usage.metrics.${metric}`) })}
              data={days.map((d) => ({
                label: formatIsoDayMonth(d.day, lang),
                value: d[metric],
              }))}
              labelGroups={yearGroups(
                days.map((d) => d.day),
                lang,
              )}
              format={n}
              tone={metric === 'active_patients' ? 'success' : 'primary'}
            />
            <div className="ops-scroll">
              <table className="table table--pinned ops-table" aria-busy={usage.isFetching || undefined}>
                <thead>
                  <tr>
                    <th scope="col">{t('usage.day')}</th>
                    {USAGE_METRICS.map((m) => (
                      <th key={m} scope="col" className="num">
                        {t(`usage.metrics.${m}`)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {[...days].reverse().map((d) => (
                    <tr key={d.day}>
                      <td>{formatIsoDate(d.day, lang, 'medium')}</td>
                      {USAGE_METRICS.map((m) => (
                        <td key={m} className="num">
                          {n(d[m])}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </div>
    </AdminPage>
  );
}

/**
 * /BasicQuantityRecord: the basic quantities of a period per country: how many uploads, active
 * patients, sensors and patches started and new accounts each country of the scope had.
 */
export function BasicQuantityRecordScreen() {
  const { t, i18n } = useTranslation();
  const [filter, setFilter] = useUsageFilter();
  const [sent, setSent] = useState(filter);
  const [metric, setMetric] = useState<UsageMetric>('uploads');
  const usage = useUsage(query(sent));
  const country = useCountryName();
  const n = (v: number) => formatNumber(v, i18n.language);
  const update = (f: UsageFilter) => {
    setFilter(f);
    if (usageFilterValid(f)) setSent(f);
  };
  const countries = usage.data ? figuresByCountry(usage.data.rows) : [];
  return (
    <AdminPage title={t('usage.countryTitle')} lead={t('usage.countryLead')}>
      <div className="ops">
        <UsageFilters value={filter} onChange={update} />
        {!usage.data ? (
          <QueryState pending={usage.isPending} error={usage.error} />
        ) : countries.length === 0 ? (
          <p className="muted">{t('usage.none')}</p>
        ) : (
          <>
            <MetricPicker value={metric} onChange={setMetric} />
            <BarChart
              title={t('usage.countryChartTitle', { metric: t(`usage.metrics.${metric}`) })}
              data={countries.slice(0, 20).map((c) => ({ label: c.country, value: c[metric] }))}
              format={n}
            />
            <div className="ops-scroll">
              <table className="table table--pinned ops-table" aria-busy={usage.isFetching || undefined}>
                <thead>
                  <tr>
                    <th scope="col">{t('usage.country')}</th>
                    {USAGE_METRICS.map((m) => (
                      <th key={m} scope="col" className="num">
                        {t(m === 'active_patients' ? 'usage.patientDays' : `usage.metrics.${m}`)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {countries.map((c) => (
                    <tr key={c.country}>
                      <th scope="row">{country(c.country)}</th>
                      {USAGE_METRICS.map((m) => (
                        <td key={m} className="num">
                          {n(c[m])}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr>
                    <th scope="row">{t('usage.total')}</th>
                    {USAGE_METRICS.map((m) => (
                      <td key={m} className="num">
                        {n(
                          m === 'active_patients'
                            ? countries.reduce((s, c) => s + c[m], 0)
                            : usage.data!.totals[m],
                        )}
                      </td>
                    ))}
                  </tr>
                </tfoot>
              </table>
            </div>
            <p className="muted small">
              {t('usage.patientDaysNote', { patients: n(usage.data.totals.active_patients) })}
            </p>
          </>
        )}
      </div>
    </AdminPage>
  );
}
