import { describe, expect, it } from 'vitest';
import { createPollLoop, type PollAnswer, type PollPhase } from './poll-loop';

/** A fake server: every poll waits until the test answers it; a fake clock runs the retry timer. */
function harness() {
  const calls: Array<{ eventNo: number; signal: AbortSignal; answer: (a: PollAnswer) => void }> = [];
  const timers = new Map<number, { fn: () => void; ms: number }>();
  let nextTimer = 1;
  const data: Array<{ uids: string[]; eventNo: number }> = [];
  const phases: PollPhase[] = [];
  const loop = createPollLoop({
    poll: (eventNo, signal) =>
      new Promise<PollAnswer>((resolve) => {
        calls.push({ eventNo, signal, answer: resolve });
        signal.addEventListener('abort', () => resolve({ kind: 'aborted' }));
      }),
    onData: (uids, eventNo) => data.push({ uids, eventNo }),
    onPhase: (p) => phases.push(p),
    setTimer: (fn, ms) => {
      const id = nextTimer++;
      timers.set(id, { fn, ms });
      return id;
    },
    clearTimer: (id) => timers.delete(id as number),
  });
  const flush = () => new Promise<void>((r) => setTimeout(r, 0));
  const fireTimers = () => {
    const due = [...timers.values()];
    timers.clear();
    for (const t of due) t.fn();
  };
  return { loop, calls, timers, data, phases, flush, fireTimers };
}

describe('monitor poll loop', () => {
  it('asks with the status eventNo, then with each answer’s eventNo, reporting data', async () => {
    const h = harness();
    h.loop.start(100);
    expect(h.calls.map((c) => c.eventNo)).toEqual([100]);
    h.calls[0]!.answer({ kind: 'answer', eventNo: 130, uids: ['p1'] });
    await h.flush();
    expect(h.data).toEqual([{ uids: ['p1'], eventNo: 130 }]);
    expect(h.calls.map((c) => c.eventNo)).toEqual([100, 130]);
    expect(h.loop.phase).toBe('polling');
  });

  it('asks again at once after an empty answer, without reporting data', async () => {
    const h = harness();
    h.loop.start(5);
    h.calls[0]!.answer({ kind: 'answer', eventNo: 5, uids: [] });
    await h.flush();
    expect(h.data).toEqual([]);
    expect(h.calls.map((c) => c.eventNo)).toEqual([5, 5]);
  });

  it('never goes back to an older eventNo', async () => {
    const h = harness();
    h.loop.start(50);
    h.calls[0]!.answer({ kind: 'answer', eventNo: 40, uids: [] });
    await h.flush();
    expect(h.calls[1]!.eventNo).toBe(50);
  });

  it('waits 5 s after a failure, then asks again', async () => {
    const h = harness();
    h.loop.start(1);
    h.calls[0]!.answer({ kind: 'failed' });
    await h.flush();
    expect(h.loop.phase).toBe('waiting');
    expect(h.calls).toHaveLength(1);
    expect([...h.timers.values()].map((t) => t.ms)).toEqual([5000]);
    h.fireTimers();
    await h.flush();
    expect(h.calls).toHaveLength(2);
    expect(h.loop.phase).toBe('polling');
  });

  it('treats a thrown poll as a failure', async () => {
    const h = harness();
    const loop = createPollLoop({
      poll: () => Promise.reject(new Error('boom')),
      onData: () => undefined,
      setTimer: (fn, ms) => h.timers.set(1, { fn, ms }),
      clearTimer: () => undefined,
    });
    loop.start(1);
    await h.flush();
    expect(loop.phase).toBe('waiting');
  });

  it('stops retrying when the user leaves during the wait', async () => {
    const h = harness();
    h.loop.start(1);
    h.calls[0]!.answer({ kind: 'failed' });
    await h.flush();
    h.loop.stop();
    expect(h.timers.size).toBe(0);
    expect(h.loop.phase).toBe('stopped');
    await h.flush();
    expect(h.calls).toHaveLength(1);
  });

  it('aborts the request out when the user leaves, and does nothing with its answer', async () => {
    const h = harness();
    h.loop.start(1);
    h.loop.stop();
    expect(h.calls[0]!.signal.aborted).toBe(true);
    await h.flush();
    expect(h.calls).toHaveLength(1);
    expect(h.timers.size).toBe(0);
    expect(h.data).toEqual([]);
  });

  it('ignores data that arrives after stop', async () => {
    const h = harness();
    const loop = createPollLoop({
      poll: () => Promise.resolve({ kind: 'answer', eventNo: 9, uids: ['p'] }),
      onData: (uids, eventNo) => h.data.push({ uids, eventNo }),
      setTimer: () => 0,
      clearTimer: () => undefined,
    });
    loop.start(1);
    loop.stop();
    await h.flush();
    expect(h.data).toEqual([]);
  });

  it('ends for good on 403: no retry, phase forbidden', async () => {
    const h = harness();
    h.loop.start(1);
    h.calls[0]!.answer({ kind: 'forbidden' });
    await h.flush();
    expect(h.loop.phase).toBe('forbidden');
    expect(h.timers.size).toBe(0);
    expect(h.calls).toHaveLength(1);
    h.loop.stop();
    expect(h.loop.phase).toBe('forbidden');
  });

  it('stops when the session is gone (the API client sends the user to sign in)', async () => {
    const h = harness();
    h.loop.start(1);
    h.calls[0]!.answer({ kind: 'unauthorized' });
    await h.flush();
    expect(h.loop.phase).toBe('stopped');
    expect(h.calls).toHaveLength(1);
  });

  it('starts once', () => {
    const h = harness();
    h.loop.start(1);
    h.loop.start(2);
    expect(h.calls).toHaveLength(1);
  });

  it('reports its phases in order', async () => {
    const h = harness();
    h.loop.start(1);
    h.calls[0]!.answer({ kind: 'failed' });
    await h.flush();
    h.fireTimers();
    await h.flush();
    h.loop.stop();
    expect(h.phases).toEqual(['polling', 'waiting', 'polling', 'stopped']);
  });
});
