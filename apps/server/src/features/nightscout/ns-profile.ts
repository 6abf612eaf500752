import type { z } from 'zod';
import { reviewedPdmSettings, type ReviewedPdmSettings } from '@cgm/contract';
import { MGDL_PER_MMOL } from '@cgm/domain';
import type { Db } from '../../platform/db/client';
import type { Doc } from './ns-docs';
import { NS_SERIAL } from './ns-map';
import { deleteProfileSettings, upsertProfileSettings } from './ns-profile-settings.repository';

// A Nightscout profile → the device settings the report reviews (spec §3 "Device settings
// reviewed"). Only its default store is in force, and only what the PDM settings contract knows is
// taken: the basal schedule (as the standard pattern), carb ratios, sensitivity, targets and the
// insulin duration. A part that does not fit the contract (a value out of range, more than 48
// segments) is left out rather than bent: these numbers feed dosing decisions.

type Entry = { start_min: number; value: number };

const num = (v: unknown): number | null => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
};

/** Minutes after midnight of a Nightscout schedule item ({time: "HH:MM", timeAsSeconds}). */
function startOf(item: Doc): number | null {
  const secs = num(item.timeAsSeconds);
  if (secs !== null) return secs >= 0 && secs < 86_400 ? Math.floor(secs / 60) : null;
  const m = /^(\d{1,2}):(\d{2})/.exec(String(item.time ?? ''));
  if (!m) return null;
  const min = Number(m[1]) * 60 + Number(m[2]);
  return min < 1440 ? min : null;
}

/**
 * A schedule in start order. Nightscout applies the first item from midnight whatever its time
 * (lib/profilefunctions.js), so the first start becomes 00:00; null when any item is unreadable.
 */
function scheduleOf(list: unknown): Entry[] | null {
  if (!Array.isArray(list) || list.length === 0) return null;
  const out: Entry[] = [];
  for (const raw of list) {
    if (!raw || typeof raw !== 'object') return null;
    const start = startOf(raw as Doc);
    const value = num((raw as Doc).value);
    if (start === null || value === null) return null;
    out.push({ start_min: start, value });
  }
  out.sort((a, b) => a.start_min - b.start_min);
  out[0]!.start_min = 0;
  // Two items at the same minute: the later one wins, as in Nightscout's lookup.
  return out.filter((e, i) => i === out.length - 1 || out[i + 1]!.start_min !== e.start_min);
}

/** The value in force at a minute of the day. */
const valueAt = (list: Entry[], minute: number) =>
  list.reduce((v, e) => (e.start_min <= minute ? e.value : v), list[0]!.value);

const round1 = (v: number) => Math.round(v * 10) / 10;

/** The profile a document puts in force: `store[defaultProfile]` ('Default' unnamed), or its only store. */
export function defaultStore(doc: Doc): Doc | null {
  const stores = doc.store && typeof doc.store === 'object' ? (doc.store as Record<string, unknown>) : {};
  const name = typeof doc.defaultProfile === 'string' ? doc.defaultProfile : 'Default';
  const store = stores[name] ?? (Object.keys(stores).length === 1 ? Object.values(stores)[0] : null);
  return store && typeof store === 'object' && !Array.isArray(store) ? (store as Doc) : null;
}

/**
 * A store's basal schedule as {start_min, rate} in start order, or null when it has none or any
 * rate is not a basal rate (0–50 U/h, the basal record's range): delivery is not guessed.
 */
export function basalScheduleOf(store: Doc): Array<{ start_min: number; rate: number }> | null {
  const list = scheduleOf(store.basal);
  if (!list || list.some((e) => e.value < 0 || e.value > 50)) return null;
  return list.map((e) => ({ start_min: e.start_min, rate: e.value }));
}

/** The settings a profile document stands for, or null when its default store has none of them. */
export function profileSettings(doc: Doc): ReviewedPdmSettings | null {
  const store = defaultStore(doc);
  if (!store) return null;
  const mmol = /mmol/i.test(String(store.units ?? doc.units ?? ''));
  const glucose = (v: number) => round1(mmol ? v * MGDL_PER_MMOL : v);

  const basal = scheduleOf(store.basal);
  const ic = scheduleOf(store.carbratio);
  const sens = scheduleOf(store.sens);
  const low = scheduleOf(store.target_low);
  const high = scheduleOf(store.target_high);
  const dia = num(store.dia);
  const targets =
    low && high
      ? [...new Set([...low, ...high].map((e) => e.start_min))]
          .sort((a, b) => a - b)
          .map((m) => ({
            start_min: m,
            low_mgdl: glucose(valueAt(low, m)),
            high_mgdl: glucose(valueAt(high, m)),
          }))
      : null;

  // Each part is kept only if it fits the contract on its own; the rest of the profile still counts.
  const part = (schema: z.ZodType, v: unknown) => {
    const r = schema.safeParse(v);
    return r.success ? r.data : undefined;
  };
  const shape = reviewedPdmSettings.shape;
  const standard = part(
    shape.basal,
    basal && {
      active_pattern: 'standard',
      patterns: { standard: basal.map((e) => ({ start_min: e.start_min, rate: e.value })) },
    },
  );
  const bolusShape = reviewedPdmSettings.shape.bolus.unwrap().shape;
  const bolus = {
    ic_ratios: part(
      bolusShape.ic_ratios,
      ic?.map((e) => ({ start_min: e.start_min, grams_per_unit: e.value })),
    ),
    insulin_sensitivity: part(
      bolusShape.insulin_sensitivity,
      sens?.map((e) => ({ start_min: e.start_min, mgdl_per_unit: glucose(e.value) })),
    ),
    bg_target: part(bolusShape.bg_target, targets),
    active_insulin_time_h: part(bolusShape.active_insulin_time_h, dia),
  };
  const presentBolus = Object.fromEntries(Object.entries(bolus).filter(([, v]) => v !== undefined));
  if (!standard && Object.keys(presentBolus).length === 0) return null;
  const parsed = reviewedPdmSettings.safeParse({
    pdm_serial: NS_SERIAL,
    ...(standard ? { basal: standard } : {}),
    ...(Object.keys(presentBolus).length ? { bolus: presentBolus } : {}),
  });
  return parsed.success ? parsed.data : null;
}

/**
 * Writes the device settings of stored profile documents: keyed like every PDM settings row by
 * serial ('nightscout') and time (the profile's start), so an update or delete of the document
 * replaces or removes exactly this row. A later document with the same start wins.
 */
export async function storeProfileSettings(
  tx: Db,
  patientId: string,
  docs: ReadonlyArray<{ doc: Doc; date: number }>,
): Promise<void> {
  const rows = docs.flatMap(({ doc, date }) => {
    const settings = profileSettings(doc);
    return settings ? [{ time: new Date(date), settings }] : [];
  });
  await upsertProfileSettings(tx, patientId, rows);
}

/** Removes the device settings made from profile documents with these start times. */
export async function unmapProfiles(tx: Db, patientId: string, dates: readonly number[]): Promise<void> {
  if (dates.length) await deleteProfileSettings(tx, patientId, dates);
}
