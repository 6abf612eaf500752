// Benchmark of the virtual patient (issue "Device data and live monitoring": 90 days must generate
// in well under 2 s): 90 days of history for one patient and for 20 patients, records per second.
// Run: npx tsx bench/simulator.bench.ts

import { generateHistory, randomProfile } from '../packages/simulator/src/index';

const TARGET_MS = 2000;
const DAYS = 90;
const FROM = Date.UTC(2025, 0, 6);
const RUNS = 5;

const fmt = (n: number, digits = 1) => n.toFixed(digits);

function summarize(samples: number[]): { median: number; p95: number } {
  const s = [...samples].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.floor(p * (s.length - 1)))]!;
  return { median: at(0.5), p95: at(0.95) };
}

function once(seed: number): { ms: number; records: number } {
  const profile = randomProfile(seed);
  const t0 = performance.now();
  const { records } = generateHistory(profile, { from: FROM, days: DAYS });
  return { ms: performance.now() - t0, records: records.length };
}

/**
 * The bare baseline: as many record objects of the same shape, with a pseudo-random value each,
 * built in a plain loop (what producing the records costs without any model behind them).
 */
function bare(count: number): number {
  const t0 = performance.now();
  const out: Array<{ type: string; time: number; mgdl: number; seq: number }> = [];
  let x = 1;
  for (let i = 0; i < count; i++) {
    x = (x * 48271) % 2147483647;
    out.push({ type: 'sg', time: FROM + i * 120_000, mgdl: 40 + (x % 360), seq: i });
  }
  const ms = performance.now() - t0;
  if (out.length !== count) throw new Error('bare baseline');
  return ms;
}

// Warm-up: the first run also pays for compiling the model.
const cold = once(1);
console.log(
  `simulator benchmark: ${DAYS} days of history (first run, before warm-up: ${fmt(cold.ms, 0)} ms)`,
);

const singles: number[] = [];
let records = 0;
for (let i = 0; i < RUNS; i++) {
  const r = once(1);
  singles.push(r.ms);
  records = r.records;
}
const one = summarize(singles);
const rate1 = records / (one.median / 1000);
const ok1 = one.median <= TARGET_MS ? 'OK' : 'MISSED';
const floor = summarize(Array.from({ length: RUNS }, () => bare(records)));
console.log(
  `1 patient   median ${fmt(one.median, 0)} ms  p95 ${fmt(one.p95, 0)} ms  ${records} records  ` +
    `${fmt(rate1 / 1000, 0)}k records/s  target ≤ ${TARGET_MS} ms ${ok1}  ` +
    `(bare: as many plain records built in a loop, median ${fmt(floor.median, 1)} ms; ratio ${fmt(one.median / floor.median, 1)}×)`,
);

const t0 = performance.now();
let total = 0;
const perPatient: number[] = [];
for (let seed = 1; seed <= 20; seed++) {
  const r = once(seed);
  perPatient.push(r.ms);
  total += r.records;
}
const ms20 = performance.now() - t0;
const worst = Math.max(...perPatient);
console.log(
  `20 patients total ${fmt(ms20, 0)} ms  slowest ${fmt(worst, 0)} ms  ${total} records  ` +
    `${fmt(total / (ms20 / 1000) / 1000, 0)}k records/s  each ≤ ${TARGET_MS} ms ${worst <= TARGET_MS ? 'OK' : 'MISSED'}`,
);
if (one.median > TARGET_MS || worst > TARGET_MS) {
  console.log('A target was missed: the run fails (npm run bench exits 1).');
  process.exitCode = 1;
}
