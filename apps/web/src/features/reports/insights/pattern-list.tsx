import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PatternsResponse } from '@cgm/contract';
import type { ReportFormat } from '../report-format';
import { dayReportHref, isLowFinding, minuteInstant } from './pattern-view';
import './compare.css';

/**
 * The findings of the patterns report, each with the days it rests on, each day a link to its
 * one-day daily report. Shown in the patterns report and on the patient overview.
 */
export function PatternList({
  data,
  uid,
  fmt,
  unitInLinks,
}: {
  data: PatternsResponse['report_data'];
  uid: string;
  fmt: ReportFormat;
  /** The unit the address asked for, kept in the day links. */
  unitInLinks: string | null;
}) {
  const { t } = useTranslation();
  const time = (m: number) => fmt.time(minuteInstant(m), 0);
  return (
    <>
      {data.findings.length === 0 ? (
        <p className="muted" data-testid="patterns-none">
          {t('reports.patterns.none')}
        </p>
      ) : (
        <ul className="pattern-list">
          {data.findings.map((f) => (
            <li
              key={`${f.kind}-${f.from_min}-${f.meal ?? ''}`}
              className={`pattern-item ${isLowFinding(f) ? 'pattern-item--low' : ''}`}
              data-kind={f.kind}
            >
              <p className="pattern-item__title">
                <bdi>
                  {t(`reports.patterns.kind.${f.kind}`, {
                    from: time(f.from_min),
                    to: time(f.to_min),
                    meal: f.meal ? t(`reports.logbook.period.${f.meal}`) : '',
                  })}
                </bdi>{' '}
                <span className="muted">{t('reports.patterns.onDays', { count: f.days.length })}</span>
              </p>
              <ul className="pattern-item__days" aria-label={t('reports.patterns.days')}>
                {f.days.map((day) => (
                  <li key={day}>
                    {/* The name starts with the date it shows (WCAG 2.5.3), then says where it leads. */}
                    <Link to={dayReportHref(uid, day, unitInLinks)}>
                      <bdi>{fmt.day(day)}</bdi>
                      <span className="visually-hidden"> ({t('reports.names.daily')})</span>
                    </Link>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
      {data.meals === 0 && <p className="muted small">{t('reports.patterns.noMeals')}</p>}
    </>
  );
}
