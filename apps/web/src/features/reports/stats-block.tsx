import { useTranslation } from 'react-i18next';
import type { GlucoseStatsBlock, InsulinBlock } from '@cgm/contract';
import { splitPercentages } from '@cgm/domain';
import { ea1cWithheldText, gmiWithheldText } from '../../i18n/withheld-reason';
import type { ReportFormat } from './report-format';
import { TirBar } from './charts/tir-bar';
import { shownTir, type TimeInRanges } from './charts/tir';

// The statistics block of spec §3 and the insulin figures, as labelled tiles; every figure comes
// from the server (computed by @cgm/domain) and is only converted and formatted here.

type T = (key: string, opts?: Record<string, unknown>) => string;

interface Tile {
  key: string;
  value: string;
  unit?: string;
}

function Tiles({ tiles, label }: { tiles: Tile[]; label: string }) {
  return (
    <dl className="stat-tiles" aria-label={label}>
      {tiles.map((tile) => (
        <div key={tile.key} className="stat-tile">
          <dt className="stat-tile__label">{tile.key}</dt>
          <dd className="stat-tile__value">
            {tile.value}
            {tile.unit && tile.value !== '--' && <span className="stat-tile__unit"> {tile.unit}</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function glucoseTiles(s: GlucoseStatsBlock, fmt: ReportFormat, t: T): Tile[] {
  const u = fmt.unit;
  // Levels follow the display rule ("High" and "Low" stand without a unit); SD and IQR are spreads.
  const g = (k: string, v: number | null) => {
    const value = fmt.glucose(v);
    return { key: t(`reports.stats.${k}`), value, unit: /\p{Nd}/u.test(value) ? u : undefined };
  };
  const spread = (k: string, v: number | null) => ({
    key: t(`reports.stats.${k}`),
    value: fmt.glucoseLimit(v),
    unit: u,
  });
  const auc = (v: number | null) => (v === null ? null : fmt.toUnit(v));
  return [
    g('mean', s.mean),
    spread('sd', s.sd),
    { key: t('reports.stats.cv'), value: fmt.pct(s.cv), unit: '%' },
    g('median', s.median),
    g('q1', s.q1),
    g('q3', s.q3),
    spread('iqr', s.iqr),
    g('min', s.min),
    g('max', s.max),
    { key: t('reports.stats.inTarget'), value: fmt.pct(s.in_target), unit: '%' },
    { key: t('reports.stats.aucAbove'), value: fmt.num(auc(s.auc_above), 1), unit: `${u}·h` },
    { key: t('reports.stats.aucBelow'), value: fmt.num(auc(s.auc_below), 1), unit: `${u}·h` },
    { key: t('reports.stats.ea1c'), value: fmt.num(s.ea1c, 1), unit: '%' },
    { key: t('reports.stats.gmi'), value: fmt.num(s.gmi, 1), unit: '%' },
    {
      key: t('reports.stats.gri'),
      value: s.gri === null ? '--' : `${fmt.num(s.gri, 1)} (${s.gri_zone ?? ''})`,
    },
    { key: t('reports.stats.lbgi'), value: fmt.num(s.lbgi, 1) },
    { key: t('reports.stats.hbgi'), value: fmt.num(s.hbgi, 1) },
    { key: t('reports.stats.count'), value: fmt.num(s.count) },
  ];
}

/**
 * Why eA1c and GMI show "--", one sentence each, naming the rule missed (CLINICAL.md): eA1c wants
 * more than 80 % of the period covered, GMI a period of 14 days or more covered at least 70 %.
 */
export function withheldReasons(s: GlucoseStatsBlock, fmt: Pick<ReportFormat, 'lang'>, t: T): string[] {
  const reasons: string[] = [];
  if (s.ea1c_withheld) reasons.push(ea1cWithheldText(s.ea1c_withheld, s.covered_pct, fmt.lang, t));
  if (s.gmi_withheld) reasons.push(gmiWithheldText(s.gmi_withheld, s.covered_pct, fmt.lang, t));
  return reasons;
}

export function GlucoseStats({ stats, fmt }: { stats: GlucoseStatsBlock; fmt: ReportFormat }) {
  const { t } = useTranslation();
  return (
    <>
      <Tiles tiles={glucoseTiles(stats, fmt, t)} label={t('reports.stats.title')} />
      {withheldReasons(stats, fmt, t).map((reason) => (
        <p key={reason} className="muted small">
          {reason}
        </p>
      ))}
    </>
  );
}

export function InsulinStats({ insulin, fmt }: { insulin: InsulinBlock; fmt: ReportFormat }) {
  const { t } = useTranslation();
  const u = t('units.insulin');
  const i = (k: string, v: number | null) => ({
    key: t(`reports.insulin.${k}`),
    value: fmt.insulin(v),
    unit: u,
  });
  // No-break spaces: on a phone "16.85 U (46 %)" broke between the number and its "%".
  const share = (v: number | null, pct: number | null) =>
    `${fmt.insulin(v)}\u00a0${u} (${fmt.pct(pct, 0)}\u00a0%)`;
  // Basal and bolus split the total: shown as whole percents that add up to 100 %.
  const split = (a: number | null, b: number | null) =>
    a === null || b === null ? [a, b] : splitPercentages([a, b]);
  const [basalPct, bolusPct] = split(insulin.basal_percent, insulin.bolus_percent);
  const tiles: Tile[] = [
    i('tdd', insulin.total_daily_dose),
    { ...i('basal', insulin.basal), value: share(insulin.basal, basalPct ?? null), unit: undefined },
    { ...i('bolus', insulin.bolus), value: share(insulin.bolus, bolusPct ?? null), unit: undefined },
    i('bolusNormal', insulin.bolus_normal),
    i('bolusExtended', insulin.bolus_extended),
    i('bolusCombo', insulin.bolus_combo),
    i('autoBasal', insulin.auto_basal),
    i('autoBolus', insulin.auto_bolus),
    { key: t('reports.insulin.autoMode'), value: fmt.pct(insulin.time_in_auto_mode), unit: '%' },
    { key: t('reports.insulin.autoExits'), value: fmt.num(insulin.auto_mode_exits) },
  ];
  return (
    <>
      <Tiles tiles={tiles} label={t('reports.insulin.title')} />
      <p className="muted small">{t('reports.insulin.perDay', { count: insulin.days })}</p>
    </>
  );
}

/**
 * The consensus bands with their limits in the unit (Battelino 2019), written like every other
 * figure of the report: 13,9 in German, not 13.9.
 */
export function tirLabels(fmt: Pick<ReportFormat, 'glucoseLimit'>, t: T): Record<keyof TimeInRanges, string> {
  const g = (mgdl: number) => fmt.glucoseLimit(mgdl);
  return {
    very_high: `${t('reports.tir.veryHigh')} (>${g(250)})`,
    high: `${t('reports.tir.high')} (${g(181)}–${g(250)})`,
    in_range: `${t('reports.tir.inRange')} (${g(70)}–${g(180)})`,
    low: `${t('reports.tir.low')} (${g(54)}–${g(69)})`,
    very_low: `${t('reports.tir.veryLow')} (<${g(54)})`,
  };
}

export function TimeInRangesBar({ stats, fmt }: { stats: GlucoseStatsBlock; fmt: ReportFormat }) {
  const { t } = useTranslation();
  if (!stats.time_in_ranges) return <p className="muted">{t('reports.noData')}</p>;
  return (
    <figure className="tir-figure">
      <TirBar
        tir={shownTir(stats.time_in_ranges)}
        labels={tirLabels(fmt, t)}
        format={(v) => fmt.pct(v)}
        title={t('reports.tir.title')}
      />
      <figcaption className="muted small">{t('reports.tir.caption', { unit: fmt.unit })}</figcaption>
    </figure>
  );
}
