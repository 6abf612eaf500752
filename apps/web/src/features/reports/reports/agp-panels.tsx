import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { AGP_TARGET_HIGH_MGDL, AGP_TARGET_LOW_MGDL, agpProfileDays } from '@cgm/domain';
import { intlLocale } from '../../../i18n/format-time';
import { AgpDayPanel } from '../charts/agp-day-panel';
import { agpPanelModel } from '../charts/agp-shaping';
import { useChartData, type Range } from '../reports-api';
import { Loadable, ReportSection } from './loadable';
import type { ReportViewProps } from './types';

/**
 * The AGP's daily glucose profiles: one panel per calendar day of the last 14 days of the period
 * (a day without data drawn empty), each with its weekday and date and that day's actual readings
 * (the daily report's data), lows and highs coloured.
 */
export function AgpDailyProfiles({ ctx, range }: { ctx: ReportViewProps['ctx']; range: Range }) {
  const { t } = useTranslation();
  const { fmt } = ctx;
  const days = useMemo(() => agpProfileDays(range.from, range.to), [range.from, range.to]);
  const q = useChartData('dd', ctx.uid, { from: days[0]!, to: days.at(-1)! }, ctx.params);
  const weekday = useMemo(
    () => new Intl.DateTimeFormat(intlLocale(fmt.lang), { weekday: 'short', timeZone: 'UTC' }),
    [fmt.lang],
  );
  const low = fmt.toUnit(AGP_TARGET_LOW_MGDL);
  const high = fmt.toUnit(AGP_TARGET_HIGH_MGDL);
  return (
    <ReportSection title={t('reports.agp.dailyTitle', { count: days.length })}>
      {/* The page's statistics already say whose clock the times are on: no second note here. */}
      {q.data ? panels(q.data) : <Loadable q={q}>{panels}</Loadable>}
    </ReportSection>
  );

  function panels(res: NonNullable<typeof q.data>) {
    const byDay = new Map(res.report_data.days.map((d) => [d.day, d]));
    return (
      <>
        <div className="mini-grid agp-days">
          {days.map((day) => {
            const model = agpPanelModel(byDay.get(day), fmt.unit, low, high);
            const name = `${weekday.format(new Date(`${day}T00:00:00Z`))} ${fmt.shortDay(day)}`;
            return (
              <figure key={day} className="mini-grid__day" data-day={day} data-empty={!model.hasData}>
                <figcaption className="small agp-days__label">{name}</figcaption>
                {/* "No data" inside the empty panel: beside the date it was cut off in longer languages. */}
                <div className="agp-days__panel">
                  {!model.hasData && (
                    <span className="agp-days__nodata muted small">{t('agpPage.noData')}</span>
                  )}
                  <AgpDayPanel
                    model={model}
                    unit={fmt.unit}
                    low={low}
                    high={high}
                    label={t(model.hasData ? 'agpPage.dayLabel' : 'agpPage.dayEmpty', {
                      day: fmt.day(day, 'long'),
                    })}
                  />
                </div>
              </figure>
            );
          })}
        </div>
        <ul className="profile-legend">
          <li>
            <span className="profile-legend__key agp-key agp-key--low" aria-hidden="true" />
            {t('agpPage.lows', { limit: fmt.glucoseLimit(AGP_TARGET_LOW_MGDL), unit: fmt.unit })}
          </li>
          <li>
            <span className="profile-legend__key agp-key agp-key--high" aria-hidden="true" />
            {t('agpPage.highs', { limit: fmt.glucoseLimit(AGP_TARGET_HIGH_MGDL), unit: fmt.unit })}
          </li>
          <li>
            <span className="profile-legend__key agp-key agp-key--flagged" aria-hidden="true" />
            {t('chart.invalidCalibration')}
          </li>
        </ul>
      </>
    );
  }
}
