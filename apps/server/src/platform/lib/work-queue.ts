/** Thrown when a queue already holds as much waiting work as it accepts. */
export class QueueFullError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('queue full');
  }
}

/**
 * At most `concurrency` jobs run at once; up to `maxWaiting` more wait their turn in order; beyond
 * that a job is refused at once (QueueFullError) instead of piling up memory and latency.
 */
export function createWorkQueue(concurrency: number, maxWaiting: number, retryAfterSeconds = 1) {
  let running = 0;
  const waiting: Array<() => void> = [];
  const next = () => {
    running--;
    waiting.shift()?.();
  };
  const full = () => running >= concurrency && waiting.length >= maxWaiting;
  return {
    /**
     * Refuses at once when a job now would be refused: callers that do other work before their job
     * (database look-ups before a password check) check first, so a refusal costs nothing.
     */
    assertRoom(): void {
      if (full()) throw new QueueFullError(retryAfterSeconds);
    },
    async run<T>(job: () => Promise<T>): Promise<T> {
      if (running >= concurrency) {
        if (full()) throw new QueueFullError(retryAfterSeconds);
        await new Promise<void>((resolve) => waiting.push(resolve));
      }
      running++;
      try {
        return await job();
      } finally {
        next();
      }
    },
    get waiting(): number {
      return waiting.length;
    },
  };
}
