import { describe, expect, it } from 'vitest';
import { createLocalBus } from './live-bus';

describe('in-process live bus', () => {
  it('delivers a publish to the listeners of that patient only, after the publishing turn', async () => {
    const bus = createLocalBus();
    const got: string[] = [];
    bus.subscribe('a', (n) => got.push(`a${n}`));
    bus.subscribe('b', (n) => got.push(`b${n}`));
    bus.publish('a', 5);
    // The publisher (a device's POST) answers first; its latest number is known at once.
    expect(got).toEqual([]);
    expect(bus.latest('a')).toBe(5);
    await new Promise((resolve) => setImmediate(resolve));
    expect(got).toEqual(['a5']);
    expect(bus.latest('a')).toBe(5);
    expect(bus.latest('b')).toBe(0);
  });

  it('stops delivering after unsubscribe and forgets empty patients', async () => {
    const bus = createLocalBus();
    let calls = 0;
    const off = bus.subscribe('a', () => calls++);
    bus.publish('a', 1);
    await new Promise((resolve) => setImmediate(resolve));
    off();
    bus.publish('a', 2);
    await new Promise((resolve) => setImmediate(resolve));
    expect(calls).toBe(1);
    expect(bus.stats()).toMatchObject({ patients: 0, listeners: 0, published: 2 });
  });

  it('never moves latest backwards when an older eventNo arrives late', () => {
    const bus = createLocalBus();
    bus.publish('a', 10);
    bus.publish('a', 7);
    expect(bus.latest('a')).toBe(10);
  });
});
