import type { Db } from '../../platform/db/client';
import type { Doc } from './ns-docs';
import { basalScheduleOf, defaultStore } from './ns-profile';
import { profileDocs, profileSwitches } from './ns-basal-docs.repository';
import { zoneOf, zoneOffsetAt } from './ns-time-zones';

// The scheduled basal in force over time, worked out as Nightscout's profile functions do
// (lib/profilefunctions.js): the profile document in force is the latest one whose startDate has
// passed; a "Profile Switch" treatment started at or after that document replaces its default
// profile (by `profile` name in the document's store, else the profile carried in `profileJson`,
// as AndroidAPS sends it) while it runs: `duration` minutes, or until the next switch when it has
// none. Where the sources disagree we follow what the pump delivered: the switch's `percentage`
// scales the rates and its `timeshift` (hours) moves the schedule later, as AndroidAPS programs the
// pump, whether or not the switch carries Nightscout's CircadianPercentageProfile flag. Schedule
// times are local times of the profile's `timezone`.

const MIN = 60_000;
const DAY = 86_400_000;

export type Entry = { start_min: number; rate: number };

export interface ProfileDocAt {
  date: number;
  seq: number;
  /** The document's UTC offset: the local time of a profile without a usable `timezone`. */
  offset: number;
  doc: Doc;
}
export interface SwitchAt {
  date: number;
  seq: number;
  doc: Doc;
}

/** One stretch of time under the same schedule, clock and scaling. */
export interface Regime {
  start: number;
  end: number;
  /** The schedule as delivered (percentage and timeshift applied), first entry at 00:00; null when unknown. */
  schedule: Entry[] | null;
  /** IANA zone of the schedule's local times, or null for a fixed `offset`. */
  zone: string | null;
  offset: number;
}

const num = (v: unknown): number | null => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
};
const round3 = (v: number) => Math.round(v * 1000) / 1000;
const isObj = (v: unknown): v is Doc => !!v && typeof v === 'object' && !Array.isArray(v);

// --- Clocks --------------------------------------------------------------------------------------

/** The UTC offset (minutes) of a regime's local clock at an instant. */
export function offsetAt(r: Regime, ms: number): number {
  return (r.zone ? zoneOffsetAt(r.zone, ms) : null) ?? r.offset;
}

const starts = (r: Regime) => (r.schedule ? r.schedule.map((e) => e.start_min) : [0]);

/** The scheduled rate (U/h) at an instant, from the local minute of the day; null when unknown. */
export function rateAt(r: Regime, ms: number): number | null {
  if (!r.schedule) return null;
  const local = ms + offsetAt(r, ms) * MIN;
  const minute = (((local % DAY) + DAY) % DAY) / MIN;
  return r.schedule.reduce((rate, e) => (e.start_min <= minute ? e.rate : rate), r.schedule[0]!.rate);
}

/** Whether an instant is a schedule change (local midnight included) of the regime's clock. */
export function isScheduleStart(r: Regime, ms: number): boolean {
  const local = ms + offsetAt(r, ms) * MIN;
  const inDay = ((local % DAY) + DAY) % DAY;
  return inDay % MIN === 0 && starts(r).includes(inDay / MIN);
}

/**
 * The first instant after `ms` where the rate may change: the next schedule start (local midnight
 * included) or, before it, a change of the zone's UTC offset (daylight saving), so that a segment
 * never spans two offsets.
 */
export function nextBoundary(r: Regime, ms: number): number {
  const o = offsetAt(r, ms);
  const local = ms + o * MIN;
  const dayStart = Math.floor(local / DAY) * DAY;
  const minute = (local - dayStart) / MIN;
  const next = starts(r).find((s) => s > minute) ?? 1440;
  const candidate = dayStart + next * MIN - o * MIN;
  if (!r.zone || offsetAt(r, candidate) === o) return candidate;
  let lo = ms;
  let hi = candidate;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (offsetAt(r, mid) === o) lo = mid;
    else hi = mid;
  }
  return hi;
}

// --- Profiles and switches -> regimes ------------------------------------------------------------

/** A schedule as delivered: rates × percentage / 100; times moved `shiftMin` minutes later. */
export function deliveredSchedule(base: readonly Entry[], percentage: number, shiftMin: number): Entry[] {
  const shift = ((Math.round(shiftMin) % 1440) + 1440) % 1440;
  const at = (m: number) => base.reduce((r, e) => (e.start_min <= m ? e.rate : r), base[0]!.rate);
  const points = [...new Set([0, ...base.map((e) => (e.start_min + shift) % 1440)])].sort((a, b) => a - b);
  return points.map((m) => ({
    start_min: m,
    rate: round3((at((m - shift + 1440) % 1440) * percentage) / 100),
  }));
}

/** A switch's length in ms: 0 runs until the next switch; null never runs (a negative duration). */
function lengthOf(s: SwitchAt): number | null {
  const d = num(s.doc.duration) ?? 0;
  return d < 0 ? null : Math.round(d * MIN);
}

function profileJsonOf(v: unknown): Doc | null {
  if (isObj(v)) return v;
  if (typeof v !== 'string' || v.length > 200_000) return null;
  try {
    const parsed: unknown = JSON.parse(v);
    return isObj(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

function regimeOf(p: ProfileDocAt, s: SwitchAt | null, start: number, end: number): Regime {
  const base = defaultStore(p.doc);
  let store = base;
  let percentage = 100;
  let shift = 0;
  let readable = true;
  if (s) {
    const name = s.doc.profile;
    const stores = isObj(p.doc.store) ? p.doc.store : {};
    if (typeof name === 'string' && isObj(stores[name])) store = stores[name];
    else store = profileJsonOf(s.doc.profileJson) ?? base;
    const pct = s.doc.percentage === undefined ? 100 : num(s.doc.percentage);
    const hours = s.doc.timeshift === undefined ? 0 : num(s.doc.timeshift);
    // A switch whose scaling cannot be read leaves the rate unknown rather than guessed.
    readable = pct !== null && pct > 0 && pct <= 1000 && hours !== null;
    percentage = pct ?? 100;
    shift = (hours ?? 0) * 60;
  }
  const schedule = store && readable ? basalScheduleOf(store) : null;
  const clock = zoneOf(store?.timezone) ?? zoneOf(base?.timezone) ?? { offset: p.offset };
  return {
    start,
    end,
    schedule: schedule ? deliveredSchedule(schedule, percentage, shift) : null,
    zone: 'zone' in clock ? clock.zone : null,
    offset: 'offset' in clock ? clock.offset : 0,
  };
}

/**
 * The regimes over [from, to): profiles and switches in (date, seq) order. Before the first
 * profile there is none (no schedule is known, none is assumed).
 */
export function regimesOf(
  profiles: readonly ProfileDocAt[],
  switches: readonly SwitchAt[],
  from: number,
  to: number,
): Regime[] {
  const byTime = <T extends { date: number; seq: number }>(list: readonly T[]) =>
    [...list].sort((a, b) => a.date - b.date || a.seq - b.seq);
  const ps = byTime(profiles);
  const ss = byTime(switches);
  const profileAt = (t: number) => ps.filter((p) => p.date <= t).at(-1) ?? null;
  // Nightscout's activeProfileTreatmentToTime: the last switch (in start order) that runs at t.
  const switchAt = (t: number, p: ProfileDocAt) => {
    let active: SwitchAt | null = null;
    for (const s of ss) {
      if (s.date > t) break;
      const length = lengthOf(s);
      if (s.date >= p.date && length !== null && (length === 0 || t < s.date + length)) active = s;
    }
    return active;
  };
  const cuts = new Set<number>([from, to]);
  for (const p of ps) cuts.add(p.date);
  for (const s of ss) {
    cuts.add(s.date);
    const length = lengthOf(s);
    if (length) cuts.add(s.date + length);
  }
  const points = [...cuts].filter((c) => c >= from && c <= to).sort((a, b) => a - b);
  const out: Regime[] = [];
  for (let i = 0; i + 1 < points.length; i++) {
    const [a, b] = [points[i]!, points[i + 1]!];
    const p = profileAt(a);
    if (p) out.push(regimeOf(p, switchAt(a, p), a, b));
  }
  return out;
}

// --- Loading -------------------------------------------------------------------------------------

/** The stored profiles and Profile Switches that decide the regimes of [from, to) (both finite). */
export async function loadRegimes(tx: Db, patientId: string, from: number, to: number): Promise<Regime[]> {
  const profiles = await profileDocs(tx, patientId, from, to);
  if (!profiles.length) return [];
  // Switches older than the profile in force at `from` no longer count (Nightscout); of the older
  // ones only the last open-ended switch and those still running at `from` can be in force.
  const first = profiles.reduce((a, b) => (b.date < a.date ? b : a));
  const switches = await profileSwitches(tx, patientId, Math.min(first.date, from), from, to);
  return regimesOf(profiles, switches, from, to);
}

/** The regime in force at an instant, if any. */
export const regimeAt = (regimes: readonly Regime[], ms: number): Regime | undefined =>
  regimes.find((r) => r.start <= ms && ms < r.end);
