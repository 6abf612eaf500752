import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/page';
import { usePatternsReport } from '../insights-api';
import { PatternList } from '../insights/pattern-list';
import { PATTERNS_SCREEN_PATH } from '../report-catalog';
import type { ReportFormat } from '../report-format';
import type { Range } from '../reports-api';

/** The overview's patterns (issue 18 item 4): the 14 days' findings, and the way to the report. */
export function PatternsCard({
  uid,
  range,
  fmt,
  unitInLinks,
}: {
  uid: string;
  range: Range;
  fmt: ReportFormat;
  unitInLinks: string | null;
}) {
  const { t } = useTranslation();
  const q = usePatternsReport(uid, range);
  const report = new URLSearchParams({ uid, from: range.from, to: range.to });
  if (unitInLinks) report.set('unit', unitInLinks);
  return (
    <section className="overview__card overview__patterns" aria-labelledby="ov-patterns">
      <h3 id="ov-patterns" className="overview__title">
        {t('overview.patterns')}
      </h3>
      {q.data ? (
        <PatternList data={q.data.report_data} uid={uid} fmt={fmt} unitInLinks={unitInLinks} />
      ) : q.error ? (
        <p className="muted">{t('errors.network')}</p>
      ) : (
        <Spinner />
      )}
      <p className="small">
        <Link to={`${PATTERNS_SCREEN_PATH}?${report.toString()}`}>{t('reports.names.patterns')}</Link>
      </p>
    </section>
  );
}
