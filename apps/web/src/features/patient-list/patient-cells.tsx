import { useTranslation } from 'react-i18next';
import type { PatientListItem } from '@cgm/contract';
import { formatIsoDate, formatNumber } from '../../i18n/format';
import { formatAge, formatDateTime } from '../../i18n/format-time';
import { glucoseCell, tirBar } from './patient-row-view';
import { TIR_MIN_COVERAGE_PCT, type GlucoseUnit } from '@cgm/domain';

// The cells of a patient row, shared by the table (wide screens) and the cards (phones).

export function GlucoseText({ item, unit, now }: { item: PatientListItem; unit: GlucoseUnit; now: number }) {
  const { t, i18n } = useTranslation();
  const cell = glucoseCell(item.glucose, unit, now);
  let text: string;
  switch (cell.kind) {
    case 'value':
      text = `${formatNumber(cell.value!, i18n.language, {
        minimumFractionDigits: cell.decimals,
        maximumFractionDigits: cell.decimals,
      })} ${unit}`;
      break;
    case 'high':
      text = t('monitor.glucose.high');
      break;
    case 'low':
      text = t('monitor.glucose.low');
      break;
    case 'code':
      text = t(cell.codeKey!);
      break;
    default:
      text = '--';
  }
  return (
    <span className="patient-glucose">
      {text}
      {cell.trend && (
        <span
          className="patient-glucose__trend"
          title={t(cell.trend.labelKey)}
          aria-label={t(cell.trend.labelKey)}
        >
          {` ${cell.trend.arrow}`}
        </span>
      )}
      {cell.flagKey && <span className="patient-glucose__flag small muted">{` ${t(cell.flagKey)}`}</span>}
    </span>
  );
}

export function TirCell({ item }: { item: PatientListItem }) {
  const { t, i18n } = useTranslation();
  const bar = tirBar(item.tir14);
  const pct = (v: number) =>
    formatNumber(v / 100, i18n.language, { style: 'percent', maximumFractionDigits: 0 });
  if (bar.kind === 'none') return <span className="muted">--</span>;
  if (bar.kind === 'insufficient') {
    return (
      <span
        className="muted small"
        title={t('patients.tir.insufficientHint', {
          coverage: pct(bar.coverage),
          needed: pct(TIR_MIN_COVERAGE_PCT),
        })}
      >
        {t('patients.tir.insufficient')}
      </span>
    );
  }
  const summary = t('patients.tir.summary', {
    inRange: pct(bar.inRange),
    below: pct(bar.below),
    above: pct(bar.above),
  });
  return (
    <span className="tir" title={summary}>
      <span className="tir__bar" role="img" aria-label={summary}>
        <span className="tir__seg tir__seg--below" style={{ inlineSize: `${bar.below}%` }} />
        <span className="tir__seg tir__seg--in" style={{ inlineSize: `${bar.inRange}%` }} />
        <span className="tir__seg tir__seg--above" style={{ inlineSize: `${bar.above}%` }} />
      </span>
      <span className="tir__pct" aria-hidden="true">
        {pct(bar.label)}
      </span>
    </span>
  );
}

export function UploadCell({ time, now }: { time: string | null; now: number }) {
  const { i18n } = useTranslation();
  if (!time) return <span className="muted">--</span>;
  const ms = Date.parse(time);
  return (
    <span className="patient-upload">
      {formatAge(now - ms, i18n.language)}
      <span className="muted small patient-upload__date">{formatDateTime(ms, i18n.language)}</span>
    </span>
  );
}

/** Gender, diabetes type, date of diagnosis and who opened the account (spec §3 patient list item). */
export function KindCells({ item }: { item: PatientListItem }) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <td data-label={t('patients.col.gender')}>{t(`profile.gender.${item.gender}`)}</td>
      <td data-label={t('patients.col.diabetesType')}>{t(`profile.diabetesType.${item.diabetes_type}`)}</td>
      <td data-label={t('profile.field.diabetes_diagnosis_date')}>
        {item.diabetes_diagnosis_date ? (
          formatIsoDate(item.diabetes_diagnosis_date, i18n.language, 'medium')
        ) : (
          <span className="muted">--</span>
        )}
      </td>
      <td data-label={t('profile.field.createdBy')}>{t(`profile.createdBy.${item.created_by}`)}</td>
    </>
  );
}
