import { useEffect, useRef, useState } from 'react';
import { useIsFetching } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { languageDir } from '@cgm/domain';
import { Notice } from '../../../components/notice';
import { Spinner } from '../../../components/page';
import { formatDateTime } from '../../../i18n/format-time';
import { reportById, type ReportId } from '../report-catalog';
import { useReportLoad, useReportUid, type ReportCtx } from '../report-context';
import { clipToLast, effectiveRange, readAgpBand, writeAgpBand } from '../report-params';
import { REPORT_VIEWS } from '../report-views';
import { AgpBandSelect } from './agp-print-controls';
import { defaultPaper, isPaper, rememberPaper, type Paper } from './open-print';
import { PAGE, PAGES, pageCss, pageHeader } from './page-css';
import '../reports.css';
import '../../../print/print.css';

/**
 * A print page: one or more reports (a quick print holds several) with a header naming the
 * patient, the range and the unit; page size and numbers come from @page rules (page-css.ts).
 * Charts are SVG, so they stay sharp on paper. With ?autoprint=1 the print dialog opens once
 * everything has loaded.
 */
export function PrintDocument({ reports, title }: { reports: ReportId[]; title: string }) {
  const { t } = useTranslation();
  const { uid } = useReportUid();
  if (!uid) return <Notice kind="info">{t('reports.choosePatient')}</Notice>;
  return <Loaded uid={uid} reports={reports} title={title} />;
}

function Loaded({ uid, reports, title }: { uid: string; reports: ReportId[]; title: string }) {
  const { t } = useTranslation();
  const [sp, setSp] = useSearchParams();
  const load = useReportLoad(uid, true);
  const paper: Paper = isPaper(sp.get('paper')) ? (sp.get('paper') as Paper) : defaultPaper();
  const fetching = useIsFetching();
  const printed = useRef(false);
  const [ready, setReady] = useState(false);
  // When the document was made: read once, not at every render.
  const [madeAt] = useState(() => Date.now());

  useEffect(() => {
    if (load.state !== 'ready') return;
    document.title = `${title} · ${load.ctx.name}`;
  }, [load, title]);

  // Ready once the head is loaded and no report call is running (checked a moment later, so the
  // reports' own calls have started).
  const settled = load.state === 'ready' && fetching === 0;
  useEffect(() => {
    const id = window.setTimeout(() => setReady(settled), settled ? 150 : 0);
    return () => window.clearTimeout(id);
  }, [settled]);

  useEffect(() => {
    document.body.dataset.printReady = ready ? '1' : '0';
    if (ready && sp.get('autoprint') === '1' && !printed.current) {
      printed.current = true;
      window.setTimeout(() => window.print(), 200);
    }
  }, [ready, sp]);

  if (load.state === 'refused') return <Notice kind="warning">{t('reports.noAccess')}</Notice>;
  if (load.state === 'failed') return <Notice kind="error">{t('errors.network')}</Notice>;
  if (load.state === 'loading') return <Spinner />;
  const ctx = load.ctx;
  const main = effectiveRange(ctx.params, 90, ctx.today);
  const header = pageHeader(ctx.name, ctx.fmt.day(main.from), ctx.fmt.day(main.to), ctx.unit);
  const pageOf = t('print.pageOf', { page: PAGE, pages: PAGES, interpolation: { escapeValue: false } });

  return (
    <div className={`print-doc print-doc--${paper}`}>
      <style>{pageCss(paper, header, pageOf, languageDir(ctx.fmt.lang))}</style>
      <div className="print-toolbar no-print">
        <label>
          {t('print.paper')}{' '}
          <select
            className="input input--small"
            value={paper}
            onChange={(e) => {
              const p = e.target.value as Paper;
              rememberPaper(p);
              const next = new URLSearchParams(sp);
              next.set('paper', p);
              next.delete('autoprint');
              setSp(next, { replace: true });
            }}
          >
            <option value="a4">A4</option>
            <option value="letter">{t('print.letter')}</option>
          </select>
        </label>
        {reports.includes('agp') && (
          <AgpBandSelect
            value={readAgpBand(sp)}
            onChange={(b) => {
              const next = writeAgpBand(sp, b);
              next.delete('autoprint');
              setSp(next, { replace: true });
            }}
          />
        )}
        <button
          type="button"
          className="btn btn--primary btn--small"
          onClick={() => window.print()}
          disabled={!ready}
        >
          {t('print.print')}
        </button>
        {!ready && <span className="muted small">{t('print.preparing')}</span>}
      </div>
      <header className="print-head">
        <div>
          <h1 className="print-head__name">{ctx.name}</h1>
          <p className="print-head__title">{title}</p>
        </div>
        <dl className="print-head__facts">
          <div>
            <dt>{t('print.period')}</dt>
            <dd>
              <bdi>{ctx.fmt.day(main.from)}</bdi> – <bdi>{ctx.fmt.day(main.to)}</bdi>{' '}
              {`(${t('reports.range.days', { count: main.days })})`}
            </dd>
          </div>
          <div>
            <dt>{t('print.unit')}</dt>
            <dd>{ctx.unit}</dd>
          </div>
          {ctx.params.validOnly && reports.some((id) => reportById(id).validDays) && (
            <div>
              <dt>{t('reports.settings.days')}</dt>
              <dd>{t('reports.settings.validDays')}</dd>
            </div>
          )}
          <div>
            <dt>{t('print.printed')}</dt>
            <dd>
              {/* The country's clock (24-hour in the United Kingdom), as every other time shown. */}
              {formatDateTime(madeAt, ctx.fmt.lang)}
            </dd>
          </div>
        </dl>
      </header>
      {main.problem && <Notice kind="warning">{t(main.problem)}</Notice>}
      {!main.problem &&
        reports.map((id) => <PrintSection key={id} id={id} ctx={ctx} single={reports.length === 1} />)}
    </div>
  );
}

function PrintSection({ id, ctx, single }: { id: ReportId; ctx: ReportCtx; single: boolean }) {
  const { t } = useTranslation();
  const entry = reportById(id);
  const View = REPORT_VIEWS[id];
  let range: { from: string; to: string } | null = null;
  let note: string | null = null;
  if (entry.maxDays) {
    const r = effectiveRange(ctx.params, 90, ctx.today);
    range = clipToLast(r, entry.maxDays);
    if (range.from !== r.from) note = t('print.lastDays', { count: entry.maxDays });
  }
  return (
    <section className={`print-section print-section--${id}${single ? '' : ' print-section--break'}`}>
      <h2 className="print-section__title">
        {t(`reports.names.${id}`)}
        {range && (
          <span className="print-section__range">
            {' · '}
            <bdi>{ctx.fmt.day(range.from)}</bdi> – <bdi>{ctx.fmt.day(range.to)}</bdi>
          </span>
        )}
      </h2>
      {note && <p className="muted small">{note}</p>}
      <View ctx={ctx} range={range} />
    </section>
  );
}
