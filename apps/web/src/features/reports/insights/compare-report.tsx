import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Notice } from '../../../components/notice';
import { CompareCurveChart } from '../charts/compare-curve';
import { profileModel } from '../charts/shaping';
import { reportById } from '../report-catalog';
import { Loadable, ReportSection } from '../reports/loadable';
import type { ReportViewProps } from '../reports/types';
import { useCompareReport } from '../insights-api';
import { baseRange, writeBaseRange } from './compare-params';
import { compareRows } from './compare-rows';
import { CompareTable } from './compare-table';
import './compare.css';

/**
 * The compare report (issue 18 item 3; Dexcom Clarity's Compare, CareLink's comparison): the
 * report's range (the later period, by default the last 14 days) beside an earlier period (by
 * default the 14 days before), figure by figure with the change, and both AGP curves on one chart.
 */
export function CompareReport({ ctx, range }: ReportViewProps) {
  const { t } = useTranslation();
  const [sp] = useSearchParams();
  const maxDays = reportById('compare').maxDays!;
  const base = range ? baseRange(sp, range, maxDays) : null;
  const q = useCompareReport(ctx.uid, range, base && !base.problem ? base : null);
  return (
    <div className="report report--compare">
      {!ctx.print && base && <BaseForm key={`${base.from}/${base.to}`} base={base} />}
      {base?.problem ? (
        <Notice kind="warning">{t(base.problem)}</Notice>
      ) : (
        <Loadable q={q}>{(res) => <CompareBody res={res} ctx={ctx} />}</Loadable>
      )}
    </div>
  );
}

function CompareBody({
  res,
  ctx,
}: {
  res: NonNullable<ReturnType<typeof useCompareReport>['data']>;
  ctx: ReportViewProps['ctx'];
}) {
  const { t } = useTranslation();
  const { fmt } = ctx;
  // The answer's `current` reads like a ref to the React compiler: plain values, which it memoizes.
  const { previous, current } = res;
  const rows = compareRows(previous, current, fmt.unit);
  const earlier = profileModel(previous.profile, fmt.unit, '10-90');
  const later = profileModel(current.profile, fmt.unit, '10-90');
  const span = (p: { from: string; to: string }) => `${fmt.day(p.from)} – ${fmt.day(p.to)}`;
  return (
    <>
      <ReportSection title={t('reports.compare.tableTitle')}>
        <CompareTable rows={rows} earlier={res.previous} later={res.current} fmt={fmt} />
      </ReportSection>
      <ReportSection title={t('reports.compare.curveTitle')}>
        <CompareCurveChart
          earlier={earlier}
          later={later}
          unit={fmt.unit}
          format={(v) => fmt.num(v, fmt.unit === 'mg/dL' ? 0 : 1)}
          title={t('reports.compare.curveTitle')}
          description={t('reports.compare.curveDesc', {
            earlier: span(res.previous),
            later: span(res.current),
          })}
        />
        <ul className="profile-legend">
          {(['earlier', 'later'] as const).map((p) => (
            <li key={p}>
              <span className={`profile-legend__key compare-legend__key--${p}-median`} aria-hidden="true" />
              <span className={`profile-legend__key compare-legend__key--${p}-band`} aria-hidden="true" />
              <span>
                {t(`reports.compare.${p}`)}: <bdi>{span(p === 'earlier' ? previous : current)}</bdi>
              </span>
            </li>
          ))}
        </ul>
        <p className="muted small">{t('reports.compare.curveNote')}</p>
      </ReportSection>
    </>
  );
}

/** The earlier period: two dates and Compare, or back to the same length just before. */
function BaseForm({ base }: { base: ReturnType<typeof baseRange> }) {
  const { t } = useTranslation();
  const [sp, setSp] = useSearchParams();
  const [from, setFrom] = useState(base.from);
  const [to, setTo] = useState(base.to);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSp(writeBaseRange(sp, { from, to }));
  };
  return (
    <form className="compare-base no-print" onSubmit={submit} aria-label={t('reports.compare.choose')}>
      <span className="small">{t('reports.compare.choose')}</span>
      <label>
        {t('reports.compare.from')}
        <input
          className="input input--small"
          type="date"
          value={from}
          required
          onChange={(e) => setFrom(e.target.value)}
        />
      </label>
      <label>
        {t('reports.compare.to')}
        <input
          className="input input--small"
          type="date"
          value={to}
          required
          onChange={(e) => setTo(e.target.value)}
        />
      </label>
      <button type="submit" className="btn btn--primary btn--small">
        {t('reports.compare.apply')}
      </button>
      {base.chosen && (
        <button
          type="button"
          className="btn btn--secondary btn--small"
          onClick={() => setSp(writeBaseRange(sp, null))}
        >
          {t('reports.compare.justBefore')}
        </button>
      )}
    </form>
  );
}
