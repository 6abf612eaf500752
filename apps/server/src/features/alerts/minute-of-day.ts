/** Minutes after local midnight in `timeZone` (UTC when the zone is unknown). */
export function minuteOfDayIn(timeMs: number, timeZone: string): number {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(timeMs);
  } catch {
    const d = new Date(timeMs);
    return d.getUTCHours() * 60 + d.getUTCMinutes();
  }
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return n('hour') * 60 + n('minute');
}
