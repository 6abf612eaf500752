import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { PatientListItem, PatientSort } from '@cgm/contract';
import type { GlucoseUnit } from '@cgm/domain';
import { GlucoseText, KindCells, TirCell, UploadCell } from './patient-cells';
import { BandCell, CvCell, DaysCell, FlagChips, GmiCell, useBandHeaders, WearCell } from './triage-cells';
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
  /** The list's unit (the viewer's, or as chosen): the band limits, the flags and the latest glucose. */
  unit: GlucoseUnit;
}

/**
 * The patients as a table; on a phone (CSS below 40rem) each row becomes a card with labelled
 * values (data-label). A row opens the patient view; the checkbox only selects.
 */
export function PatientRows(p: RowsProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const bands = useBandHeaders(p.unit);
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
          {header('risk', t('patients.col.flags'))}
          {header('glucose', t('patients.col.glucose'))}
          {header('last_reading', t('patients.col.lastReading'))}
          {header('very_low', bands.veryLow)}
          {header('below', bands.below)}
          {header('tir', t('patients.col.tir'))}
          {header('above', bands.above)}
          {header('very_high', bands.veryHigh)}
          {header('wear', t('patients.col.wear'))}
          {header('gmi', t('patients.col.gmi'))}
          {header('cv', t('patients.col.cv'))}
          {header('upload_time', t('patients.col.upload'))}
          {header(null, t('patients.col.alias'))}
          {header(null, t('patients.col.gender'))}
          {header(null, t('patients.col.diabetesType'))}
          {header(null, t('profile.field.diabetes_diagnosis_date'))}
          {header(null, t('profile.field.createdBy'))}
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
              <td data-label={t('patients.col.flags')}>
                <FlagChips item={item} unit={p.unit} />
              </td>
              <td data-label={t('patients.col.glucose')}>
                {/* In the list's unit, as every other glucose figure of the table: one column in two
                    units would put 5.5 beside 99 for the same kind of number. */}
                <GlucoseText item={item} unit={p.unit} now={p.now} />
              </td>
              <td data-label={t('patients.col.lastReading')}>
                <DaysCell item={item} />
              </td>
              <td data-label={bands.veryLow}>
                <BandCell item={item} band="veryLow" />
              </td>
              <td data-label={bands.below}>
                <BandCell item={item} band="below" />
              </td>
              <td data-label={t('patients.col.tir')}>
                <TirCell item={item} />
              </td>
              <td data-label={bands.above}>
                <BandCell item={item} band="above" />
              </td>
              <td data-label={bands.veryHigh}>
                <BandCell item={item} band="veryHigh" />
              </td>
              <td data-label={t('patients.col.wear')}>
                <WearCell item={item} />
              </td>
              <td data-label={t('patients.col.gmi')}>
                <GmiCell item={item} />
              </td>
              <td data-label={t('patients.col.cv')}>
                <CvCell item={item} />
              </td>
              <td data-label={t('patients.col.upload')}>
                <UploadCell time={item.upload_time} now={p.now} />
              </td>
              <td data-label={t('patients.col.alias')}>{item.alias || <span className="muted">--</span>}</td>
              <KindCells item={item} />
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
