import type { RefObject } from 'react';
import { axisLabels, type AxisLabel, type AxisRoom } from './axis-labels';
import { useLabelWidths } from './use-label-widths';

// The axis labels a chart prints, measured in the font they are drawn in: the one path from a
// chart's label texts to the labels it prints (svg-charts.tsx, the reports' day bars).

/** Labels grouped (days by year), with each label's longer form for where it opens a group. */
export interface LabelGroups {
  /** The group of each point (a day's year). */
  of: readonly (string | number)[];
  /** Each point's label in its longer form ("Jan 3, 2027"). */
  opening: readonly string[];
}

export interface PrintedLabel extends AxisLabel {
  text: string;
}

export function useAxisLabels(
  svg: RefObject<SVGSVGElement | null>,
  xs: readonly number[],
  labels: readonly string[],
  room: AxisRoom,
  groups?: LabelGroups,
): PrintedLabel[] {
  const opening = groups?.opening ?? [];
  // One measurement of both forms, so that a resize measures them together.
  const widths = useLabelWidths(svg, [...labels, ...opening]);
  const shown = axisLabels(
    xs,
    widths.slice(0, labels.length),
    room,
    groups && { of: groups.of, widths: widths.slice(labels.length) },
  );
  return shown.map((l) => ({ ...l, text: (l.opens ? opening[l.index] : labels[l.index]) ?? '' }));
}
