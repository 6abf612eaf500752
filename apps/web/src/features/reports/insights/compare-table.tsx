import { useTranslation } from 'react-i18next';
import type { ComparePeriod } from '@cgm/contract';
import { PATTERN_HIGH_ABOVE_MGDL, PATTERN_LOW_BELOW_MGDL } from '@cgm/domain';
import { gmiWithheldText } from '../../../i18n/withheld-reason';
import type { ReportFormat } from '../report-format';
import { tirLabels } from '../stats-block';
import type { CompareRow } from './compare-rows';

/** Labels of the rows: the bands with their limits, the statistics, the episodes with theirs. */
function rowLabel(row: CompareRow, fmt: ReportFormat, t: ReturnType<typeof useTranslation>['t']): string {
  const bands = tirLabels(fmt, t);
  const unit = fmt.unit;
  switch (row.key) {
    case 'veryLow':
      return bands.very_low;
    case 'low':
      return bands.low;
    case 'inRange':
      return bands.in_range;
    case 'high':
      return bands.high;
    case 'veryHigh':
      return bands.very_high;
    case 'mean':
      return t('reports.stats.mean');
    case 'gmi':
      return t('reports.stats.gmi');
    case 'sd':
      return t('reports.stats.sd');
    case 'cv':
      return t('reports.stats.cv');
    case 'wear':
      return t('reports.agp.active');
    case 'validDays':
      return t('reports.compare.validDays');
    case 'lows':
      return t('reports.compare.lows', { limit: fmt.glucoseLimit(PATTERN_LOW_BELOW_MGDL), unit });
    case 'highs':
      return t('reports.compare.highs', { limit: fmt.glucoseLimit(PATTERN_HIGH_ABOVE_MGDL), unit });
  }
}

/** Why a figure is "--": GMI says which rule it missed (CLINICAL.md), any other has no readings. */
function withheldWhy(
  row: CompareRow,
  p: ComparePeriod,
  fmt: ReportFormat,
  t: ReturnType<typeof useTranslation>['t'],
) {
  if (row.key === 'gmi' && p.stats.gmi_withheld)
    return gmiWithheldText(p.stats.gmi_withheld, p.stats.covered_pct, fmt.lang, t) || t('reports.noData');
  return t('reports.noData');
}

export function CompareTable({
  rows,
  earlier,
  later,
  fmt,
}: {
  rows: CompareRow[];
  earlier: ComparePeriod;
  later: ComparePeriod;
  fmt: ReportFormat;
}) {
  const { t } = useTranslation();
  const shown = (row: CompareRow, v: number | null) => {
    if (v === null) return '--';
    const n = fmt.num(v, row.digits);
    return row.kind === 'percent' ? `${n} %` : row.kind === 'glucose' ? `${n} ${fmt.unit}` : n;
  };
  const notes: string[] = [];
  const cell = (row: CompareRow, v: number | null, p: ComparePeriod) => {
    if (v !== null) return <td>{shown(row, v)}</td>;
    const why = withheldWhy(row, p, fmt, t);
    if (!notes.includes(why)) notes.push(why);
    return (
      <td>
        --<sup aria-hidden="true">{notes.indexOf(why) + 1}</sup>
        <span className="visually-hidden"> {why}</span>
      </td>
    );
  };
  const body = rows.map((row) => {
    const c = row.change;
    const sign = c.delta !== null && c.delta > 0 ? '+' : '';
    const arrow = c.direction === 'up' ? '▲' : c.direction === 'down' ? '▼' : '';
    return (
      <tr key={row.key} data-figure={row.key}>
        <th scope="row">{rowLabel(row, fmt, t)}</th>
        {cell(row, row.earlier, earlier)}
        {cell(row, row.later, later)}
        <td
          className={c.verdict ? `compare-change--${c.verdict}` : undefined}
          data-direction={c.direction ?? ''}
        >
          {c.delta === null ? (
            '--'
          ) : (
            <>
              {arrow && <span aria-hidden="true">{arrow} </span>}
              <bdi>{`${sign}${fmt.num(c.delta, row.digits)}`}</bdi>
              {c.verdict && <span className="small"> ({t(`reports.compare.${c.verdict}`)})</span>}
              {c.direction === 'same' && <span className="small"> ({t('reports.compare.same')})</span>}
            </>
          )}
        </td>
      </tr>
    );
  });
  return (
    <div className="compare-scroll" tabIndex={0} role="group" aria-label={t('reports.compare.tableTitle')}>
      <table className="table table--compact compare-table">
        <caption className="muted small">{t('reports.compare.caption', { unit: fmt.unit })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('reports.compare.figure')}</th>
            <th scope="col">
              {t('reports.compare.earlier')}
              <br />
              <span className="small muted">
                <bdi>{fmt.day(earlier.from)}</bdi> – <bdi>{fmt.day(earlier.to)}</bdi>
              </span>
            </th>
            <th scope="col">
              {t('reports.compare.later')}
              <br />
              <span className="small muted">
                <bdi>{fmt.day(later.from)}</bdi> – <bdi>{fmt.day(later.to)}</bdi>
              </span>
            </th>
            <th scope="col">{t('reports.compare.change')}</th>
          </tr>
        </thead>
        <tbody>{body}</tbody>
      </table>
      {notes.length > 0 && (
        <ol className="muted small compare-notes" aria-hidden="true">
          {notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ol>
      )}
    </div>
  );
}
