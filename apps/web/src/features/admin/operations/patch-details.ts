/**
 * The extra details a patch app reported with a result, as "step: occlusion check · pressure: 31"
 * rather than raw JSON. The keys are the app's own words and are shown as they came; a nested
 * value is written compactly as JSON, as nothing better describes it.
 */
export function detailsText(details: Readonly<Record<string, unknown>> | null | undefined): string {
  if (!details) return '';
  return Object.entries(details)
    .map(([key, value]) => `${key}: ${valueText(value)}`)
    .join(' · ');
}

function valueText(value: unknown): string {
  if (value === null || value === undefined) return '--';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}
