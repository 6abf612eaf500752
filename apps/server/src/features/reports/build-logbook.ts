import { logbook, MEAL_PERIOD_MINUTES, MEAL_PERIODS, type DailyInsulin, type LogbookCell } from '@cgm/domain';
import type { LgbResponse, ReportEvent } from '@cgm/contract';
import { dailyInsulinBlock } from './blocks';
import { bolusRecords, type GlucoseInput } from './report-input';
import type { BgRow, SmallRows } from './reports.repository';

type Cell = LgbResponse['report_data']['days'][number]['periods']['breakfast'];

const toTimed = <T extends { utc_offset_min: number }>(row: T) => ({
  ...row,
  utcOffsetMin: row.utc_offset_min,
});

function cell(
  c: LogbookCell<BgRow & { utcOffsetMin: number }, ReportEvent & { utcOffsetMin: number }>,
): Cell {
  return {
    count: c.count,
    mean: c.mean,
    min: c.min,
    max: c.max,
    bg: c.bg.map((b) => ({ time: b.time, mgdl: b.mgdl })),
    wizard_carbs: c.wizardCarbs,
    event_carbs: c.eventCarbs,
    carbs: c.carbs,
    bolus: c.bolus,
    bolus_count: c.bolusCount,
    events: c.events.map(({ utcOffsetMin: _o, ...e }) => e),
  };
}

/** lgb: the domain logbook of the range's dates (fingersticks only: calibrations are not meals). */
export function buildLgb(
  g: GlucoseInput,
  small: SmallRows,
  insulin: readonly DailyInsulin[],
  range: { from: string; to: string },
): LgbResponse['report_data'] {
  const rows = logbook(
    {
      readings: g.used,
      bg: small.bg.filter((b) => b.kind === 'bg').map(toTimed),
      boluses: bolusRecords(small.boluses),
      events: small.events.map(toTimed),
    },
    { fromDay: range.from, toDay: range.to },
  );
  const insulinByDay = new Map(insulin.map((d) => [d.day, d]));
  return {
    periods: Object.fromEntries(
      MEAL_PERIODS.map((p) => [
        p,
        { start_min: MEAL_PERIOD_MINUTES[p].start, end_min: MEAL_PERIOD_MINUTES[p].end },
      ]),
    ),
    days: rows.map((r) => {
      const ins = insulinByDay.get(r.day);
      return {
        day: r.day,
        insulin: ins ? dailyInsulinBlock(ins) : null,
        periods: {
          breakfast: cell(r.periods.breakfast),
          lunch: cell(r.periods.lunch),
          dinner: cell(r.periods.dinner),
          night: cell(r.periods.night),
        },
      };
    }),
  };
}
