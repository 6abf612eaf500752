// Benchmark of the report statistics (issue 3, "Done means"): 90 days of 2-minute readings
// (64,800), glucoseStats and dailyProfile each at most 10 ms median. It also times a bare loop that
// only sums the values, the floor any pass over the data pays, so the ratio to it is visible.
// Run: npx tsx bench/domain.bench.ts

import { dailyProfile, glucoseStats, segmentProfile } from '@cgm/domain';
import type { GlucoseReading } from '@cgm/domain';

const TARGET_MS = 10;
const DAYS = 90;
const STEP_MS = 2 * 60_000;
const WARMUP = 20;
const RUNS = 101;

/** mulberry32: a small seeded PRNG, so every run sees the same readings. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A day-shaped curve with meals and noise, whole mg/dL like a sensor, CET/CEST offsets. */
function makeReadings(): GlucoseReading[] {
  const random = mulberry32(42);
  const start = Date.UTC(2024, 0, 1);
  const out: GlucoseReading[] = [];
  let drift = 0;
  for (let i = 0; i < (DAYS * 24 * 60) / 2; i++) {
    const time = start + i * STEP_MS;
    const hour = ((time / 3_600_000) % 24) + 1;
    const meals = [7.5, 12.5, 19].reduce((s, m) => s + 70 * Math.exp(-(((hour - m - 1) / 1.2) ** 2)), 0);
    drift = 0.98 * drift + (random() - 0.5) * 6;
    const mgdl = Math.round(Math.min(400, Math.max(40, 110 + meals + drift * 4 + (random() - 0.5) * 8)));
    out.push({ time, mgdl, utcOffsetMin: time >= Date.UTC(2024, 2, 31, 1) ? 120 : 60 });
  }
  return out;
}

function time(fn: () => unknown): { median: number; p95: number } {
  for (let i = 0; i < WARMUP; i++) fn();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    fn();
    samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  return { median: samples[Math.floor(RUNS / 2)]!, p95: samples[Math.floor(RUNS * 0.95)]! };
}

const readings = makeReadings();
// The same curve as a mmol/L device reports it (one decimal), converted: fractional mg/dL, which
// takes the comparison-sort path instead of the counting sort.
const fractional = readings.map((r) => ({ ...r, mgdl: Math.round(r.mgdl / 1.8) * 1.8 }));
let sink = 0;
const floor = time(() => {
  let sum = 0;
  for (let i = 0; i < readings.length; i++) sum += readings[i]!.mgdl;
  sink += sum;
});
const results: Array<[string, { median: number; p95: number }, number | null]> = [
  ['bare loop (sum of values)', floor, null],
  ['glucoseStats', time(() => (sink += glucoseStats(readings).count)), TARGET_MS],
  ['dailyProfile (144 bins)', time(() => (sink += dailyProfile(readings).length)), TARGET_MS],
  ['segmentProfile (48 bins)', time(() => (sink += segmentProfile(readings).length)), null],
  ['glucoseStats, fractional', time(() => (sink += glucoseStats(fractional).count)), TARGET_MS],
  ['dailyProfile, fractional', time(() => (sink += dailyProfile(fractional).length)), TARGET_MS],
];

console.log(
  `domain benchmark: ${readings.length} readings (${DAYS} days every 2 min), ${RUNS} runs after ${WARMUP} warm-up`,
);
let failed = false;
for (const [name, r, target] of results) {
  const ratio = (r.median / floor.median).toFixed(0);
  const goal = target === null ? '' : ` target ≤ ${target} ms median ${r.median <= target ? 'OK' : 'MISSED'}`;
  if (target !== null && r.median > target) failed = true;
  console.log(
    `${name.padEnd(28)} median ${r.median.toFixed(3)} ms  p95 ${r.p95.toFixed(3)} ms  ×${ratio} floor${goal}`,
  );
}
if (sink === 0) console.log('(unreachable; keeps the work from being optimised away)');
if (failed) {
  console.log('A target was missed: the run fails (npm run bench exits 1).');
  process.exitCode = 1;
}
