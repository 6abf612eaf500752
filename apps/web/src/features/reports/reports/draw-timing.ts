// Drawing time of a report chart, from the moment its parsed data is in hand to the chart in the
// document (layout effect) plus the next frame (painted). Logged, and kept as a performance
// measure (`reports:<kind>:drawn`) so a browser test can read it.

const arrived = new Map<string, number>();

export function markDataArrived(kind: string): void {
  arrived.set(kind, performance.now());
  performance.mark(`reports:${kind}:data`);
}

/** Called once the chart is in the document; returns the ms since the data arrived (null if unknown). */
export function measureDrawn(kind: string, days: number): number | null {
  const start = arrived.get(kind);
  if (start === undefined) return null;
  arrived.delete(kind);
  const inDom = performance.now() - start;
  requestAnimationFrame(() => {
    const painted = performance.now() - start;
    performance.mark(`reports:${kind}:drawn`);
    try {
      performance.measure(`reports:${kind}:drawn`, `reports:${kind}:data`, `reports:${kind}:drawn`);
    } catch {
      // A mark was cleared by the browser: the log line below still says it.
    }
    console.info(
      `[reports] ${kind} for ${days} days drawn ${painted.toFixed(1)} ms after the data arrived (in the document after ${inDom.toFixed(1)} ms)`,
    );
  });
  return inDom;
}
