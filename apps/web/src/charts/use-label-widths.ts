import { useLayoutEffect, useState, type RefObject } from 'react';

// The widths of a chart's axis labels in chart units, measured in the font the page gives them
// (larger on a phone, see svg-charts.css), so that the axis can print only the labels that fit.

/** Chart units per character of the wide layout's 11-unit font: an estimate before measuring. */
const ESTIMATE_PER_CHAR = 11 * 0.62;

export function estimatedWidths(labels: readonly string[]): number[] {
  return labels.map((l) => l.length * ESTIMATE_PER_CHAR);
}

/**
 * Measured after layout and before paint, again whenever the chart changes size (crossing the
 * phone breakpoint changes the font); the estimate stands where nothing can be measured (a test).
 */
export function useLabelWidths(svg: RefObject<SVGSVGElement | null>, labels: readonly string[]): number[] {
  // The labels' text as the effect's dependency: a new array of the same labels measures nothing.
  const key = JSON.stringify(labels);
  const [measured, setMeasured] = useState<{ key: string; widths: number[] } | null>(null);
  useLayoutEffect(() => {
    const element = svg.current;
    if (!element) return;
    const measure = () => {
      const widths = measureLabels(element, JSON.parse(key) as string[]);
      if (!widths) return;
      setMeasured((old) => (old?.key === key && same(old.widths, widths) ? old : { key, widths }));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [svg, key]);
  return measured?.key === key ? measured.widths : estimatedWidths(labels);
}

let canvas: HTMLCanvasElement | null = null;

function measureLabels(svg: SVGSVGElement, labels: readonly string[]): number[] | null {
  const sample = svg.querySelector('.svg-chart__axis');
  if (!sample) return null;
  canvas ??= document.createElement('canvas');
  const context = canvas.getContext?.('2d');
  if (!context) return null;
  const style = getComputedStyle(sample);
  // In the SVG a CSS pixel of font size is a chart unit, so the widths come out in chart units.
  context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  return labels.map((l) => Math.ceil(context.measureText(l).width));
}

function same(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}
