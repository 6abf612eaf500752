import { useTranslation } from 'react-i18next';
import type { PatientListItem, TriagePopulation } from '@cgm/contract';
import { TRIAGE_FLAGS, TIR_MIN_COVERAGE_PCT, type GlucoseUnit, type GmiWithheld } from '@cgm/domain';
import { formatNumber } from '../../i18n/format';
import { formatGlucoseLimit } from '../../i18n/format-glucose';
import { gmiWithheldText } from '../../i18n/withheld-reason';
import { BAND_LIMITS, bandsView, FLAG_VIEW } from './triage-view';

// The triage cells of a patient row (issue 18): flags, band percentages, wear, GMI, CV and days
// since the newest reading, and the population line above the list. Withheld figures say why.

const pctText = (v: number, lang: string, digits = 0) =>
  formatNumber(v / 100, lang, {
    style: 'percent',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });

/** A flag's text in the language, its limits written in the viewer's unit where they are glucose. */
function useFlagText() {
  const { t, i18n } = useTranslation();
  return (flag: (typeof TRIAGE_FLAGS)[number], unit: GlucoseUnit) => {
    const v = FLAG_VIEW[flag];
    return t(v.key, {
      limit: formatNumber(v.limit, i18n.language),
      pct: pctText(v.limit, i18n.language),
      glucose: formatGlucoseLimit(
        flag === 'very_low' ? BAND_LIMITS.veryLow : BAND_LIMITS.below,
        unit,
        i18n.language,
      ),
      unit,
    });
  };
}

export function FlagChips({ item, unit }: { item: PatientListItem; unit: GlucoseUnit }) {
  const { t } = useTranslation();
  const text = useFlagText();
  const flags = item.triage?.flags ?? [];
  if (!item.triage) return <span className="muted small">{t('patients.triage.pending')}</span>;
  if (!flags.length) return <span className="muted small">{t('patients.triage.none')}</span>;
  return (
    <ul className="flag-list">
      {flags.map((f) => (
        <li key={f} className={`flag-chip${FLAG_VIEW[f].danger ? ' flag-chip--danger' : ''}`}>
          {text(f, unit)}
        </li>
      ))}
    </ul>
  );
}

type Band = 'veryLow' | 'below' | 'inRange' | 'above' | 'veryHigh';

/** One band's percentage, "--" without readings, and the reason when too little data shows it. */
export function BandCell({ item, band }: { item: PatientListItem; band: Band }) {
  const { t, i18n } = useTranslation();
  const view = bandsView(item);
  if (view.kind === 'none') return <span className="muted">--</span>;
  if (view.kind === 'insufficient') {
    const why = t('patients.tir.insufficientHint', {
      coverage: pctText(view.wear, i18n.language),
      needed: pctText(TIR_MIN_COVERAGE_PCT, i18n.language),
    });
    return (
      <span className="muted" title={why}>
        --<span className="visually-hidden"> {why}</span>
      </span>
    );
  }
  return <span>{pctText(view[band], i18n.language)}</span>;
}

export function WearCell({ item }: { item: PatientListItem }) {
  const { i18n } = useTranslation();
  const wear = item.triage?.wear;
  if (wear === null || wear === undefined) return <span className="muted">--</span>;
  return <span>{pctText(wear, i18n.language)}</span>;
}

export function GmiCell({ item }: { item: PatientListItem }) {
  const { t, i18n } = useTranslation();
  const tr = item.triage;
  if (!tr || (tr.gmi === null && !tr.gmi_withheld)) return <span className="muted">--</span>;
  if (tr.gmi === null) {
    const why = gmiWithheldText(tr.gmi_withheld as GmiWithheld, tr.wear, i18n.language, t);
    return (
      <span className="muted" title={why}>
        --<span className="visually-hidden"> {why}</span>
      </span>
    );
  }
  return <span>{pctText(tr.gmi, i18n.language, 1)}</span>;
}

export function CvCell({ item }: { item: PatientListItem }) {
  const { i18n } = useTranslation();
  const cv = item.triage?.cv;
  if (cv === null || cv === undefined) return <span className="muted">--</span>;
  return <span>{pctText(cv, i18n.language, 1)}</span>;
}

/** Whole days since the newest reading (its time, not the upload's). */
export function DaysCell({ item }: { item: PatientListItem }) {
  const { i18n } = useTranslation();
  const d = item.days_since_reading;
  if (d === null) return <span className="muted">--</span>;
  return <span>{formatNumber(d, i18n.language)}</span>;
}

/** "N patients, M need attention" and how many carry each flag, over the whole filtered list. */
export function PopulationLine({ population, unit }: { population: TriagePopulation; unit: GlucoseUnit }) {
  const { t, i18n } = useTranslation();
  const text = useFlagText();
  const n = (v: number) => formatNumber(v, i18n.language);
  return (
    <p className="population-line" aria-live="polite">
      <strong>
        {t('patients.triage.population', {
          patients: n(population.patients),
          flagged: n(population.flagged),
        })}
      </strong>
      {TRIAGE_FLAGS.map((f) => (
        <span key={f} className="population-line__flag">
          {text(f, unit)}: {n(population.per_flag[f] ?? 0)}
        </span>
      ))}
    </p>
  );
}

/** The header label of a band column: its limit in the viewer's unit. */
export function useBandHeaders(unit: GlucoseUnit): Record<Band, string> {
  const { t, i18n } = useTranslation();
  const g = (mgdl: number) => formatGlucoseLimit(mgdl, unit, i18n.language);
  return {
    veryLow: t('patients.col.belowValue', { value: g(BAND_LIMITS.veryLow), unit }),
    below: t('patients.col.belowValue', { value: g(BAND_LIMITS.below), unit }),
    inRange: t('patients.col.tir'),
    above: t('patients.col.aboveValue', { value: g(BAND_LIMITS.above), unit }),
    veryHigh: t('patients.col.aboveValue', { value: g(BAND_LIMITS.veryHigh), unit }),
  };
}
