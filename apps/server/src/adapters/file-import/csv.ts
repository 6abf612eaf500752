import type { DateOrder } from './date-order';

/** RFC 4180 CSV (quoted fields, doubled quotes, CRLF), comma or semicolon or tab separated. */
export function parseCsv(text: string): string[][] {
  const src = text.replace(/^\uFEFF/, '');
  const firstLine = src.slice(0, src.indexOf('\n') >>> 0);
  const sep = [',', ';', '\t'].sort((a, b) => firstLine.split(b).length - firstLine.split(a).length)[0]!;
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < src.length; i++) {
    const c = src[i]!;
    if (quoted) {
      if (c === '"' && src[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === sep) {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && src[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length) rows.push([...row, field]);
  return rows.filter((r) => r.some((f) => f.trim() !== ''));
}

/** Epoch ms of a wall-clock time in an IANA zone (CSV exports write local times without a zone). */
export function zonedToUtc(
  parts: [number, number, number, number, number, number],
  timeZone: string,
): number {
  const guess = Date.UTC(parts[0], parts[1] - 1, parts[2], parts[3], parts[4], parts[5]);
  const offsetAt = (ms: number) => {
    const f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    }).formatToParts(new Date(ms));
    const get = (t: string) => Number(f.find((p) => p.type === t)?.value);
    return (
      Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) - ms
    );
  };
  const first = guess - offsetAt(guess);
  return guess - offsetAt(first);
}

/** The zone's UTC offset in minutes at an instant. */
export function offsetMinutes(ms: number, timeZone: string): number {
  const d = new Date(ms);
  const wall = zonedToUtc(
    [
      d.getUTCFullYear(),
      d.getUTCMonth() + 1,
      d.getUTCDate(),
      d.getUTCHours(),
      d.getUTCMinutes(),
      d.getUTCSeconds(),
    ],
    timeZone,
  );
  return Math.round((ms - wall) / 60_000);
}

/** "hh:mm[:ss]" with an optional AM/PM (US exports: "08:15 PM"); [h, m, s] in 24 hours, or null. */
function clock(h: string, m: string, sec: string | undefined, ampm: string | undefined): number[] | null {
  let hour = Number(h);
  if (ampm) {
    // 12 AM is midnight, 12 PM noon; a 12-hour clock has no hour 0 or 13.
    if (hour < 1 || hour > 12) return null;
    const pm = /^p/i.test(ampm);
    hour = (hour % 12) + (pm ? 12 : 0);
  }
  return [hour, Number(m), Number(sec ?? 0)];
}

const ISO_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{1,2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?\s*([AaPp]\.?\s?[Mm]\.?)?$/;
const DMY_TIME =
  /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})[ T,]+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([AaPp]\.?\s?[Mm]\.?)?$/;

/**
 * Epoch ms of a CSV time written in the zone's local time: ISO-like "2026-11-20T08:00:00", or
 * "20-11-2026 13:00" / "11-20-2026 01:00 PM" in the file's date order (date-order.ts decides it;
 * null reads ISO times only); null when unreadable.
 */
export function localTime(s: string, tz: string, order: DateOrder | null): number | null {
  const iso = ISO_TIME.exec(s.trim());
  const dmy = iso ? null : DMY_TIME.exec(s.trim());
  let date: number[] | null = null;
  let time: number[] | null = null;
  if (iso) {
    date = [+iso[1]!, +iso[2]!, +iso[3]!];
    time = clock(iso[4]!, iso[5]!, iso[6], iso[7]);
  } else if (dmy && order) {
    const [a, b] = [+dmy[1]!, +dmy[2]!];
    date = [+dmy[3]!, order === 'dmy' ? b : a, order === 'dmy' ? a : b];
    time = clock(dmy[4]!, dmy[5]!, dmy[6], dmy[7]);
  }
  if (!date || !time) return null;
  const p = [...date, ...time] as [number, number, number, number, number, number];
  if (p[1] < 1 || p[1] > 12 || p[2] < 1 || p[2] > 31 || p[3] > 23 || p[4] > 59 || p[5] > 59) return null;
  return zonedToUtc(p, tz);
}

/** A number as CSV exports write it (a decimal comma too); null when empty or not a number. */
export function csvNumber(v: string | undefined): number | null {
  const n = Number(String(v ?? '').replace(',', '.'));
  return v !== undefined && v.trim() !== '' && Number.isFinite(n) ? n : null;
}
