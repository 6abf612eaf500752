// Chart colours come from CSS custom properties (chart.css), so the charts follow the stylesheet;
// each has a fallback for a page where the stylesheet is missing (print windows, tests).

export const CHART_THEME_VARS = {
  text: ['--chart-text', '#1b2533'],
  muted: ['--chart-muted', '#5a6778'],
  grid: ['--chart-grid', '#e3e8ef'],
  surface: ['--chart-surface', '#ffffff'],
  font: ['--chart-font', 'system-ui, sans-serif'],
  sg: ['--chart-sg', '#1f5fbf'],
  target: ['--chart-target', 'rgba(27, 122, 67, 0.12)'],
  limit: ['--chart-limit', '#8a96a8'],
  calib: ['--chart-calib', '#b42318'],
  bg: ['--chart-bg', '#7c3aed'],
  basal: ['--chart-basal', '#2f8f83'],
  basalFill: ['--chart-basal-fill', 'rgba(47, 143, 131, 0.3)'],
  tempBasal: ['--chart-temp-basal', '#c26a00'],
  tempBasalFill: ['--chart-temp-basal-fill', 'rgba(194, 106, 0, 0.3)'],
  autoModeBasal: ['--chart-auto-basal', '#5b4bc4'],
  autoModeBasalFill: ['--chart-auto-basal-fill', 'rgba(91, 75, 196, 0.35)'],
  suspend: ['--chart-suspend', '#b42318'],
  bolus: ['--chart-bolus', '#0b3d91'],
  alarm: ['--chart-alarm', '#c2410c'],
  newPatch: ['--chart-new-patch', '#1b7a43'],
  stop: ['--chart-stop', '#b42318'],
  flagged: ['--chart-flagged', '#4b5563'],
  sleep: ['--chart-sleep', 'rgba(71, 85, 105, 0.09)'],
} as const;

export type ChartTheme = { -readonly [K in keyof typeof CHART_THEME_VARS]: string };

/** The theme, reading each property through `read` (getComputedStyle in the browser). */
export function readChartTheme(read: (property: string) => string): ChartTheme {
  const out = {} as ChartTheme;
  for (const [key, [property, fallback]] of Object.entries(CHART_THEME_VARS)) {
    out[key as keyof ChartTheme] = read(property).trim() || fallback;
  }
  return out;
}
