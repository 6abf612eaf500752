import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ReportCtx } from '../report-context';
import { writeParams } from '../report-params';
import { stepDay, type DailyMode } from './daily-day';

/**
 * The daily report's choice of days: one day (with the previous and the next) or every day of the
 * range. Everything lives in the address (`view`, `day`, the range), so a link or a reload shows
 * the same day.
 */
export function DayPicker(props: {
  ctx: ReportCtx;
  range: { from: string; to: string };
  day: string;
  mode: DailyMode;
}) {
  const { ctx, range, day, mode } = props;
  const { t } = useTranslation();
  const [sp, setSp] = useSearchParams();
  const choose = (view: DailyMode) => {
    const next = new URLSearchParams(sp);
    next.set('view', view);
    setSp(next);
  };
  const step = (dir: -1 | 1) => {
    const move = stepDay(range, day, dir, ctx.today);
    if (!move) return;
    const next = writeParams(sp, { from: move.from, to: move.to });
    next.set('day', move.day);
    setSp(next);
  };
  const hasNext = stepDay(range, day, 1, ctx.today) !== null;
  return (
    <div className="day-picker">
      <div className="day-picker__modes" role="group" aria-label={t('dayView.label')}>
        {(['day', 'all'] as const).map((m) => (
          <button
            key={m}
            type="button"
            className={`btn btn--small ${mode === m ? 'btn--primary' : 'btn--secondary'}`}
            aria-pressed={mode === m}
            onClick={() => choose(m)}
          >
            {t(m === 'day' ? 'dayView.oneDay' : 'dayView.allDays')}
          </button>
        ))}
      </div>
      {mode === 'day' && (
        <div className="day-picker__step">
          <button type="button" className="btn btn--secondary btn--small" onClick={() => step(-1)}>
            <span aria-hidden="true">‹ </span>
            {t('dayView.previous')}
          </button>
          <strong className="day-picker__day" aria-live="polite">
            {ctx.fmt.day(day, 'long')}
          </strong>
          <button
            type="button"
            className="btn btn--secondary btn--small"
            onClick={() => step(1)}
            disabled={!hasNext}
          >
            {t('dayView.next')}
            <span aria-hidden="true"> ›</span>
          </button>
        </div>
      )}
    </div>
  );
}
