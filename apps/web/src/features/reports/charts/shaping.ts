import {
  AUTO_MICRO_DOSE_U,
  AUTO_MODE_EXIT,
  AUTO_MODE_START,
  basalAxisMax,
  DISPLAY_MAX_MGDL,
  displayGlucose,
  GLUCOSE_LINE_MAX_GAP_MIN,
  plotReading,
  type GlucoseUnit,
} from '@cgm/domain';
import type { DdDay, ProfileColumns } from '@cgm/contract';

// Pure shaping of report answers into what the SVG charts draw: glucose in the display unit,
// time as minutes after local midnight, gaps kept as breaks (a line never bridges missing data),
// readings flagged C or CX kept out of the line as markers of their own.

export type Pt = readonly [number, number];
/** A polyline's runs: each run is drawn as one path; a gap starts a new run. */
export type Runs = Pt[][];

/** Readings further apart than this (minutes) are not joined by a line: the domain's rule, as the AUC. */
export const GAP_MIN = GLUCOSE_LINE_MAX_GAP_MIN;

/**
 * Runs of a line. The gap is measured on `at` (real minutes; default the x values themselves), so
 * a wall-clock axis that skips an hour on a daylight-saving day does not break a continuous line;
 * an x that goes back (the repeated hour when clocks go back) starts a new run instead of drawing
 * a stroke backwards across the chart.
 */
export function splitRuns(
  xs: readonly number[],
  ys: ReadonlyArray<number | null>,
  gap = GAP_MIN,
  at: readonly number[] = xs,
): Runs {
  const runs: Runs = [];
  let run: Pt[] = [];
  let lastAt = -Infinity;
  let lastX = -Infinity;
  for (let i = 0; i < xs.length; i++) {
    const y = ys[i];
    const x = xs[i]!;
    const t = at[i]!;
    if (y === null || y === undefined || t - lastAt > gap || x < lastX) {
      if (run.length) runs.push(run);
      run = [];
    }
    if (y !== null && y !== undefined) {
      run.push([x, y]);
      lastAt = t;
      lastX = x;
    }
  }
  if (run.length) runs.push(run);
  return runs;
}

/** SVG path data of runs through scale functions. */
export function runsPath(runs: Runs, sx: (x: number) => number, sy: (y: number) => number): string {
  let d = '';
  for (const run of runs) {
    run.forEach(([x, y], i) => {
      d += `${i ? 'L' : 'M'}${sx(x).toFixed(1)} ${sy(y).toFixed(1)}`;
    });
  }
  return d;
}

/** A band between two lines, closed per run where both ends have values. */
export function bandPath(
  xs: readonly number[],
  lo: ReadonlyArray<number | null>,
  hi: ReadonlyArray<number | null>,
  sx: (x: number) => number,
  sy: (y: number) => number,
): string {
  let d = '';
  let run: number[] = [];
  const flush = () => {
    if (run.length) {
      const top = run.map((i, k) => `${k ? 'L' : 'M'}${sx(xs[i]!).toFixed(1)} ${sy(hi[i]!).toFixed(1)}`);
      const bottom = [...run].reverse().map((i) => `L${sx(xs[i]!).toFixed(1)} ${sy(lo[i]!).toFixed(1)}`);
      d += `${top.join('')}${bottom.join('')}Z`;
    }
    run = [];
  };
  for (let i = 0; i < xs.length; i++) {
    if (lo[i] === null || hi[i] === null || lo[i] === undefined || hi[i] === undefined) flush();
    else run.push(i);
  }
  flush();
  return d;
}

/** Top of the glucose axis: the display maximum (400 mg/dL, 22.2 mmol/L), same for every day. */
export const glucoseTop = (unit: GlucoseUnit) => displayGlucose(DISPLAY_MAX_MGDL, unit).value!;
export const glucoseTicks = (unit: GlucoseUnit) =>
  unit === 'mg/dL' ? [100, 200, 300, 400] : [5, 10, 15, 20];

/**
 * A sensor reading's place on the glucose line: H at the top, values clamped, CE0/CE1 a gap; null
 * also for C/CX, which are not on the line (see `flaggedReadings`).
 */
export function sgPlot(mgdl: number | null, quality: string | null, code: string | null, unit: GlucoseUnit) {
  const p = plotReading(mgdl, quality, code, unit);
  return p.kind === 'line' ? p.value : null;
}

/** A reading flagged C or CX (not valid: calibration), drawn as a marker at the floor. */
export interface FlaggedReading {
  x: number;
  y: number;
  time: number;
  utc_offset_min: number;
  flag: string;
}

export interface BasalStep {
  start: number;
  end: number;
  rate: number;
  series: string;
}

/** Auto mode micro-boluses of one basal row (spec §3 series "auto mode correction bolus"), U. */
export interface AutoBolus {
  x: number;
  time: number;
  utc_offset_min: number;
  correction: number;
  food: number;
}

/** Auto mode started (BAAMS) or exited (BAAME): a marker row, drawn as a line across the basal. */
export interface AutoMark {
  x: number;
  time: number;
  utc_offset_min: number;
  kind: 'start' | 'exit';
}

export interface DayModel {
  /** Wall-clock minutes of the axis: always 1440 (00:00–24:00 on the device's clock). */
  length: number;
  sg: Runs;
  flagged: FlaggedReading[];
  basal: BasalStep[];
  basalMax: number;
  autoBoluses: AutoBolus[];
  /** Upper end of the micro-bolus strip's scale, U (at least 0.05, one micro-delivery). */
  autoBolusMax: number;
  autoMarks: AutoMark[];
  boluses: Array<DdDay['boluses'][number] & { x: number }>;
  bg: Array<DdDay['bg'][number] & { x: number; y: number }>;
  events: Array<DdDay['events'][number] & { x: number }>;
  alarms: Array<DdDay['alarms'][number] & { x: number }>;
  sessions: Array<DdDay['sessions'][number] & { x: number }>;
}

const DAY_MS = 86_400_000;

/**
 * Where an instant of the day sits on a wall-clock axis (CLINICAL.md: the axis and the points use
 * the same clock): minutes after 00:00 on the device's clock at that instant (its UTC offset). On a
 * daylight-saving day a 12:00 bolus is drawn at 12:00, as the list under the chart says, not at
 * 11:00 or 13:00 as minutes elapsed since midnight would put it. Instants before the day or after
 * it (a basal segment crossing midnight) stay outside 0–1440 by their real distance.
 */
export function wallMinute(ms: number, offsetMin: number, day: { from_ms: number; to_ms: number }): number {
  if (ms < day.from_ms) return (ms - day.from_ms) / 60_000;
  if (ms >= day.to_ms) return 1440 + (ms - day.to_ms) / 60_000;
  const local = ms + offsetMin * 60_000;
  return (((local % DAY_MS) + DAY_MS) % DAY_MS) / 60_000;
}

/**
 * A day's sensor glucose on the wall clock: the line of the valid readings (a CE0/CE1 code breaks
 * it) and the C/CX readings as markers of their own (the daily chart and the AGP's day panels).
 */
export function daySg(
  day: Pick<DdDay, 'from_ms' | 'to_ms' | 'sg'>,
  unit: GlucoseUnit,
): { sg: Runs; flagged: FlaggedReading[] } {
  const at = (ms: number) => (ms - day.from_ms) / 60_000;
  const wall = (ms: number, offsetMin: number) => wallMinute(ms, offsetMin, day);
  // The line holds the valid readings (a CE0/CE1 code breaks it); C/CX go to their own markers.
  const sgX: number[] = [];
  const sgAt: number[] = [];
  const sgY: Array<number | null> = [];
  const flagged: FlaggedReading[] = [];
  day.sg.time.forEach((time, i) => {
    const quality = day.sg.quality[i] ?? null;
    const p = plotReading(day.sg.mgdl[i] ?? null, quality, day.sg.display_code[i] ?? null, unit);
    const offset = day.sg.utc_offset_min[i] ?? 0;
    const x = wall(time, offset);
    if (p.kind === 'flagged') {
      flagged.push({ x, y: p.value, time, utc_offset_min: offset, flag: quality! });
    } else {
      sgX.push(x);
      sgAt.push(at(time));
      sgY.push(p.value);
    }
  });
  return {
    sg: splitRuns(sgX, sgY, GAP_MIN, sgAt),
    flagged: flagged.filter((f) => f.x >= 0 && f.x < 1440),
  };
}

/** One day of the daily report, x in wall-clock minutes after the day's local midnight. */
export function dayModel(day: DdDay, unit: GlucoseUnit): DayModel {
  const wall = (ms: number, offsetMin: number) => wallMinute(ms, offsetMin, day);
  const length = 1440;
  const inDay = (x: number) => x >= 0 && x < length;
  const { sg, flagged } = daySg(day, unit);
  const basal: BasalStep[] = [];
  const autoBoluses: AutoBolus[] = [];
  const autoMarks: AutoMark[] = [];
  for (let i = 0; i < day.basal.start.length; i++) {
    const startMs = day.basal.start[i]!;
    const offset = day.basal.utc_offset_min[i]!;
    const x = wall(startMs, offset);
    const code = day.basal.code[i];
    if ((code === AUTO_MODE_START || code === AUTO_MODE_EXIT) && inDay(x)) {
      autoMarks.push({
        x,
        time: startMs,
        utc_offset_min: offset,
        kind: code === AUTO_MODE_START ? 'start' : 'exit',
      });
    }
    const correction = day.basal.auto_corr[i] ?? 0;
    const food = day.basal.auto_food[i] ?? 0;
    if ((correction > 0 || food > 0) && inDay(x)) {
      autoBoluses.push({ x, time: startMs, utc_offset_min: offset, correction, food });
    }
    const series = day.basal.series[i];
    if (!series) continue;
    const start = Math.max(0, x);
    const end = Math.min(length, x + day.basal.duration_min[i]!);
    if (end <= start) continue;
    const stopped = series === 'manualStop' || series === 'autoSuspend' || series === 'stop';
    basal.push({ start, end, rate: stopped ? 0 : day.basal.rate[i]!, series });
  }
  const rates = basal.map((b) => b.rate);
  return {
    length,
    sg,
    flagged,
    basal,
    basalMax: basalAxisMax(Math.max(0, ...rates)),
    autoBoluses,
    autoBolusMax: Math.max(AUTO_MICRO_DOSE_U, ...autoBoluses.map((b) => b.correction + b.food)),
    autoMarks,
    boluses: day.boluses.map((b) => ({ ...b, x: wall(b.time, b.utc_offset_min) })).filter((b) => inDay(b.x)),
    bg: day.bg
      .map((b) => ({ ...b, x: wall(b.time, b.utc_offset_min), y: displayGlucose(b.mgdl, unit).value ?? 0 }))
      .filter((b) => inDay(b.x)),
    events: day.events.map((e) => ({ ...e, x: wall(e.time, e.utc_offset_min) })).filter((e) => inDay(e.x)),
    alarms: day.alarms.map((a) => ({ ...a, x: wall(a.time, a.utc_offset_min) })).filter((a) => inDay(a.x)),
    sessions: day.sessions
      .map((s) => ({ ...s, x: wall(s.start, s.utc_offset_min) }))
      .filter((s) => inDay(s.x)),
  };
}

/** Overlay curves: each day's readings on one 24-hour axis, in the unit. */
export function overlayRuns(day: { minute: number[]; mgdl: number[] }, unit: GlucoseUnit): Runs {
  return splitRuns(
    day.minute,
    day.mgdl.map((v) => displayGlucose(v, unit).value),
  );
}

export interface ProfileModel {
  /** Bin centres, minutes after midnight. */
  x: number[];
  lo: Array<number | null>;
  hi: Array<number | null>;
  q1: Array<number | null>;
  q3: Array<number | null>;
  median: Array<number | null>;
}

/** Bands of a profile in the unit: 10–90 (portal) or 5–95 (AGP convention), 25–75, median. */
export function profileModel(p: ProfileColumns, unit: GlucoseUnit, outer: '10-90' | '5-95'): ProfileModel {
  const conv = (col: ReadonlyArray<number | null>) =>
    col.map((v) => (v === null ? null : displayGlucose(v, unit).value));
  return {
    x: p.start_min.map((s) => s + p.bin_minutes / 2),
    lo: conv(outer === '5-95' ? p.p5 : p.p10),
    hi: conv(outer === '5-95' ? p.p95 : p.p90),
    q1: conv(p.p25),
    q3: conv(p.p75),
    median: conv(p.p50),
  };
}

/**
 * One value per date of the range, in order: the row's value, or null for a date without data (no
 * row, or a row whose value is null). A chart shows null as "no data", never as 0.
 */
export function perDay<R extends { day: string }>(
  days: readonly string[],
  rows: readonly R[],
  pick: (row: R) => number | null | undefined,
): Array<{ day: string; value: number | null }> {
  const byDay = new Map(rows.map((r) => [r.day, r]));
  return days.map((day) => {
    const row = byDay.get(day);
    const v = row ? pick(row) : null;
    return { day, value: v === null || v === undefined || !Number.isFinite(v) ? null : v };
  });
}

export const TIR_BANDS = ['very_high', 'high', 'in_range', 'low', 'very_low'] as const;
export type TirBand = (typeof TIR_BANDS)[number];
