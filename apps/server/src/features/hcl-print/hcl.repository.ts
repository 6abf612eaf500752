import { and, asc, eq, gte, lt, or, sql } from 'drizzle-orm';
import { BASAL_CODES, type BasalSegment, type BolusRecord } from '@cgm/domain';
import type { Db } from '../../platform/db/client';
import { boluses, profiles, users } from '../../platform/db/schema';

/** time int8, offset int2, code index int2, then six float4: duration, rate, delivered, auto basal, correction, food. */
const STRIDE = 36;
const CODES = BASAL_CODES.map((c) => c.code);

/**
 * The compact read of basal rows for a 90-day report (like readings.repository.ts for glucose):
 * 90 days of 6-minute auto-mode samples are ~21,600 rows, so PostgreSQL packs them into one bytea
 * of fixed-width records instead of sending row objects. The code travels as its index in
 * BASAL_CODES (0 = a code this build does not know, dropped), missing auto parts as NaN.
 */
export async function readBasalSegments(
  db: Db,
  patientId: string,
  from: Date,
  to: Date,
): Promise<BasalSegment[]> {
  const codes = sql.join(
    CODES.map((c) => sql`${c}`),
    sql`, `,
  );
  const part = (key: string) => sql.raw(`float4send(coalesce((auto->>'${key}')::float4, 'NaN'::float4))`);
  const result = await db.execute(sql`
    select string_agg(
             int8send((date_part('epoch', time) * 1000)::int8) || int2send(utc_offset_min)
             || int2send(coalesce(array_position(array[${codes}]::text[], code), 0)::int2)
             || float4send(duration_min) || float4send(rate) || float4send(delivered)
             || ${part('auto_basal_delivery')} || ${part('auto_corr_delivery')} || ${part('auto_food_delivery')},
             ''::bytea order by time) as packed
      from basal_segments
     where patient_id = ${patientId} and time >= ${from.toISOString()}::timestamptz and time < ${to.toISOString()}::timestamptz`);
  const packed = ((result as { rows?: Array<{ packed: Uint8Array | null }> }).rows ?? [])[0]?.packed ?? null;
  return decodeBasal(packed);
}

export function decodeBasal(packed: Uint8Array | null): BasalSegment[] {
  if (!packed) return [];
  const view = new DataView(packed.buffer, packed.byteOffset, packed.byteLength);
  const out: BasalSegment[] = [];
  const num = (v: number) => (Number.isNaN(v) ? null : Math.round(v * 1e4) / 1e4);
  for (let at = 0; at + STRIDE <= packed.byteLength; at += STRIDE) {
    const codeIndex = view.getInt16(at + 10);
    if (codeIndex < 1) continue;
    out.push({
      start: Number(view.getBigInt64(at)),
      utcOffsetMin: view.getInt16(at + 8),
      type: CODES[codeIndex - 1]!,
      durationMin: view.getFloat32(at + 12),
      rate: num(view.getFloat32(at + 16)) ?? 0,
      delivered: num(view.getFloat32(at + 20)) ?? 0,
      autoDeliveries: {
        basal: num(view.getFloat32(at + 24)),
        correction: num(view.getFloat32(at + 28)),
        food: num(view.getFloat32(at + 32)),
      },
    });
  }
  return out;
}

/** Boluses are few (a handful a day): an ordinary select. */
export async function readBoluses(db: Db, patientId: string, from: Date, to: Date): Promise<BolusRecord[]> {
  const rows = await db
    .select({
      time: boluses.time,
      utcOffsetMin: boluses.utcOffsetMin,
      code: boluses.code,
      delivered: boluses.delivered,
      extendedDelivered: boluses.extendedDelivered,
      extendedDurationMin: boluses.extendedDurationMin,
    })
    .from(boluses)
    .where(and(eq(boluses.patientId, patientId), gte(boluses.time, from), lt(boluses.time, to)))
    .orderBy(asc(boluses.time));
  return rows.map((b) => ({
    time: b.time.getTime(),
    utcOffsetMin: b.utcOffsetMin,
    code: b.code,
    delivered: b.delivered,
    extendedDelivered: b.extendedDelivered ?? undefined,
    extendedDurationMin: b.extendedDurationMin ?? undefined,
  }));
}

/** The account named by its id or its username (admins may type either). */
export async function findPatient(db: Db, idOrUsername: string, username: string) {
  const rows = await db
    .select({
      id: users.id,
      username: users.username,
      userType: users.userType,
      country: users.country,
      deletedAt: users.deletedAt,
      realname: profiles.realname,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(or(eq(users.id, idOrUsername), eq(users.username, username)))
    .orderBy(sql`${users.id} = ${idOrUsername} desc`)
    .limit(1);
  return rows[0];
}
