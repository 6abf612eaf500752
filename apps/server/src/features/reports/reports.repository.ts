import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import type { GlucoseSeries } from './readings.repository';
import { readDayBlocks } from './day-blocks.repository';
import { decodeGlucose, readGlucoseBlocks } from '../../patient-data';
import { countLocalDays, lastOffsetOf } from './local-day-counts';
import { decodeBasal, decodeFlaggedSg, type BasalColumns, type FlaggedSg } from './packed';
import { sourceFilter, sourcePredicate, type OptionRange } from '../../patient-data';

/** What every report needs to know about the patient before reading data. */
export interface PatientContext {
  exists: boolean;
  country: string;
  settings: { target_low: number; target_high: number; unit: 'mg/dL' | 'mmol/L' } | null;
  /** UTC offset of the newest reading: the patient's local calendar when nothing else tells. */
  latestOffset: number | null;
  options: OptionRange[];
}

export interface SmallRows {
  boluses: BolusRow[];
  bg: BgRow[];
  events: EventRow[];
  alarms: AlarmRow[];
  sessions: SessionRow[];
}
export interface BolusRow {
  time: number;
  utc_offset_min: number;
  code: string;
  set: number;
  delivered: number;
  extended_set: number | null;
  extended_delivered: number | null;
  extended_duration_min: number | null;
  details: Record<string, number | null> | null;
}
export interface BgRow {
  time: number;
  utc_offset_min: number;
  kind: 'calibration' | 'bg';
  mgdl: number;
}
export interface EventRow {
  id: string;
  time: number;
  utc_offset_min: number;
  type: string;
  value: number | null;
  details: Record<string, unknown> | null;
  notes: string | null;
  origin: string;
}
export interface AlarmRow {
  time: number;
  utc_offset_min: number;
  source: 'sensor' | 'pump';
  code: string;
  cleared_at: number | null;
}
export interface SessionRow {
  kind: 'sensor' | 'patch';
  serial: string;
  start: number;
  end: number | null;
  utc_offset_min: number;
  rated_life_hours: number;
}

const ms = (column: string) => sql.raw(`(date_part('epoch', ${column}) * 1000)::int8`);
const iso = (d: number) => new Date(d).toISOString();

async function one<T>(db: Db, query: SQL): Promise<T | undefined> {
  const result = await db.execute(query);
  return ((result as { rows?: T[] }).rows ?? [])[0];
}

/** A basal segment lasts at most a week (ingest contract): the blocks read reach back as far. */
const LONGEST_SEGMENT_MS = 7 * 86_400_000;

/**
 * SQL of the reports. Large series (sensor glucose, basal) are read as day blocks (one bytea of
 * binary records per UTC day, kept by triggers: migration 0005); the rare rows (boluses, meter readings, events, alarms,
 * sessions) as one JSON document per table, all in one statement: one round trip each.
 */
export function createReportsRepository(db: Db) {
  return {
    async context(patientId: string): Promise<PatientContext> {
      const row = await one<{
        country: string | null;
        settings: PatientContext['settings'];
        latest_block: Uint8Array | null;
        options: OptionRange[] | null;
      }>(
        db,
        sql`select
          (select country from users where id = ${patientId}) as country,
          (select json_build_object('target_low', target_low, 'target_high', target_high, 'unit', unit)
             from monitor_settings where patient_id = ${patientId}) as settings,
          (select packed from sg_blocks where patient_id = ${patientId}
             order by hour desc limit 1) as latest_block,
          (select json_agg(json_build_object('option', option, 'kind', kind,
                   'start', ${ms('starts_at')}, 'end', ${ms('ends_at')}))
             from data_options where patient_id = ${patientId}) as options`,
      );
      return {
        exists: row?.country !== null && row?.country !== undefined,
        country: row?.country ?? '',
        settings: row?.settings ?? null,
        latestOffset: row?.latest_block ? lastOffsetOf(row.latest_block) : null,
        options: row?.options ?? [],
      };
    },

    /** Sensor glucose with a value, time-ordered, in the format of readings.repository.ts (decode). */
    async glucose(
      patientId: string,
      from: number,
      to: number,
      options: OptionRange[],
    ): Promise<GlucoseSeries> {
      const blocks = await readGlucoseBlocks(db, patientId, from, to);
      return decodeGlucose(blocks, from, to, sourceFilter(options, 'cgms'));
    },

    /** Every sensor row with its quality flag and display code (the daily report). */
    async glucoseFlagged(
      patientId: string,
      from: number,
      to: number,
      options: OptionRange[],
    ): Promise<FlaggedSg> {
      const blocks = await readGlucoseBlocks(db, patientId, from, to);
      return decodeFlaggedSg(blocks, from, to, sourceFilter(options, 'cgms'));
    },

    /** Basal segments that overlap [from, to), in (start, serial, seq) order. */
    async basal(patientId: string, from: number, to: number, options: OptionRange[]): Promise<BasalColumns> {
      const blocks = await readDayBlocks(db, 'basal_day_blocks', patientId, from - LONGEST_SEGMENT_MS, to);
      return decodeBasal(blocks, from, to, sourceFilter(options, 'pump'));
    },

    /** Boluses, meter readings, events, alarms and sessions of [from, to) (or those named), oldest first. */
    async small(
      patientId: string,
      from: number,
      to: number,
      options: OptionRange[],
      include: ReadonlyArray<keyof SmallRows> = ['boluses', 'bg', 'events', 'alarms', 'sessions'],
    ): Promise<SmallRows> {
      const inRange = (column: string) =>
        sql`${sql.raw(column)} >= ${iso(from)} and ${sql.raw(column)} < ${iso(to)}`;
      const list = (obj: SQL, table: string, where: SQL, order: string) =>
        sql`(select coalesce(json_agg(${obj} order by ${sql.raw(order)}), '[]'::json) from ${sql.raw(table)}
             where patient_id = ${patientId} and ${where})`;
      const parts: Record<keyof SmallRows, SQL> = {
        boluses: list(
          sql`json_build_object('time', ${ms('time')}, 'utc_offset_min', utc_offset_min, 'code', code, 'set', "set",
                'delivered', delivered, 'extended_set', extended_set, 'extended_delivered', extended_delivered,
                'extended_duration_min', extended_duration_min, 'details', details)`,
          'boluses',
          sql`${inRange('time')} and ${sourcePredicate(options, 'pump', 'time')}`,
          'time',
        ),
        bg: list(
          sql`json_build_object('time', ${ms('time')}, 'utc_offset_min', utc_offset_min, 'kind', kind, 'mgdl', mgdl)`,
          'bg_readings',
          sql`${inRange('time')} and ${sourcePredicate(options, 'cgms', 'time')}`,
          'time',
        ),
        events: list(
          sql`json_build_object('id', id, 'time', ${ms('time')}, 'utc_offset_min', utc_offset_min, 'type', event_type,
                'value', value, 'details', details, 'notes', notes, 'origin', origin)`,
          'events',
          sql`${inRange('time')} and deleted_at is null`,
          'time, id',
        ),
        alarms: list(
          sql`json_build_object('time', ${ms('time')}, 'utc_offset_min', utc_offset_min, 'source', device_source,
                'code', code, 'cleared_at', ${ms('cleared_at')})`,
          'alarms',
          sql`${inRange('time')} and ((device_source = 'sensor' and ${sourcePredicate(options, 'cgms', 'time')})
                or (device_source = 'pump' and ${sourcePredicate(options, 'pump', 'time')}))`,
          'time',
        ),
        sessions: list(
          sql`json_build_object('kind', kind, 'serial', serial, 'start', ${ms('started_at')}, 'end', ${ms('ended_at')},
                'utc_offset_min', utc_offset_min, 'rated_life_hours', rated_life_hours)`,
          'device_sessions',
          sql`${inRange('started_at')} and ((kind = 'sensor' and ${sourcePredicate(options, 'cgms', 'started_at')})
                or (kind = 'patch' and ${sourcePredicate(options, 'pump', 'started_at')}))`,
          'started_at',
        ),
      };
      const row = await one<Partial<SmallRows>>(
        db,
        sql`select ${sql.join(
          include.map((k) => sql`${parts[k]} as ${sql.raw(k)}`),
          sql`, `,
        )}`,
      );
      return { boluses: [], bg: [], events: [], alarms: [], sessions: [], ...row };
    },

    /**
     * Readings per local date (each reading's own offset) and source of [from, to), for the data
     * map: one per instant, C and CX left out, as the reports count them; with the gaps between
     * each source's consecutive readings counted by class (domain gapClassOf), from which a source
     * of unknown interval gets its interval as the reports infer it.
     */
    async dayCounts(
      patientId: string,
      from: number,
      to: number,
      options: OptionRange[],
    ): Promise<Array<{ day: number; src: number; count: number; gaps: [number, number, number, number] }>> {
      const blocks = await readGlucoseBlocks(db, patientId, from, to);
      return countLocalDays(blocks, from, to, sourceFilter(options, 'cgms'));
    },

    /** The PDM settings in force at `at` (default: the newest) and the times of the last changes. */
    async pdmSettings(patientId: string, at: number | undefined) {
      const before = at === undefined ? sql`true` : sql`time <= ${iso(at)}`;
      return one<{
        current: { settings: unknown; serial: string; time: number; source: 'realtime' | 'uploaded' } | null;
        changes: number[] | null;
      }>(
        db,
        sql`select
          (select json_build_object('settings', settings, 'serial', serial, 'time', ${ms('time')}, 'source', source)
             from pdm_settings where patient_id = ${patientId} and ${before} order by time desc limit 1) as current,
          (select json_agg(t order by t desc) from (select ${ms('time')} as t from pdm_settings
             where patient_id = ${patientId} and ${before} order by time desc limit 20) c) as changes`,
      );
    },
  };
}

export type ReportsRepository = ReturnType<typeof createReportsRepository>;
