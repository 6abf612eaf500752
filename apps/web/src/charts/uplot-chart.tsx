import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import './chart.css';
import { readChartTheme, type ChartTheme } from './theme';

export interface ChartOptionsInput {
  width: number;
  height: number;
  theme: ChartTheme;
}

export interface UPlotChartProps {
  data: uPlot.AlignedData;
  /** Builds the options for a size and the theme; keep it stable (useMemo/useCallback): a new one rebuilds the chart. */
  options: (input: ChartOptionsInput) => uPlot.Options;
  /** Height in CSS pixels for the container's width; keep it stable too. */
  height: (width: number) => number;
  /** What the chart shows, for screen readers; describedBy points at a text summary. */
  label: string;
  describedBy?: string;
  /** The x value under the pointer, or null when the pointer leaves. */
  onCursor?: (x: number | null) => void;
}

const MIN_WIDTH = 240;

/**
 * A uPlot chart that fills its container's width: resized by a ResizeObserver, given new data
 * without being rebuilt, rebuilt when its options change, destroyed on unmount. Colours come from
 * the CSS custom properties of chart.css.
 */
export function UPlotChart({ data, options, height, label, describedBy, onCursor }: UPlotChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const latestData = useRef(data);
  const cursor = useRef(onCursor);

  useEffect(() => {
    cursor.current = onCursor;
  }, [onCursor]);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const style = getComputedStyle(el);
    const theme = readChartTheme((p) => style.getPropertyValue(p));
    const size = () => {
      const width = Math.max(MIN_WIDTH, Math.floor(el.clientWidth));
      return { width, height: Math.round(height(width)) };
    };
    const opts = options({ ...size(), theme });
    const report = (u: uPlot) => {
      const left = u.cursor.left ?? -1;
      cursor.current?.(left >= 0 ? u.posToVal(left, 'x') : null);
    };
    opts.hooks = { ...opts.hooks, setCursor: [...(opts.hooks?.setCursor ?? []), report] };
    const u = new uPlot(opts, latestData.current, el);
    plot.current = u;
    const observer = new ResizeObserver(() => {
      const next = size();
      if (next.width !== u.width || next.height !== u.height) u.setSize(next);
    });
    observer.observe(el);
    return () => {
      observer.disconnect();
      u.destroy();
      if (plot.current === u) plot.current = null;
    };
  }, [options, height]);

  useEffect(() => {
    latestData.current = data;
    plot.current?.setData(data);
  }, [data]);

  return (
    <div
      ref={box}
      className="uchart"
      role="img"
      aria-label={label}
      aria-describedby={describedBy}
      onMouseLeave={() => cursor.current?.(null)}
    />
  );
}
