import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Loadable, ReportSection } from '../reports/loadable';
import type { ReportViewProps } from '../reports/types';
import { usePatternsReport } from '../insights-api';
import { PatternList } from './pattern-list';

/**
 * The patterns report (issue 18 item 4): rule-based findings over the range (domain
 * glucosePatterns; docs/PATTERNS.md names each rule and its source), the rules beneath them.
 */
export function PatternsReport({ ctx, range }: ReportViewProps) {
  const { t } = useTranslation();
  const [sp] = useSearchParams();
  const q = usePatternsReport(ctx.uid, range);
  const { fmt } = ctx;
  return (
    <Loadable q={q}>
      {(res) => {
        const d = res.report_data;
        return (
          <div className="report report--patterns">
            <ReportSection title={t('reports.patterns.findings')}>
              <PatternList data={d} uid={ctx.uid} fmt={fmt} unitInLinks={sp.get('unit')} />
            </ReportSection>
            <ReportSection title={t('reports.patterns.rulesTitle')}>
              <p className="small">
                {t('reports.patterns.rules', {
                  low: fmt.glucoseLimit(d.limits.low_below),
                  high: fmt.glucoseLimit(d.limits.high_above),
                  meal: fmt.glucoseLimit(d.limits.post_meal_above),
                  unit: fmt.unit,
                })}
              </p>
              <p className="small">
                {t('reports.patterns.needs', {
                  low: fmt.num(d.min_days.low, 0),
                  meal: fmt.num(d.min_days.post_meal, 0),
                  high: fmt.num(d.min_days.high, 0),
                })}
              </p>
              <p className="small muted">{t('reports.patterns.note')}</p>
            </ReportSection>
          </div>
        );
      }}
    </Loadable>
  );
}
