import { describe, expect, it } from 'vitest';
import { createWorkQueue, QueueFullError } from './work-queue';

describe('createWorkQueue', () => {
  it('runs at most `concurrency` jobs at once, in order, and refuses beyond the waiting room', async () => {
    const q = createWorkQueue(2, 3);
    let active = 0;
    let peak = 0;
    const order: number[] = [];
    const job = (i: number) => async () => {
      active++;
      peak = Math.max(peak, active);
      await new Promise((r) => setTimeout(r, 5));
      order.push(i);
      active--;
      return i;
    };
    const runs = [0, 1, 2, 3, 4].map((i) => q.run(job(i)));
    await expect(q.run(job(5))).rejects.toBeInstanceOf(QueueFullError);
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3, 4]);
    expect(peak).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4]);
    expect(await q.run(job(6))).toBe(6);
  });

  it('says beforehand whether a job would be refused, without taking a place', async () => {
    const q = createWorkQueue(1, 1);
    let release = () => {};
    const first = q.run(() => new Promise<void>((r) => (release = r)));
    expect(() => q.assertRoom()).not.toThrow();
    const second = q.run(() => Promise.resolve());
    expect(() => q.assertRoom()).toThrow(QueueFullError);
    release();
    await Promise.all([first, second]);
    expect(() => q.assertRoom()).not.toThrow();
  });

  it('frees its place when a job fails', async () => {
    const q = createWorkQueue(1, 0);
    await expect(q.run(() => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(await q.run(() => Promise.resolve(1))).toBe(1);
  });
});
