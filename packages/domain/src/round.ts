// Decimal rounding shared by glucose and insulin display. Half-way cases round away from zero, as
// people do on paper; the small relative nudge stops binary fractions (1.005 is 1.00499…, 0.075
// / 0.05 is 1.4999…) from rounding the wrong way.

const NUDGE = 1 + 1e-12;

export function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  const rounded = Math.round(Math.abs(value) * factor * NUDGE) / factor;
  return value < 0 && rounded !== 0 ? -rounded : rounded;
}

function decimalsOf(step: number): number {
  const text = String(step);
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

/** Round to the nearest multiple of `step` (for example 0.05 U), returned with clean decimals. */
export function roundToStep(value: number, step: number): number {
  const steps = Math.round((Math.abs(value) / step) * NUDGE);
  const rounded = roundTo(steps * step, decimalsOf(step));
  return value < 0 && rounded !== 0 ? -rounded : rounded;
}

export function clamp(value: number, min: number, max: number): number {
  return value < min ? min : value > max ? max : value;
}
