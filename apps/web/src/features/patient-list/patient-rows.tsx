import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { PatientListItem, PatientSort } from '@cgm/contract';
import { GlucoseText, KindCells, TirCell, UploadCell } from './patient-cells';
import { displayName, patientViewPath } from './patient-row-view';

interface RowsProps {
  items: PatientListItem[];
  now: number;
  clinic: boolean;
  selectable: boolean;
  selected: ReadonlySet<string>;
  onToggle: (uid: string) => void;
  onToggleAll: (on: boolean) => void;
  sort: PatientSort;
  order: 'asc' | 'desc';
  onSort: (column: PatientSort) => void;
}

/**
 * The patients as a table; on a phone (CSS below 40rem) each row becomes a card with labelled
 * values (data-label). A row opens the patient view; the checkbox only selects.
 */
export function PatientRows(p: RowsProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const allOn = p.items.length > 0 && p.items.every((i) => p.selected.has(i.uid));
  const header = (column: PatientSort | null, label: string) => {
    if (!column) return <th scope="col">{label}</th>;
    const current = p.sort === column;
    return (
      <th scope="col" aria-sort={current ? (p.order === 'asc' ? 'ascending' : 'descending') : 'none'}>
        <button type="button" className="sort-btn" onClick={() => p.onSort(column)}>
          {label}
          <span aria-hidden="true" className="sort-btn__mark">
            {current ? (p.order === 'asc' ? ' ▲' : ' ▼') : ''}
          </span>
        </button>
      </th>
    );
  };
  return (
    <table className="table patient-table">
      <caption className="visually-hidden">{t('patients.list.caption')}</caption>
      <thead>
        <tr>
          {p.selectable && (
            <th scope="col" className="patient-table__check">
              <input
                type="checkbox"
                checked={allOn}
                onChange={(e) => p.onToggleAll(e.target.checked)}
                aria-label={t('patients.list.selectAll')}
              />
            </th>
          )}
          {header('name', t('patients.col.name'))}
          {header(null, t('patients.col.alias'))}
          {header(null, t('patients.col.gender'))}
          {header(null, t('patients.col.diabetesType'))}
          {header(null, t('profile.field.diabetes_diagnosis_date'))}
          {header(null, t('profile.field.createdBy'))}
          {header('upload_time', t('patients.col.upload'))}
          {header('glucose', t('patients.col.glucose'))}
          {header('tir', t('patients.col.tir'))}
        </tr>
      </thead>
      <tbody>
        {p.items.map((item) => {
          const open = () => void navigate(patientViewPath(item.uid, p.clinic));
          return (
            <tr key={item.uid} className="patient-row" onClick={open}>
              {p.selectable && (
                <td className="patient-table__check" onClick={(e) => e.stopPropagation()}>
                  <input
                    type="checkbox"
                    checked={p.selected.has(item.uid)}
                    onChange={() => p.onToggle(item.uid)}
                    aria-label={t('patients.list.select', { name: displayName(item) })}
                  />
                </td>
              )}
              <th scope="row" className="patient-row__name">
                <a
                  href={patientViewPath(item.uid, p.clinic)}
                  onClick={(e) => {
                    e.preventDefault();
                    e.stopPropagation();
                    open();
                  }}
                >
                  {displayName(item)}
                </a>
                {item.age !== null && (
                  <span className="muted small"> {t('patients.list.age', { age: item.age })}</span>
                )}
              </th>
              <td data-label={t('patients.col.alias')}>{item.alias || <span className="muted">--</span>}</td>
              <KindCells item={item} />
              <td data-label={t('patients.col.upload')}>
                <UploadCell time={item.upload_time} now={p.now} />
              </td>
              <td data-label={t('patients.col.glucose')}>
                {/* In the patient's own unit, as their monitor shows it. */}
                <GlucoseText item={item} unit={item.unit} now={p.now} />
              </td>
              <td data-label={t('patients.col.tir')}>
                <TirCell item={item} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
