import type { DataOption } from '@cgm/contract';
import { checkDataOptionRanges, findOverlap, MESSAGES, type TimeRange } from '@cgm/domain';
import { isIsoDate, localTodayIso } from '../../lib/dates';

// The data options editor (spec §3 options, §4 "Data option", §5 error 34): which source feeds the
// sensor (cgms) and the pump data over which days. The form works in whole local days, a range
// running from the start of its first day to the end of its last (end empty: still in force); a
// range whose dates were not touched keeps its exact times.

export const OPTION_NAMES = ['daopapp', 'pdm'] as const;
export type OptionName = (typeof OPTION_NAMES)[number];
export const RANGE_KINDS = ['cgms', 'pump'] as const;
export type RangeKind = (typeof RANGE_KINDS)[number];

export interface RangeDraft {
  key: string;
  start: string;
  /** Last day, inclusive; '' while the range is open. */
  end: string;
  original?: { start: number; end: number | null; startDay: string; endDay: string };
}

export type OptionsDraft = Record<OptionName, Record<RangeKind, RangeDraft[]>>;

let nextKey = 0;
export const newRangeKey = () => `r${++nextKey}`;

export function dayStart(iso: string): number {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d).getTime();
}

export function dayOf(ms: number): string {
  return localTodayIso(new Date(ms));
}

function nextDayStart(iso: string): number {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d + 1).getTime();
}

export function rangeDraft(start: number, end: number | null): RangeDraft {
  const startDay = dayOf(start);
  const endDay = end === null ? '' : dayOf(end - 1);
  return { key: newRangeKey(), start: startDay, end: endDay, original: { start, end, startDay, endDay } };
}

export function draftOfOptions(options: readonly DataOption[]): OptionsDraft {
  const empty = (): Record<RangeKind, RangeDraft[]> => ({ cgms: [], pump: [] });
  const draft: OptionsDraft = { daopapp: empty(), pdm: empty() };
  for (const o of options) {
    for (const kind of RANGE_KINDS) draft[o.option][kind] = o[kind].map((r) => rangeDraft(r.start, r.end));
  }
  return draft;
}

type Sent = Array<{ option: OptionName; kind: RangeKind; key: string }>;

export type OptionsCheck =
  { ok: true; options: DataOption[]; sent: Sent } | { ok: false; errors: Record<string, string> };

function timesOf(r: RangeDraft): { start: number; end: number | null } {
  const o = r.original;
  return {
    start: o && o.startDay === r.start ? o.start : dayStart(r.start),
    end: r.end === '' ? null : o && o.endDay === r.end && o.end !== null ? o.end : nextDayStart(r.end),
  };
}

/**
 * The save request, or the problems by range key: a missing or invalid date, an end before the
 * start, or two ranges of the same kind that overlap across both options (error 34's rule,
 * checked here first with the domain's rule so the user sees it before saving).
 */
export function optionsOfDraft(draft: OptionsDraft): OptionsCheck {
  const errors: Record<string, string> = {};
  for (const option of OPTION_NAMES) {
    for (const kind of RANGE_KINDS) {
      for (const r of draft[option][kind]) {
        if (!isIsoDate(r.start) || (r.end !== '' && !isIsoDate(r.end)))
          errors[r.key] = MESSAGES.dateSelectionWrong;
        else if (r.end !== '' && r.end < r.start) errors[r.key] = MESSAGES.endBeforeStart;
      }
    }
  }
  if (Object.keys(errors).length) return { ok: false, errors };
  for (const kind of RANGE_KINDS) {
    const all = OPTION_NAMES.flatMap((option) => draft[option][kind]);
    const ranges: TimeRange[] = all.map((r) => {
      const t = timesOf(r);
      return { start: t.start, end: t.end ?? Number.POSITIVE_INFINITY };
    });
    const verdict = checkDataOptionRanges({ [kind]: ranges });
    if (!verdict.ok) {
      const pair = findOverlap(ranges);
      for (const i of pair ?? []) errors[all[i]!.key] = verdict.problem ?? MESSAGES.timeOverlapped;
    }
  }
  if (Object.keys(errors).length) return { ok: false, errors };
  const sent: Sent = [];
  const options: DataOption[] = [];
  for (const option of OPTION_NAMES) {
    const { cgms, pump } = draft[option];
    if (!cgms.length && !pump.length) continue;
    options.push({ option, cgms: cgms.map(timesOf), pump: pump.map(timesOf) });
    for (const kind of RANGE_KINDS)
      for (const r of draft[option][kind]) sent.push({ option, kind, key: r.key });
  }
  return { ok: true, options, sent };
}

/** The server's problems (`details` paths `options.i.kind.j`) by range key. */
export function serverErrors(
  details: unknown,
  options: readonly DataOption[],
  sent: Sent,
): Record<string, string> {
  const out: Record<string, string> = {};
  if (!Array.isArray(details)) return out;
  for (const d of details as Array<{ path?: unknown; message?: unknown }>) {
    const m = typeof d.path === 'string' ? /^options\.(\d+)\.(cgms|pump)\.(\d+)/.exec(d.path) : null;
    if (!m || typeof d.message !== 'string') continue;
    const option = options[Number(m[1])]?.option;
    const matches = sent.filter((s) => s.option === option && s.kind === m[2]);
    const key = matches[Number(m[3])]?.key;
    if (key) out[key] = d.message;
  }
  return out;
}
