import { describe, expect, it } from 'vitest';
import { deviceRecord, type DeviceRecord } from '@cgm/contract';
import { AUTO_MICRO_DOSE_U, MS_PER_DAY, MS_PER_MINUTE } from '@cgm/domain';
import { generateHistory } from './history';
import { randomProfile } from './random-profile';

const FROM = Date.UTC(2025, 2, 3, 7, 13, 20);
const FROM_MINUTE = Math.ceil(FROM / MS_PER_MINUTE) * MS_PER_MINUTE;
const isMultipleOf = (value: number, step: number) =>
  Math.abs(value / step - Math.round(value / step)) < 1e-9;

// Seeds covering auto and manual therapy, each level of control and a patient prone to lows.
const SEEDS = [4, 3, 8, 13];
const histories = new Map(
  SEEDS.map((seed) => [seed, generateHistory(randomProfile(seed), { from: FROM, days: 14 })]),
);
const of = (seed: number) => histories.get(seed)!;

describe('generateHistory', () => {
  it('is deterministic: the same seed gives identical records, another seed others', () => {
    const again = generateHistory(randomProfile(4), { from: FROM, days: 14 });
    expect(again.records).toEqual(of(4).records);
    expect(again.pdmSettings).toEqual(of(4).pdmSettings);
    const sg = (records: DeviceRecord[]) => records.filter((r) => r.type === 'sg').map((r) => r.mgdl);
    expect(sg(of(3).records)).not.toEqual(sg(of(4).records));
  });

  it.each(SEEDS)('writes only records the ingest contract accepts (seed %i, 14 days)', (seed) => {
    const bad = of(seed).records.filter((r) => !deviceRecord.safeParse(r).success);
    expect(bad).toEqual([]);
  });

  it.each(SEEDS)(
    'gives every record a serial, the UTC offset and a time inside the period (seed %i)',
    (seed) => {
      const profile = randomProfile(seed);
      const serials = new Set(Object.values(profile.serials));
      const h = of(seed);
      expect(h.to).toBe(FROM_MINUTE + 14 * MS_PER_DAY);
      for (const r of h.records) {
        expect(serials.has(r.serial)).toBe(true);
        expect(r.utc_offset_min).toBe(profile.utcOffsetMin);
        expect(r.time).toBeGreaterThanOrEqual(FROM_MINUTE);
        expect(r.time).toBeLessThan(h.to);
      }
    },
  );

  it.each(SEEDS)('numbers records with a strictly increasing seq per device (seed %i)', (seed) => {
    const last = new Map<string, number>();
    for (const r of of(seed).records) {
      expect(r.seq).toBeGreaterThan(last.get(r.serial) ?? -1);
      last.set(r.serial, r.seq);
    }
    expect(last.size).toBe(3);
  });

  it.each(SEEDS)('reads glucose every 2 minutes exactly, apart from gaps and warm-ups (seed %i)', (seed) => {
    const sg = of(seed).records.filter((r) => r.type === 'sg');
    expect(sg.length).toBeGreaterThan(14 * 720 * 0.9);
    let longer = 0;
    for (let i = 1; i < sg.length; i++) {
      const step = sg[i]!.time - sg[i - 1]!.time;
      expect(step % (2 * MS_PER_MINUTE)).toBe(0);
      if (step > 2 * MS_PER_MINUTE) longer++;
    }
    // Only a few signal-loss gaps and sensor changes per fortnight.
    expect(longer).toBeLessThan(15);
  });

  it.each(SEEDS)(
    'keeps glucose within the sensor range 40–400 (H above), with valid trends (seed %i)',
    (seed) => {
      for (const r of of(seed).records) {
        if (r.type !== 'sg') continue;
        if (r.mgdl === null) expect(r.display_code).toBe('H');
        else {
          expect(Number.isFinite(r.mgdl)).toBe(true);
          expect(r.mgdl).toBeGreaterThanOrEqual(40);
          expect(r.mgdl).toBeLessThanOrEqual(400);
        }
        expect(r.rate).toBeGreaterThanOrEqual(1);
        expect(r.rate).toBeLessThanOrEqual(8);
      }
    },
  );

  it('gives auto-mode micro-deliveries in multiples of 0.05 U per 6-minute sample', () => {
    const rows = [4, 13].flatMap((seed) =>
      of(seed).records.filter((r) => r.type === 'basal' && r.code === 'BAAM'),
    );
    expect(rows.length).toBeGreaterThan(14 * 200);
    for (const r of rows) {
      if (r.type !== 'basal' || !r.auto) throw new Error('BAAM row without micro-deliveries');
      expect(r.duration_min).toBeLessThanOrEqual(6);
      expect(r.time % (6 * MS_PER_MINUTE)).toBe(0);
      for (const units of Object.values(r.auto)) expect(isMultipleOf(units, AUTO_MICRO_DOSE_U)).toBe(true);
      expect(r.delivered).toBe(r.auto.auto_basal_delivery);
    }
  });

  it('marks auto mode with start, target and exit rows, and never in a manual patient', () => {
    const codes = (seed: number) =>
      new Set(of(seed).records.flatMap((r) => (r.type === 'basal' ? [r.code] : [])));
    const auto = codes(4);
    expect(auto.has(`BAAMTarget${randomProfile(4).target}`)).toBe(true);
    expect([...codes(3)].some((c) => c.startsWith('BAAM'))).toBe(false);
    expect(codes(3).has('BAS')).toBe(true);
  });
});

describe('sessions', () => {
  const long = generateHistory(randomProfile(10), { from: FROM, days: 32 });
  const sessions = long.records.filter((r) => r.type === 'session');
  const ended = sessions.filter((s) => s.ended_at);
  const failed = new Set(
    long.records.filter((r) => r.type === 'sensor_status' && r.status === 'sensorFailure').map((r) => r.time),
  );

  it('runs sensors for 14 days (unless one fails) and patches for at most 3 days', () => {
    const sensors = ended.filter((s) => s.kind === 'sensor');
    const patches = ended.filter((s) => s.kind === 'patch');
    expect(sensors.length).toBeGreaterThanOrEqual(2);
    expect(patches.length).toBeGreaterThanOrEqual(9);
    for (const s of sensors) {
      expect(s.rated_life_hours).toBe(336);
      if (!failed.has(s.ended_at!)) expect(s.ended_at! - s.started_at).toBe(14 * MS_PER_DAY);
    }
    const endCode = (time: number) =>
      long.records.find((r) => r.type === 'basal' && r.time === time && r.code.startsWith('END'));
    for (const p of patches) {
      expect(p.rated_life_hours).toBe(72);
      expect(p.ended_at! - p.started_at).toBeLessThanOrEqual(72 * 3_600_000);
      const end = endCode(p.ended_at!);
      expect(end).toBeDefined();
      // Changed by the patient or expired: close to 3 days (an occlusion or empty reservoir ends one sooner).
      if (end?.type === 'basal' && (end.code === 'ENDM' || end.code === 'ENDEP')) {
        expect(p.ended_at! - p.started_at).toBeGreaterThan(48 * 3_600_000);
      }
      expect(p.pdm_serial).toBe(randomProfile(10).serials.pdm);
    }
  });

  it('writes a session when it starts and again when it ends', () => {
    for (const s of ended) {
      if (s.started_at < FROM_MINUTE) continue;
      expect(sessions.some((o) => o.started_at === s.started_at && o.kind === s.kind && !o.ended_at)).toBe(
        true,
      );
    }
  });

  it('warms a new sensor up for 2 hours without glucose and then may ask for a calibration', () => {
    const starts = sessions.filter((s) => s.kind === 'sensor' && !s.ended_at && s.started_at >= FROM_MINUTE);
    expect(starts.length).toBeGreaterThanOrEqual(2);
    const sg = long.records.filter((r) => r.type === 'sg');
    for (const s of starts) {
      const first = sg.find((r) => r.time >= s.started_at)!;
      expect(first.time - s.started_at).toBeGreaterThanOrEqual(120 * MS_PER_MINUTE);
    }
    expect(long.records.some((r) => r.type === 'calibration')).toBe(true);
    expect(long.records.some((r) => r.type === 'bg')).toBe(true);
  });

  it('sets a new patch up through the idle states, with NEW and END rows', () => {
    const codes = long.records.flatMap((r) => (r.type === 'basal' ? [r.code] : []));
    expect(codes.filter((c) => c === 'NEW').length).toBeGreaterThanOrEqual(9);
    expect(codes.some((c) => c.startsWith('END'))).toBe(true);
    const states = new Set(long.records.flatMap((r) => (r.type === 'pump_status' ? [r.state] : [])));
    for (const idle of [1, 2, 3, 4, 5, 6]) expect(states.has(idle)).toBe(true);
  });
});
