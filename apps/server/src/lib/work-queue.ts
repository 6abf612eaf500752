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
  return {
    async run<T>(job: () => Promise<T>): Promise<T> {
      if (running >= concurrency) {
        if (waiting.length >= maxWaiting) throw new QueueFullError(retryAfterSeconds);
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
