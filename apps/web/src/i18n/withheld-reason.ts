// Why eA1c or GMI shows "--", in words (CLINICAL.md "eA1c", "GMI": the screen and the print say
// why). The server decides whether a figure is withheld and why (@cgm/domain); here the rule it
// missed is written in the language, with the period's covered time when the answer carries it.
import {
  EA1C_MIN_COVERAGE_PCT,
  GMI_MIN_COVERAGE_PCT,
  GMI_MIN_DAYS,
  type EA1cWithheld,
  type GmiWithheld,
} from '@cgm/domain';
import { formatNumber } from './format';

type T = (key: string, opts?: Record<string, unknown>) => string;

const whole = (v: number, lang: string) => formatNumber(v, lang, { maximumFractionDigits: 0 });

/**
 * The covered share as the reports write percentages (one decimal), never shown as meeting the
 * rule it missed: 69.96 % under GMI's "at least 70 %" reads 69.9, not 70.0.
 */
function coveredText(pct: number, min: number, inclusive: boolean, lang: string): string {
  const rounded = Math.round(pct * 10) / 10;
  const meets = inclusive ? rounded >= min : rounded > min;
  const shown = meets ? Math.floor(pct * 10) / 10 : rounded;
  return formatNumber(shown, lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

/** Covered time must exceed 80 % of the period; `coveredPct` null when the answer lacks it. */
export function ea1cWithheldText(
  _reason: EA1cWithheld,
  coveredPct: number | null | undefined,
  lang: string,
  t: T,
): string {
  const min = whole(EA1C_MIN_COVERAGE_PCT, lang);
  if (coveredPct === null || coveredPct === undefined || !Number.isFinite(coveredPct)) {
    return t('reports.stats.withheld.ea1cCoverage', { min });
  }
  const covered = coveredText(coveredPct, EA1C_MIN_COVERAGE_PCT, false, lang);
  return t('reports.stats.withheld.ea1cCoverageNow', { min, covered });
}

/** A period of at least 14 days, covered at least 70 %; too few days is said first. */
export function gmiWithheldText(
  reason: GmiWithheld,
  coveredPct: number | null | undefined,
  lang: string,
  t: T,
): string {
  if (reason === 'too-few-days')
    return t('reports.stats.withheld.gmiDays', { days: whole(GMI_MIN_DAYS, lang) });
  const min = whole(GMI_MIN_COVERAGE_PCT, lang);
  if (coveredPct === null || coveredPct === undefined || !Number.isFinite(coveredPct)) {
    return t('reports.stats.withheld.gmiCoverage', { min });
  }
  const covered = coveredText(coveredPct, GMI_MIN_COVERAGE_PCT, true, lang);
  return t('reports.stats.withheld.gmiCoverageNow', { min, covered });
}
