// The sampling interval of each reading's source (CLINICAL.md "Sampling interval and coverage"):
// the portal's sensor 2 min, a known uploaded device its nominal interval, otherwise the median gap
// between that source's consecutive readings in the period, snapped to 1, 2, 5 or 15 minutes.
// Covered time, wear, valid days, the eA1c/GMI rules and the time-in-range weights all rest on it.

/** The portal's own sensor reads every 2 minutes (spec §9 "720 per day"). */
export const PORTAL_SENSOR_INTERVAL_MIN = 2;
/** LibreView "historic" records (record type 0) hold one value per 15 minutes, whatever the sensor. */
export const LIBREVIEW_HISTORIC_INTERVAL_MIN = 15;
/**
 * An unknown source with a single reading in the period shows no gap to measure. It counts 5
 * minutes, the interval of the most common uploaded CGMs (Dexcom, Medtronic): at most one reading's
 * worth of covered time rests on this guess.
 */
export const UNKNOWN_SOURCE_INTERVAL_MIN = 5;
/** The intervals a measured gap is snapped to, in minutes. */
export const SNAPPED_INTERVALS_MIN = [1, 2, 5, 15] as const;
/** Class boundaries: halfway between neighbouring intervals (1.5, 3.5, 10 min); a boundary goes up. */
const GAP_CLASS_UPPER_MS = [90_000, 210_000, 600_000] as const;

export interface NominalInterval {
  /** Lower-case letters and digits only; matched against the name reduced the same way. */
  match: string;
  /** Minutes; null when the name says only that the interval is the uploader's setting (inferred). */
  intervalMin: number | null;
}

/**
 * Device and app names as uploaders and exports write them, first match wins. Names are compared
 * case-insensitively with everything but letters and digits removed, so "Dexcom G6",
 * "xDrip-DexcomG6" and "AndroidAPS-DexcomG6" all contain "dexcomg6". Where they come from:
 * - xDrip+ writes "xDrip-" + its collection method ("xDrip-DexcomG5" for G5/G6/G7,
 *   "xDrip-DexcomShare", "xDrip-LibreReceiver", "xDrip-LibreOOP", "xDrip-BluetoothWixel");
 *   AndroidAPS "AndroidAPS-" + its BG source ("AndroidAPS-DexcomG6"); Nightscout's Dexcom Share
 *   bridge "share2"; Dexcom's apps and Clarity exports the model ("Dexcom G7", "Dexcom ONE").
 *   Every Dexcom model samples every 5 minutes.
 * - Medtronic uploaders (CareLink, MiniMed Connect, 600-series uploaders) name the pump or the
 *   sensor ("MiniMed 780G", "Guardian 4", "Enlite"): 5 minutes.
 * - FreeStyle Libre 2 / 3 (and the Plus models) stream one value a minute.
 * - xDrip's "LibreReceiver" (a Libre 2 or 3 through the patched LibreLink app or Juggluco) receives
 *   those minute values but keeps one reading per 5 minutes, unless its engineering-mode
 *   "1-minute Libre" setting is on (xDrip+ DexCollectionType.getCollectorSamplePeriod, and
 *   LibreReceiver keeps a value only when the last is older than 250 s). The name cannot tell which,
 *   so it is matched first and inferred, also when xDrip appends the sensor ("… Libre2"): taken as
 *   1 minute, a Libre user's usual 5-minute upload covered a fifth of its time (wear 20 %, no
 *   valid day, GMI withheld).
 * Left to inference on purpose: a bare "FreeStyle Libre" or "LibreLink" (LibreView exports of
 * those are 15-minute historic records plus scans; the importer gives historic records
 * LIBREVIEW_HISTORIC_INTERVAL_MIN itself, whatever the device name), "xDrip-LibreOOP" and other
 * bridges of Libre 1 (5-minute bridges), Juggluco (it reads Libre 1/2/3, Dexcom G7 and Sibionics:
 * juggluco.nl), Spike, "loop://iPhone" (names the phone, not the sensor).
 */
export const NOMINAL_INTERVALS: readonly NominalInterval[] = [
  { match: 'dexcomg4', intervalMin: 5 },
  { match: 'dexcomg5', intervalMin: 5 },
  { match: 'dexcomg6', intervalMin: 5 },
  { match: 'dexcomg7', intervalMin: 5 },
  { match: 'dexcomone', intervalMin: 5 },
  { match: 'dexcomshare', intervalMin: 5 },
  { match: 'share2', intervalMin: 5 },
  { match: 'medtronic', intervalMin: 5 },
  { match: 'guardian', intervalMin: 5 },
  { match: 'enlite', intervalMin: 5 },
  { match: 'minimed', intervalMin: 5 },
  { match: 'carelink', intervalMin: 5 },
  { match: 'librereceiver', intervalMin: null },
  { match: 'libre2', intervalMin: 1 },
  { match: 'libre3', intervalMin: 1 },
];

/** The nominal interval in minutes of a device or app name, or null when the name does not fix it. */
export function nominalIntervalOfDevice(text: string | null | undefined): number | null {
  if (!text) return null;
  const name = text.toLowerCase().replace(/[^a-z0-9]/g, '');
  for (const entry of NOMINAL_INTERVALS) if (name.includes(entry.match)) return entry.intervalMin;
  return null;
}

/** The class of a gap between consecutive readings: 0 → 1 min, 1 → 2, 2 → 5, 3 → 15. */
export function gapClassOf(gapMs: number): 0 | 1 | 2 | 3 {
  if (gapMs < GAP_CLASS_UPPER_MS[0]) return 0;
  if (gapMs < GAP_CLASS_UPPER_MS[1]) return 1;
  if (gapMs < GAP_CLASS_UPPER_MS[2]) return 2;
  return 3;
}

/**
 * The snapped interval from counts of gaps per class [1 min, 2, 5, 15]: the class of the lower
 * median gap (for m gaps, the one at sorted position ⌊(m − 1)/2⌋). Snapping keeps order, so this is
 * inferSamplingInterval's answer, and a database can keep the counts per hour instead of the gaps.
 * Null without any gap.
 */
export function intervalOfGapClassCounts(counts: readonly [number, number, number, number]): number | null {
  const total = counts[0] + counts[1] + counts[2] + counts[3];
  if (!(total > 0)) return null;
  const k = Math.floor((total - 1) / 2);
  let seen = 0;
  for (let c = 0; c < 4; c++) {
    seen += counts[c as 0 | 1 | 2 | 3];
    if (seen > k) return SNAPPED_INTERVALS_MIN[c as 0 | 1 | 2 | 3];
  }
  return null; // not reached for finite counts
}

/**
 * The sampling interval of one source from its reading times (epoch ms) in the period: the lower
 * median of the gaps between consecutive distinct times, snapped to 1, 2, 5 or 15 minutes. The
 * times may come in any order; equal times are one reading. Null with fewer than two readings.
 */
export function inferSamplingInterval(times: ArrayLike<number>): number | null {
  const sorted = Float64Array.from(times).sort();
  const gaps: number[] = [];
  for (let i = 1; i < sorted.length; i++) {
    const gap = sorted[i]! - sorted[i - 1]!;
    if (gap > 0) gaps.push(gap);
  }
  if (gaps.length === 0) return null;
  gaps.sort((a, b) => a - b);
  return SNAPPED_INTERVALS_MIN[gapClassOf(gaps[Math.floor((gaps.length - 1) / 2)]!)];
}

/**
 * A source's interval: its nominal interval when known (the portal's sensor, a named device, a
 * LibreView historic record), else the one inferred from its readings in the period, else (an
 * unknown source with a single reading) UNKNOWN_SOURCE_INTERVAL_MIN.
 */
export function sourceIntervalMin(nominalMin: number | null | undefined, times: ArrayLike<number>): number {
  if (nominalMin != null && nominalMin > 0 && nominalMin < Infinity) return nominalMin;
  return inferSamplingInterval(times) ?? UNKNOWN_SOURCE_INTERVAL_MIN;
}

export interface SamplingSource<K extends string | number = string> {
  key: K;
  /** Minutes; null when the source is not a known device (then inferred from its readings). */
  nominalMin: number | null;
}

export interface SourcedTimes<K extends string | number = string> {
  /** Epoch ms of each reading, in any order. */
  times: ArrayLike<number>;
  /** The source of each reading, parallel to times. */
  sourceKeys: ArrayLike<K>;
}

/**
 * Each source's interval in minutes (sourceIntervalMin) over the given readings, which should be
 * the readings of the period: inference looks at those only. A key found in the readings but not
 * in `sources` is an unknown source (inferred).
 */
export function intervalsBySource<K extends string | number>(
  sources: readonly SamplingSource<K>[],
  readings: SourcedTimes<K>,
): Map<K, number> {
  const nominal = new Map(sources.map((s) => [s.key, s.nominalMin] as const));
  const known = (key: K) => {
    const min = nominal.get(key);
    return min != null && min > 0 && min < Infinity;
  };
  // Only sources without a known interval need their times (a 90-day report has 65,000 readings).
  const timesOf = new Map<K, number[]>();
  let lastKey: K | undefined;
  let lastKnown = false;
  for (let i = 0; i < readings.times.length; i++) {
    const key = readings.sourceKeys[i]!;
    if (key !== lastKey) {
      lastKey = key;
      lastKnown = known(key);
    }
    if (lastKnown) continue;
    const list = timesOf.get(key);
    if (list) list.push(readings.times[i]!);
    else timesOf.set(key, [readings.times[i]!]);
  }
  const out = new Map<K, number>();
  for (const s of sources) out.set(s.key, sourceIntervalMin(s.nominalMin, timesOf.get(s.key) ?? []));
  for (const [key, times] of timesOf) {
    if (!nominal.has(key)) out.set(key, sourceIntervalMin(null, times));
  }
  return out;
}

/**
 * The interval in minutes of each reading, parallel to `readings.times`: its source's interval
 * (intervalsBySource). Ready for PreparedReadings.intervals or GlucoseReading.intervalMin.
 */
export function assignIntervals<K extends string | number>(
  sources: readonly SamplingSource<K>[],
  readings: SourcedTimes<K>,
): Float64Array {
  const bySource = intervalsBySource(sources, readings);
  const out = new Float64Array(readings.times.length);
  let lastKey: K | undefined;
  let interval = 0;
  for (let i = 0; i < out.length; i++) {
    const key = readings.sourceKeys[i]!;
    if (key !== lastKey || i === 0) {
      lastKey = key;
      interval = bySource.get(key)!;
    }
    out[i] = interval;
  }
  return out;
}
