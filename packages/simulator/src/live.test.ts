import { describe, expect, it } from 'vitest';
import type { DeviceRecord } from '@cgm/contract';
import { MS_PER_DAY, MS_PER_MINUTE } from '@cgm/domain';
import { generateHistory } from './history';
import { simulateLive, type LiveBatch, type LiveClock } from './live';
import { randomProfile } from './random-profile';

const FROM = Date.UTC(2025, 2, 3);
const HOUR = 3_600_000;

/** A clock that only moves when the stream sleeps. */
function fakeClock(start = 1_000_000): LiveClock & { slept: number } {
  const clock = {
    t: start,
    slept: 0,
    now: () => clock.t,
    sleep: async (ms: number) => {
      clock.t += ms;
      clock.slept += ms;
    },
  };
  return clock;
}

/** The batches, each with the (fake) real time at which it came. */
async function collect(
  stream: AsyncGenerator<LiveBatch>,
  clock?: LiveClock,
): Promise<Array<LiveBatch & { at: number }>> {
  const out: Array<LiveBatch & { at: number }> = [];
  for await (const b of stream) out.push({ ...b, at: clock?.now() ?? 0 });
  return out;
}

describe('simulateLive', () => {
  it('continues a history seamlessly: the same records as a longer history', async () => {
    const profile = randomProfile(5);
    const history = generateHistory(profile, { from: FROM, days: 2 });
    const longer = generateHistory(profile, { from: FROM, days: 2.25 });
    const batches = await collect(
      simulateLive(profile, {
        start: history.to,
        historyFrom: FROM,
        speed: 1e9,
        until: history.to + 6 * HOUR,
        clock: fakeClock(),
      }),
    );
    const live = batches.flatMap((b) => b.records);
    expect(live.length).toBeGreaterThan(100);
    expect([...history.records, ...live]).toEqual(longer.records);
  });

  it('yields a batch per 2 simulated minutes, paced by the speed', async () => {
    const clock = fakeClock();
    const start = FROM + MS_PER_DAY;
    const batches = await collect(
      simulateLive(randomProfile(6), { start, speed: 60, until: start + HOUR, clock }),
    );
    expect(batches.length).toBe(30);
    expect(batches.map((b) => b.time)).toEqual(
      Array.from({ length: 30 }, (_, i) => start + (i + 1) * 2 * MS_PER_MINUTE),
    );
    // An hour of simulated time at 60× takes a minute of (fake) real time.
    expect(clock.slept).toBeGreaterThanOrEqual(59_000);
    expect(clock.slept).toBeLessThanOrEqual(61_000);
    const sg = batches.flatMap((b) => b.records).filter((r: DeviceRecord) => r.type === 'sg');
    expect(sg.length).toBeGreaterThanOrEqual(25);
    for (const b of batches) for (const r of b.records) expect(r.time).toBeLessThan(b.time);
  });

  it('never runs ahead of the limit (a device cannot report the future)', async () => {
    const clock = fakeClock(FROM + 2 * MS_PER_DAY);
    const start = clock.now() - HOUR;
    const batches = await collect(
      simulateLive(randomProfile(6), {
        start,
        speed: 1000,
        until: start + 2 * HOUR,
        clock,
        limit: (now) => now,
      }),
      clock,
    );
    for (const b of batches) expect(b.time).toBeLessThanOrEqual(b.at);
    expect(batches.at(-1)!.time).toBe(start + 2 * HOUR);
    // The second hour could only go at real time.
    expect(clock.now() - (start + HOUR)).toBeGreaterThanOrEqual(HOUR - 2 * MS_PER_MINUTE);
  });

  it('refuses a history that begins after the stream', async () => {
    const stream = simulateLive(randomProfile(1), {
      start: FROM,
      historyFrom: FROM + HOUR,
      clock: fakeClock(),
    });
    await expect(stream.next()).rejects.toThrow(RangeError);
  });
});
