// What the write-path benchmark's server side and its client process share: the readings, the
// bodies each API takes, the bare table of the baseline and the messages between the two processes.

/** One sensor reading, in the columns the bare baseline stores. */
export interface Reading {
  patientId: string;
  serial: string;
  seq: number;
  time: number;
  utcOffsetMin: number;
  mgdl: number;
  rate: number;
}

/** A patient's consecutive readings: seq from 0, one every stepMs from t0. */
export interface Timeline {
  patientId: string;
  serial: string;
  t0: number;
  stepMs: number;
}

export function readings(line: Timeline, from: number, count: number): Reading[] {
  return Array.from({ length: count }, (_, k) => {
    const i = from + k;
    return {
      patientId: line.patientId,
      serial: line.serial,
      seq: i,
      time: line.t0 + i * line.stepMs,
      utcOffsetMin: 120,
      mgdl: Math.round(140 + 60 * Math.sin(i / 90) + 20 * Math.sin(i / 7)),
      rate: 4,
    };
  });
}

/** The device ingest API's body. */
export const deviceBody = (rows: Reading[]) =>
  JSON.stringify({
    records: rows.map((r) => ({
      type: 'sg',
      serial: r.serial,
      seq: r.seq,
      time: r.time,
      utc_offset_min: r.utcOffsetMin,
      mgdl: r.mgdl,
      rate: r.rate,
    })),
  });

/** Nightscout `POST /api/v1/entries`: sgv documents as xDrip+ sends them. */
export const nightscoutBody = (rows: Reading[]) =>
  JSON.stringify(
    rows.map((r) => ({
      type: 'sgv',
      sgv: r.mgdl,
      date: r.time,
      dateString: new Date(r.time).toISOString(),
      direction: 'Flat',
      device: r.serial,
    })),
  );

/** The baseline: a plain table with a primary key and the same columns, nothing else. */
export const BARE_TABLE = 'bench_bare_readings';
export const BARE_CREATE = `CREATE TABLE ${BARE_TABLE} (
  patient_id text NOT NULL, serial text NOT NULL, seq bigint NOT NULL, time timestamptz NOT NULL,
  utc_offset_min smallint NOT NULL, mgdl real, rate smallint, PRIMARY KEY (patient_id, serial, seq))`;
export const BARE_ONE = `INSERT INTO ${BARE_TABLE} VALUES ($1, $2, $3, $4, $5, $6, $7)`;
export const BARE_MANY =
  `INSERT INTO ${BARE_TABLE} SELECT * FROM unnest($1::text[], $2::text[], $3::bigint[], ` +
  `$4::timestamptz[], $5::smallint[], $6::real[], $7::smallint[])`;

const iso = (ms: number) => new Date(ms).toISOString();
export const bareOne = (r: Reading) => [
  r.patientId,
  r.serial,
  r.seq,
  iso(r.time),
  r.utcOffsetMin,
  r.mgdl,
  r.rate,
];
export const bareMany = (rows: Reading[]) => [
  rows.map((r) => r.patientId),
  rows.map((r) => r.serial),
  rows.map((r) => r.seq),
  rows.map((r) => iso(r.time)),
  rows.map((r) => r.utcOffsetMin),
  rows.map((r) => r.mgdl),
  rows.map((r) => r.rate),
];

/** Where the client process sends its requests. */
export interface ClientSetup {
  base: string;
  /** The database of the bare baseline (PostgreSQL only; on PGlite the server process runs it). */
  databaseUrl?: string;
  deviceToken: string;
  nightscoutSecretSha1: string;
  device: Timeline;
  nightscout: Timeline;
  /** The Nightscout uploader's readings (same times and values) for the device API, another patient's. */
  sameBatch: Timeline;
  sameBatchToken: string;
}

/**
 * One job: `size` consecutive readings per request, `count` requests one after another, starting
 * at reading `from` of the chosen patient; with `bare`, each request is preceded by the same rows
 * written to the bare table (one INSERT per request) so both run under the same conditions.
 */
export interface Job {
  /** `sameBatch`: the device API with the Nightscout uploader's readings (ClientSetup.sameBatch). */
  api: 'device' | 'nightscout' | 'sameBatch';
  size: number;
  count: number;
  from: number;
  bare: boolean;
  /**
   * Each request followed by the same readings through the device API for the sameBatch patient
   * (line 3): the two APIs measured request by request under the same conditions, so that the
   * machine's drift over a run (its speed varies by a third from minute to minute) falls on both.
   */
  alongside?: true;
}

/** Milliseconds per request (and per bare INSERT), and the readings the API said it stored. */
export interface JobResult {
  http: number[];
  bare: number[];
  stored: number;
  /** The requests `alongside` sent, and the readings they stored. */
  alongsideHttp?: number[];
  alongsideStored?: number;
}

export type ToClient = { type: 'setup'; setup: ClientSetup } | { type: 'job'; job: Job } | { type: 'close' };
export type FromClient =
  { type: 'ready' } | { type: 'done'; result: JobResult } | { type: 'failed'; message: string };
