// Marker shapes drawn on a chart's canvas (bolus, alarm, patch and stop markers), centred on x, y,
// `size` in canvas pixels. Shapes as well as colours tell the markers apart.

export type MarkerShape = 'triangleDown' | 'diamond' | 'circle' | 'square' | 'cross';

export function drawMarker(
  ctx: CanvasRenderingContext2D,
  shape: MarkerShape,
  x: number,
  y: number,
  size: number,
  fill: string,
  stroke?: string,
): void {
  const r = size / 2;
  ctx.beginPath();
  if (shape === 'cross') {
    // Two strokes, no fill: the mark of a reading that is not valid (C/CX).
    ctx.moveTo(x - r, y - r);
    ctx.lineTo(x + r, y + r);
    ctx.moveTo(x - r, y + r);
    ctx.lineTo(x + r, y - r);
    ctx.strokeStyle = fill;
    ctx.lineWidth = Math.max(1.5, size / 4);
    ctx.lineCap = 'round';
    ctx.stroke();
    return;
  }
  switch (shape) {
    case 'triangleDown':
      ctx.moveTo(x - r, y - r);
      ctx.lineTo(x + r, y - r);
      ctx.lineTo(x, y + r);
      ctx.closePath();
      break;
    case 'diamond':
      ctx.moveTo(x, y - r);
      ctx.lineTo(x + r, y);
      ctx.lineTo(x, y + r);
      ctx.lineTo(x - r, y);
      ctx.closePath();
      break;
    case 'circle':
      ctx.arc(x, y, r, 0, 2 * Math.PI);
      break;
    case 'square':
      ctx.rect(x - r * 0.85, y - r * 0.85, r * 1.7, r * 1.7);
      break;
  }
  ctx.fillStyle = fill;
  ctx.fill();
  if (stroke) {
    ctx.strokeStyle = stroke;
    ctx.lineWidth = Math.max(1, size / 8);
    ctx.stroke();
  }
}
