import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buildMonth, monthOf, shiftMonth, type CalendarCell } from './calendar-model';

const MONTHS_SHOWN = 3;

/**
 * The data map as a calendar (spec §7 chart datamap): which days have data (a valid day, or only
 * part of a day), the chosen range; click a first and a last day.
 */
export function DataCalendar(props: {
  days: ReadonlyArray<{ day: string; valid: boolean }>;
  from: string | null;
  to: string | null;
  today: string;
  lang: string;
  onPick: (day: string) => void;
}) {
  const { t } = useTranslation();
  const data = useMemo(() => new Map(props.days.map((d) => [d.day, d.valid])), [props.days]);
  const [end, setEnd] = useState(() => monthOf(props.to ?? props.today));
  const months = Array.from({ length: MONTHS_SHOWN }, (_, i) =>
    buildMonth(shiftMonth(end, i - MONTHS_SHOWN + 1), data, { from: props.from, to: props.to }, props.today),
  );
  const monthName = (y: number, m: number) =>
    new Intl.DateTimeFormat(props.lang, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(Date.UTC(y, m - 1, 1)),
    );
  const weekdays = Array.from({ length: 7 }, (_, i) =>
    new Intl.DateTimeFormat(props.lang, { weekday: 'narrow', timeZone: 'UTC' }).format(
      new Date(Date.UTC(2024, 0, 1 + i)),
    ),
  );
  const label = (c: CalendarCell) =>
    `${new Intl.DateTimeFormat(props.lang, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${c.day}T00:00:00Z`))}: ${t(`reports.calendar.${c.data}`)}`;
  return (
    <div className="data-calendar">
      <div className="data-calendar__nav">
        <button
          type="button"
          className="btn btn--secondary btn--small"
          onClick={() => setEnd((e) => shiftMonth(e, -1))}
        >
          {t('reports.calendar.earlier')}
        </button>
        <button
          type="button"
          className="btn btn--secondary btn--small"
          onClick={() => setEnd((e) => shiftMonth(e, 1))}
          disabled={`${end.year}-${String(end.month).padStart(2, '0')}` >= props.today.slice(0, 7)}
        >
          {t('reports.calendar.later')}
        </button>
      </div>
      <div className="data-calendar__months">
        {months.map((m) => (
          <table key={m.key} className="data-calendar__month">
            <caption>{monthName(m.year, m.month)}</caption>
            <thead>
              <tr>
                {weekdays.map((w, i) => (
                  <th key={i} scope="col" aria-hidden="true">
                    {w}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {m.weeks.map((week, i) => (
                <tr key={i}>
                  {week.map((c, j) => (
                    <td key={j}>
                      {c && (
                        <button
                          type="button"
                          className={`data-calendar__day data-calendar__day--${c.data}${c.inRange ? ' data-calendar__day--chosen' : ''}`}
                          disabled={c.future}
                          aria-pressed={c.inRange}
                          aria-label={label(c)}
                          onClick={() => props.onPick(c.day)}
                        >
                          {Number(c.day.slice(8))}
                        </button>
                      )}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        ))}
      </div>
      <ul className="data-calendar__legend small">
        {(['valid', 'partial', 'none'] as const).map((k) => (
          <li key={k}>
            <span className={`data-calendar__swatch data-calendar__day--${k}`} aria-hidden="true" />
            {t(`reports.calendar.${k}`)}
          </li>
        ))}
        <li>
          <span className="data-calendar__swatch data-calendar__day--chosen" aria-hidden="true" />
          {t('reports.calendar.chosen')}
        </li>
      </ul>
    </div>
  );
}
