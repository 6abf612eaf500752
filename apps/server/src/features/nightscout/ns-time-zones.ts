// The clocks of Nightscout profiles (their `timezone`): an IANA zone, whose UTC offset changes
// with daylight saving, or a fixed offset.

const MIN = 60_000;

const formatters = new Map<string, Intl.DateTimeFormat | null>();
function formatter(zone: string): Intl.DateTimeFormat | null {
  if (!formatters.has(zone)) {
    // Zone names come from uploads: the cache stays small whatever a client sends.
    if (formatters.size > 500) formatters.clear();
    let f: Intl.DateTimeFormat | null = null;
    try {
      f = new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      });
    } catch {
      f = null;
    }
    formatters.set(zone, f);
  }
  return formatters.get(zone) ?? null;
}

/** The UTC offset (minutes) of an IANA zone at an instant; null for a zone this runtime does not know. */
export function zoneOffsetAt(zone: string, ms: number): number | null {
  const f = formatter(zone);
  if (!f) return null;
  const parts = f.formatToParts(new Date(ms));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour') % 24,
    get('minute'),
    get('second'),
  );
  return Math.round((wall - Math.floor(ms / 1000) * 1000) / MIN);
}

/**
 * A profile's `timezone`: an IANA zone (Loop writes "ETC/GMT+2" for "Etc/GMT+2", which Nightscout
 * corrects too) or a fixed "GMT-07:00"; null when it is neither.
 */
export function zoneOf(v: unknown): { zone: string } | { offset: number } | null {
  if (typeof v !== 'string' || v.trim() === '' || v.length > 64) return null;
  const name = v.trim().replace(/^etc\//i, 'Etc/');
  const fixed = /^(?:GMT|UTC)\s*([+-])(\d{1,2})(?::?(\d{2}))?$/i.exec(name);
  if (fixed) {
    const offset = (fixed[1] === '-' ? -1 : 1) * (Number(fixed[2]) * 60 + Number(fixed[3] ?? 0));
    return Math.abs(offset) <= 14 * 60 ? { offset } : null;
  }
  return formatter(name) ? { zone: name } : null;
}
