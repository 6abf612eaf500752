import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountSummaryResponse, UserType } from '@cgm/contract';
import { AdminPage } from '../admin-ui';
import { SelectField } from '../../../components/form-field';
import { BarChart, ChartLegend, LineChart } from '../../../charts/svg-charts';
import { formatIsoMonth, formatNumber } from '../../../i18n/format';
import { useAccountSummary } from './ops-api';
import { CountryFilter, QueryState, useCountryName } from './ops-common';
import './operations.css';

const MONTH_CHOICES = [6, 12, 24, 36] as const;
/** Accounts over time by type: the people the service is for, one line each (staff in the table). */
const BY_TYPE_LINES = [
  { type: 'P', tone: 'primary' },
  { type: 'M', tone: 'accent' },
  { type: 'D', tone: 'success' },
] as const;
const TABLE_TYPES = ['P', 'M', 'D', 'A'] as const;
type Month = AccountSummaryResponse['monthly'][number];
/** Accounts of a type existing at the month's end. */
const existing = (m: Month, type: UserType) => m.by_type.find((x) => x.key === type)?.total ?? 0;

/**
 * /AccountSumarry (the spec's spelling): how many accounts the admin's scope has, by type, country,
 * region and state, and month by month: created, deleted and existing at the month's end, in all
 * and per account type.
 */
export function AccountSummaryScreen() {
  const { t, i18n } = useTranslation();
  const [months, setMonths] = useState(12);
  const [country, setCountry] = useState('');
  const summary = useAccountSummary({ months, country: country || undefined });
  const name = useCountryName();
  const n = (v: number) => formatNumber(v, i18n.language);
  const month = (m: Month) => formatIsoMonth(m.month, i18n.language);
  const d = summary.data;
  return (
    <AdminPage title={t('usage.accountsTitle')} lead={t('usage.accountsLead')}>
      <div className="ops">
        <div className="ops-toolbar">
          <SelectField
            label={t('usage.months')}
            value={String(months)}
            onValue={(v) => setMonths(Number(v))}
            options={MONTH_CHOICES.map((m) => ({
              value: String(m),
              label: t('usage.lastMonths', { count: m }),
            }))}
          />
          <CountryFilter value={country} onValue={setCountry} />
        </div>
        {!d ? (
          <QueryState pending={summary.isPending} error={summary.error} />
        ) : (
          <>
            <dl className="ops-figures">
              <div className="ops-figure">
                <dt>{t('usage.totalAccounts')}</dt>
                <dd>{n(d.total)}</dd>
              </div>
              {d.by_type.map((x) => (
                <div key={x.key} className="ops-figure">
                  <dt>{t(`usage.userTypes.${x.key}`)}</dt>
                  <dd>{n(x.count)}</dd>
                </div>
              ))}
            </dl>
            <section className="ops-panel">
              <h2 className="section__title">{t('usage.overTime')}</h2>
              <LineChart
                title={t('usage.overTime')}
                labels={d.monthly.map(month)}
                series={[
                  { name: t('usage.existing'), values: d.monthly.map((m) => m.total), tone: 'primary' },
                  { name: t('usage.created'), values: d.monthly.map((m) => m.created), tone: 'success' },
                  { name: t('usage.deleted'), values: d.monthly.map((m) => m.deleted), tone: 'accent' },
                ]}
                format={n}
              />
              <ChartLegend
                items={[
                  { name: t('usage.existing'), tone: 'primary' },
                  { name: t('usage.created'), tone: 'success' },
                  { name: t('usage.deleted'), tone: 'accent' },
                ]}
              />
              <h3 className="section__title">{t('usage.overTimeByType')}</h3>
              <LineChart
                title={t('usage.overTimeByType')}
                labels={d.monthly.map(month)}
                series={BY_TYPE_LINES.map((l) => ({
                  name: t(`usage.userTypes.${l.type}`),
                  values: d.monthly.map((m) => existing(m, l.type)),
                  tone: l.tone,
                }))}
                format={n}
              />
              <ChartLegend
                items={BY_TYPE_LINES.map((l) => ({ name: t(`usage.userTypes.${l.type}`), tone: l.tone }))}
              />
            </section>
            <div className="ops-columns">
              <CountTable
                title={t('usage.byState')}
                rows={d.by_state.map((x) => ({
                  key: x.key,
                  label: t(`usage.states.${x.key}`),
                  count: x.count,
                }))}
              />
              <CountTable
                title={t('usage.byRegion')}
                rows={d.by_region.map((x) => ({
                  key: x.key,
                  label: t(`regions.${x.key}`, { defaultValue: x.key }),
                  count: x.count,
                }))}
              />
              <CountTable
                title={t('usage.byCountry')}
                rows={d.by_country.map((x) => ({ key: x.key, label: name(x.key), count: x.count }))}
              />
            </div>
            <BarChart
              title={t('usage.byCountry')}
              data={d.by_country.slice(0, 20).map((x) => ({ label: x.key, value: x.count }))}
              format={n}
            />
            <div className="ops-scroll">
              <table className="table table--pinned ops-table">
                <caption>
                  <span>{t('usage.monthlyTable')}</span>
                </caption>
                <thead>
                  <tr>
                    <th scope="col">{t('usage.month')}</th>
                    <th scope="col" className="num">
                      {t('usage.created')}
                    </th>
                    <th scope="col" className="num">
                      {t('usage.deleted')}
                    </th>
                    <th scope="col" className="num">
                      {t('usage.existing')}
                    </th>
                    {TABLE_TYPES.map((type) => (
                      <th key={type} scope="col" className="num">
                        {t(`usage.userTypes.${type}`)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {[...d.monthly].reverse().map((m) => (
                    <tr key={m.month}>
                      <td className="ops-nowrap">{month(m)}</td>
                      <td className="num">{n(m.created)}</td>
                      <td className="num">{n(m.deleted)}</td>
                      <td className="num">{n(m.total)}</td>
                      {TABLE_TYPES.map((type) => (
                        <td key={type} className="num">
                          {n(existing(m, type))}
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

function CountTable({
  title,
  rows,
}: {
  title: string;
  rows: Array<{ key: string; label: string; count: number }>;
}) {
  const { t, i18n } = useTranslation();
  return (
    <table className="table ops-table">
      <caption>{title}</caption>
      <tbody>
        {rows.length === 0 && (
          <tr>
            <td className="muted">{t('usage.none')}</td>
          </tr>
        )}
        {rows.map((r) => (
          <tr key={r.key}>
            <th scope="row">{r.label}</th>
            <td className="num">{formatNumber(r.count, i18n.language)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
