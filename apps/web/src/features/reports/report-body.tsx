import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Notice } from '../../components/notice';
import type { ReportEntry } from './report-catalog';
import type { ReportCtx } from './report-context';
import { clipToLast, effectiveRange, writeParams } from './report-params';
import { REPORT_VIEWS } from './report-views';
import { RangeBar } from './range-bar';

/**
 * A report on screen: its bar and its view over the effective range. A range the report cannot
 * show (over 14 or 90 days, end before start) shows the message of spec §8 and offers the last
 * days it can show.
 */
export function ReportBody({ ctx, entry }: { ctx: ReportCtx; entry: ReportEntry }) {
  const { t } = useTranslation();
  const [sp, setSp] = useSearchParams();
  const View = REPORT_VIEWS[entry.id];
  const range = entry.maxDays ? effectiveRange(ctx.params, entry.maxDays, ctx.today) : null;
  return (
    <>
      <RangeBar ctx={ctx} entry={entry} range={range} />
      {range?.problem ? (
        <Notice kind="warning">
          {t(range.problem)}{' '}
          {entry.maxDays && range.days > entry.maxDays && (
            <button
              type="button"
              className="link-btn"
              onClick={() => setSp(writeParams(sp, clipToLast(range, entry.maxDays!)))}
            >
              {t('reports.range.showLast', { count: entry.maxDays })}
            </button>
          )}
        </Notice>
      ) : (
        <View ctx={ctx} range={range ? { from: range.from, to: range.to } : null} />
      )}
    </>
  );
}
