import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { addDays } from '@cgm/domain';
import { Notice } from '../../components/notice';
import type { ReportEntry } from './report-catalog';
import type { ReportCtx } from './report-context';
import { durationsFor, writeParams, type EffectiveRange } from './report-params';
import { defaultPaper, openPrintTab, printQuery, printUrl } from './print/open-print';
import { useKeepQuery } from './reports-shell';
import { FhirDownload } from './fhir-download';

/**
 * The bar above a report: the range with its length, earlier/later, the durations of spec §9
 * within the report's limit, the date views (data map), valid days only, the unit, and Print.
 */
export function RangeBar({
  ctx,
  entry,
  range,
}: {
  ctx: ReportCtx;
  entry: ReportEntry;
  range: EffectiveRange | null;
}) {
  const { t } = useTranslation();
  const [sp, setSp] = useSearchParams();
  const keep = useKeepQuery();
  const [blocked, setBlocked] = useState(false);
  const set = (p: Parameters<typeof writeParams>[1]) => setSp(writeParams(sp, p));
  const shift = (days: number) =>
    range && set({ from: addDays(range.from, days), to: addDays(range.to, days) });

  const print = () => {
    const q = printQuery(sp, { uid: ctx.uid, unit: ctx.unit, range: range && !range.problem ? range : null });
    setBlocked(!openPrintTab(printUrl(entry.print, q, defaultPaper())));
  };
  const dateView = entry.maxDays === 14 ? '/Hcp/chartSetting/dateView' : '/Hcp/chartSetting/dateView2';
  const back = `${keep(dateView, ctx.uid)}${sp.toString() ? '&' : '?'}back=${entry.chart ?? ''}`;

  return (
    <div className="range-bar">
      {range && entry.maxDays && (
        <>
          <div className="range-bar__range">
            <button
              type="button"
              className="btn btn--ghost btn--small"
              onClick={() => shift(-range.days)}
              aria-label={t('reports.range.earlier')}
            >
              ‹
            </button>
            <span className="range-bar__dates">
              {t('reports.range.fromTo', { from: ctx.fmt.day(range.from), to: ctx.fmt.day(range.to) })}
              <span className="muted small"> · {t('reports.range.days', { count: range.days })}</span>
            </span>
            <button
              type="button"
              className="btn btn--ghost btn--small"
              onClick={() => shift(range.days)}
              disabled={range.to >= ctx.today}
              aria-label={t('reports.range.later')}
            >
              ›
            </button>
          </div>
          <div className="range-bar__durations" role="group" aria-label={t('reports.range.duration')}>
            {durationsFor(entry.maxDays).map((d) => (
              <button
                key={d}
                type="button"
                className={`btn btn--small ${range.days === d ? 'btn--primary' : 'btn--secondary'}`}
                aria-pressed={range.days === d}
                onClick={() => set({ from: addDays(range.to, -(d - 1)), to: range.to })}
              >
                {t('reports.range.days', { count: d })}
              </button>
            ))}
            <Link className="btn btn--secondary btn--small" to={back}>
              {t('reports.range.choose')}
            </Link>
          </div>
        </>
      )}
      <div className="range-bar__options">
        {entry.maxDays && entry.validDays && (
          <label className="range-bar__check">
            <input
              type="checkbox"
              checked={ctx.params.validOnly}
              onChange={(e) => set({ validOnly: e.target.checked })}
            />
            {t('reports.range.validOnly')}
          </label>
        )}
        <label className="range-bar__unit">
          <span className="visually-hidden">{t('reports.unit')}</span>
          <select
            className="input input--small"
            value={ctx.unit}
            onChange={(e) => {
              const next = new URLSearchParams(sp);
              next.set('unit', e.target.value);
              setSp(next);
            }}
          >
            <option value="mg/dL">mg/dL</option>
            <option value="mmol/L">mmol/L</option>
          </select>
        </label>
        {range && !range.problem && entry.maxDays && <FhirDownload ctx={ctx} range={range} />}
        <button type="button" className="btn btn--primary btn--small" onClick={print}>
          {t('reports.print')}
        </button>
      </div>
      {blocked && <Notice kind="warning">{t('messages.popupBlocked')}</Notice>}
    </div>
  );
}
