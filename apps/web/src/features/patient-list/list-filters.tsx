import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { diabetesType, patientSort, type PatientSort } from '@cgm/contract';
import type { GlucoseUnit } from '@cgm/domain';
import type { ListState } from './patient-list-api';
import { FIRST_ORDER } from './patient-row-view';
import { useBandHeaders } from './triage-cells';

/** The band sorts are named by their limits, as their columns are. */
const BAND_SORTS = { very_low: 'veryLow', below: 'below', above: 'above', very_high: 'veryHigh' } as const;

interface Props {
  state: ListState;
  search: string;
  onSearch: (text: string) => void;
  change: (next: ListState) => void;
  /** The viewer's unit (`?unit=`, else their country's). */
  unit: GlucoseUnit;
  clinic: boolean;
  canDelete: boolean;
  onDelete: () => void;
}

/**
 * The list's controls: search, diabetes type, the sort (the headers' work on a phone, where the
 * rows are cards), the unit of the band limits, "needs attention" and deletion.
 */
export function ListFilters(p: Props) {
  const { t } = useTranslation();
  const [sp, setSp] = useSearchParams();
  const bandHeaders = useBandHeaders(p.unit);
  return (
    <form className="patient-list__filters" role="search" onSubmit={(e) => e.preventDefault()}>
      <label className="field patient-list__search">
        <span className="field__label">{t('patients.list.search')}</span>
        <input
          className="input"
          type="search"
          value={p.search}
          onChange={(e) => p.onSearch(e.target.value)}
          placeholder={t('patients.list.searchHint')}
          maxLength={100}
        />
      </label>
      <label className="field">
        <span className="field__label">{t('patients.col.diabetesType')}</span>
        <select
          className="input"
          value={p.state.diabetesType}
          onChange={(e) => p.change({ ...p.state, diabetesType: e.target.value, page: 1 })}
        >
          <option value="">{t('patients.list.allTypes')}</option>
          {diabetesType.options.map((d) => (
            <option key={d} value={d}>
              {t(`profile.diabetesType.${d}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span className="field__label">{t('patients.list.sortBy')}</span>
        <select
          className="input"
          value={p.state.sort}
          onChange={(e) => {
            const sort = e.target.value as PatientSort;
            p.change({ ...p.state, sort, order: FIRST_ORDER[sort], page: 1 });
          }}
        >
          {patientSort.options.map((s) => (
            <option key={s} value={s}>
              {s in BAND_SORTS
                ? bandHeaders[BAND_SORTS[s as keyof typeof BAND_SORTS]]
                : t(`patients.sort.${s}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span className="field__label">{t('reports.unit')}</span>
        <select
          className="input"
          value={p.unit}
          onChange={(e) => {
            const next = new URLSearchParams(sp);
            next.set('unit', e.target.value);
            setSp(next, { replace: true });
          }}
        >
          <option value="mg/dL">mg/dL</option>
          <option value="mmol/L">mmol/L</option>
        </select>
      </label>
      <label className="check patient-list__attention">
        <input
          type="checkbox"
          checked={p.state.attention}
          onChange={(e) => p.change({ ...p.state, attention: e.target.checked, page: 1 })}
        />
        <span>{t('patients.list.attention')}</span>
      </label>
      {!p.clinic && (
        <button
          type="button"
          className="btn btn--danger patient-list__delete"
          disabled={!p.canDelete}
          onClick={p.onDelete}
        >
          {t('patients.delete.button')}
        </button>
      )}
    </form>
  );
}
