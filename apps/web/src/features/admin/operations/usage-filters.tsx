import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { USAGE_MAX_DAYS } from '@cgm/contract';
import { formatNumber } from '../../../i18n/format';
import { CountryFilter, DateInput, daysBetween, utcDay } from './ops-common';
import { USAGE_METRICS, type Figures, type UsageMetric } from './usage-figures';

export interface UsageFilter {
  from: string;
  to: string;
  country: string;
}

/** The period and country of the usage screens; the last 30 UTC days by default. */
export function useUsageFilter() {
  return useState<UsageFilter>(() => ({ from: utcDay(-29), to: utcDay(0), country: '' }));
}

export function UsageFilters({
  value,
  onChange,
}: {
  value: UsageFilter;
  onChange: (f: UsageFilter) => void;
}) {
  const { t } = useTranslation();
  const days = daysBetween(value.from, value.to);
  return (
    <div className="ops-toolbar">
      <DateInput
        label={t('usage.from')}
        value={value.from}
        max={value.to}
        onValue={(from) => onChange({ ...value, from })}
      />
      <DateInput
        label={t('usage.to')}
        value={value.to}
        min={value.from}
        onValue={(to) => onChange({ ...value, to })}
      />
      <CountryFilter value={value.country} onValue={(country) => onChange({ ...value, country })} />
      {(days === 0 || days > USAGE_MAX_DAYS) && (
        <p className="field__errors">
          {t(days === 0 ? 'usage.errors.rangeOrder' : 'usage.errors.rangeTooLong')}
        </p>
      )}
    </div>
  );
}

/** Whether the filter can be sent (the server would refuse the others with 400). */
export const usageFilterValid = (f: UsageFilter) => {
  const days = daysBetween(f.from, f.to);
  return days > 0 && days <= USAGE_MAX_DAYS;
};

/** The metric buttons above a chart. */
export function MetricPicker({
  value,
  onChange,
}: {
  value: UsageMetric;
  onChange: (m: UsageMetric) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="segmented" role="radiogroup" aria-label={t('usage.metric')}>
      {USAGE_METRICS.map((m) => (
        <button
          key={m}
          type="button"
          role="radio"
          aria-checked={value === m}
          className={value === m ? 'segmented__option segmented__option--selected' : 'segmented__option'}
          onClick={() => onChange(m)}
        >
          {t(`usage.metrics.${m}`)}
        </button>
      ))}
    </div>
  );
}

/** The period's totals as a row of figures. */
export function Totals({ totals }: { totals: Figures }) {
  const { t, i18n } = useTranslation();
  return (
    <dl className="ops-figures">
      {USAGE_METRICS.map((m) => (
        <div key={m} className="ops-figure">
          <dt>{t(`usage.metrics.${m}`)}</dt>
          <dd>{formatNumber(totals[m], i18n.language)}</dd>
        </div>
      ))}
    </dl>
  );
}
