import type { MonitorGlucoseChange } from '@cgm/contract';
import { MONITOR_RETRY_MS } from '@cgm/domain';

// The live monitor's long poll (spec §4 "Live monitor", §9 "Timing"): ask with the last eventNo,
// and on an answer ask again at once with the answer's eventNo; after a failure wait 5 s and ask
// again, but only while the screen is still open (stop() ends the loop, also mid-request or
// mid-wait). A refusal (403) ends it for good: the patient withdrew consent.

export type PollAnswer =
  /**
   * The server answered: the patients with newer data (none after an idle wait), the new eventNo,
   * and for those whose change was readings alone, the readings (issue 21).
   */
  | { kind: 'answer'; eventNo: number; uids: string[]; glucose?: Record<string, MonitorGlucoseChange> }
  | { kind: 'forbidden' }
  | { kind: 'unauthorized' }
  /** Network error, timeout, server error: retry after the wait. */
  | { kind: 'failed' }
  | { kind: 'aborted' };

/**
 * idle: not started; polling: a request is out; waiting: retrying after a failure; forbidden: no
 * access any more; stopped: left the screen or signed out.
 */
export type PollPhase = 'idle' | 'polling' | 'waiting' | 'forbidden' | 'stopped';

export interface PollLoopDeps {
  poll: (eventNo: number, signal: AbortSignal) => Promise<PollAnswer>;
  /**
   * New data for these patients: the screen applies the readings a patient's answer carries, and
   * refetches the status of the others.
   */
  onData: (
    uids: string[],
    eventNo: number,
    glucose: Record<string, MonitorGlucoseChange>,
    /** The eventNo the poll asked with: the readings apply to data as of this number. */
    asked: number,
  ) => void;
  onPhase?: (phase: PollPhase) => void;
  setTimer: (fn: () => void, ms: number) => unknown;
  clearTimer: (handle: unknown) => void;
  retryMs?: number;
}

export interface PollLoop {
  start(eventNo: number): void;
  stop(): void;
  readonly phase: PollPhase;
  readonly eventNo: number;
}

export function createPollLoop(deps: PollLoopDeps): PollLoop {
  const retryMs = deps.retryMs ?? MONITOR_RETRY_MS;
  let phase: PollPhase = 'idle';
  let eventNo = 0;
  let controller: AbortController | null = null;
  let timer: unknown = null;

  const ended = () => phase === 'stopped' || phase === 'forbidden';
  const setPhase = (next: PollPhase) => {
    if (phase === next) return;
    phase = next;
    deps.onPhase?.(next);
  };

  function retryLater(): void {
    setPhase('waiting');
    timer = deps.setTimer(() => {
      timer = null;
      void cycle();
    }, retryMs);
  }

  async function cycle(): Promise<void> {
    if (ended()) return;
    setPhase('polling');
    const mine = new AbortController();
    controller = mine;
    let answer: PollAnswer;
    try {
      answer = await deps.poll(eventNo, mine.signal);
    } catch {
      answer = { kind: 'failed' };
    }
    if (controller === mine) controller = null;
    if (ended()) return;
    switch (answer.kind) {
      case 'answer': {
        const asked = eventNo;
        if (answer.eventNo > eventNo) eventNo = answer.eventNo;
        if (answer.uids.length > 0) deps.onData(answer.uids, eventNo, answer.glucose ?? {}, asked);
        void cycle();
        return;
      }
      case 'forbidden':
        setPhase('forbidden');
        return;
      case 'unauthorized':
        setPhase('stopped');
        return;
      case 'aborted':
      case 'failed':
        retryLater();
        return;
    }
  }

  return {
    start(from: number) {
      if (phase !== 'idle') return;
      eventNo = from;
      void cycle();
    },
    stop() {
      if (ended()) return;
      setPhase('stopped');
      controller?.abort();
      controller = null;
      if (timer !== null) deps.clearTimer(timer);
      timer = null;
    },
    get phase() {
      return phase;
    },
    get eventNo() {
      return eventNo;
    },
  };
}
