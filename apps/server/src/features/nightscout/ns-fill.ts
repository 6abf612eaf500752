import { isScheduleStart, nextBoundary, offsetAt, rateAt, type Regime } from './ns-timeline';

// Scheduled basal between temp basals (pure). The pump runs its schedule whenever no temp basal
// runs, but the portal only knows the pump ran while the uploader reported it: the time between
// two consecutive pieces of pump data (a device status with a pump, a temp basal, a pump suspend or
// resume) is covered when they are at most `maxGap` apart, and nothing is covered after the last
// one. A covered stretch that starts at a report of a suspended pump delivered nothing.
//
// The rows are canonical, so that rebuilding any window gives the rows a rebuild of everything
// would: maximal runs of the same code, rate and UTC offset, split at every schedule start of the
// profile's clock (local midnight included, so a row never spans two local days).

export interface Evidence {
  time: number;
  suspended: boolean;
}
export interface Span {
  start: number;
  end: number;
}
export interface ScheduledRow extends Span {
  code: 'BAS' | 'SUSM';
  rate: number;
  offset: number;
}

interface Piece extends Span {
  suspended: boolean;
}

/** Covered stretches of [from, to), with whether each delivered nothing. */
function covered(evidence: readonly Evidence[], window: Span, maxGap: number): Piece[] {
  // At one instant a suspended report wins: it says insulin was not delivered.
  const points = [...evidence].sort((a, b) => a.time - b.time || Number(a.suspended) - Number(b.suspended));
  const out: Piece[] = [];
  for (let i = 0; i + 1 < points.length; i++) {
    const [a, b] = [points[i]!, points[i + 1]!];
    if (b.time - a.time > maxGap) continue;
    const start = Math.max(a.time, window.start);
    const end = Math.min(b.time, window.end);
    if (start >= end) continue;
    const last = out.at(-1);
    if (last && last.end === start && last.suspended === a.suspended) last.end = end;
    else out.push({ start, end, suspended: a.suspended });
  }
  return out;
}

/** The parts of the pieces that no span covers. */
function minus(pieces: readonly Piece[], spans: readonly Span[]): Piece[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  const out: Piece[] = [];
  for (const p of pieces) {
    let at = p.start;
    for (const s of sorted) {
      if (s.end <= at || s.start >= p.end) continue;
      if (s.start > at) out.push({ ...p, start: at, end: s.start });
      at = Math.max(at, s.end);
      if (at >= p.end) break;
    }
    if (at < p.end) out.push({ ...p, start: at, end: p.end });
  }
  return out;
}

/**
 * The scheduled (BAS) and suspended (SUSM) rows of a window: covered time that no temp basal
 * covers, under a regime (a known profile). `evidence` must include the last report before the
 * window and the first after it.
 */
export function scheduledRows(
  window: Span,
  evidence: readonly Evidence[],
  temps: readonly Span[],
  regimes: readonly Regime[],
  maxGap: number,
): ScheduledRow[] {
  const free = minus(covered(evidence, window, maxGap), temps);
  const rows: Array<ScheduledRow & { regime: Regime }> = [];
  for (const piece of free) {
    for (const regime of regimes) {
      let at = Math.max(piece.start, regime.start);
      const end = Math.min(piece.end, regime.end);
      while (at < end) {
        const next = Math.min(nextBoundary(regime, at), end);
        const rate = piece.suspended ? 0 : rateAt(regime, at);
        if (rate !== null) {
          const row = {
            start: at,
            end: next,
            code: piece.suspended ? ('SUSM' as const) : ('BAS' as const),
            rate,
            offset: offsetAt(regime, at),
            regime,
          };
          const last = rows.at(-1);
          const joins =
            last &&
            last.end === at &&
            last.code === row.code &&
            last.rate === row.rate &&
            last.offset === row.offset &&
            !isScheduleStart(regime, at);
          if (joins) last.end = next;
          else rows.push(row);
        }
        at = next;
      }
    }
  }
  return rows.map(({ start, end, code, rate, offset }) => ({ start, end, code, rate, offset }));
}
