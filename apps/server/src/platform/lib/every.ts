/**
 * Runs `work` now and then every `everyMs` inside the server process, never two runs at once (a
 * run still going when the next tick comes lets that tick pass). A failed run goes to `failed`
 * and is tried again at the next tick. The timer does not keep the process alive. Returns the stop.
 */
export function runEvery(
  everyMs: number,
  work: () => Promise<unknown>,
  failed: (err: unknown) => void,
): () => void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      await work();
    } catch (err) {
      failed(err);
    } finally {
      running = false;
    }
  };
  void run();
  const timer = setInterval(() => void run(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
