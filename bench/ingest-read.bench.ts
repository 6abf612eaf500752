// Issue "Device data and live monitoring" targets:
// - ingest of history: at least 20,000 readings per second in batches (PostgreSQL and PGlite);
// - reading 90 days of one patient's readings for a report: at most 30 ms on PostgreSQL (PGlite reported).
import type { DeviceRecord } from '@cgm/contract';
import { storeRecords } from '../apps/server/src/patient-data';
import { readGlucoseSeries } from '../apps/server/src/modules/readings/readings.repository';
import { createUser } from '../apps/server/src/cli/create-user';
import { setPasswordCostForTests } from '../apps/server/src/lib/crypto';
import { benchDatabases, fmt, summarize } from './support';

setPasswordCostForTests(2 ** 10);
const DAYS = 90;
const PER_DAY = 720; // one reading every 2 minutes
const BATCH = 5000;
const start = Date.parse('2026-08-01T00:00:00Z');

function readings(): DeviceRecord[] {
  const out: DeviceRecord[] = [];
  for (let i = 0; i < DAYS * PER_DAY; i++) {
    const mgdl = Math.round(140 + 60 * Math.sin(i / 90) + 20 * Math.sin(i / 7));
    out.push({
      type: 'sg',
      serial: 'TX-BENCH',
      seq: i,
      time: start + i * 120_000,
      utc_offset_min: 120,
      mgdl,
      rate: 4,
    });
  }
  return out;
}

const records = readings();
for (const { label, open } of await benchDatabases()) {
  const database = await open();
  const patientId = await createUser(database.db, {
    username: `bench-${label}@example.com`,
    password: 'Bench#pass9',
    userType: 'P',
    realname: 'Bench Patient',
  });

  const t0 = performance.now();
  for (let i = 0; i < records.length; i += BATCH) {
    await database.db.transaction((tx) =>
      storeRecords(tx, patientId, 'realtime', records.slice(i, i + BATCH)),
    );
  }
  const ingestMs = performance.now() - t0;
  const perSecond = records.length / (ingestMs / 1000);
  console.log(
    `${label}: ingest ${records.length} readings in batches of ${BATCH}: ${fmt(ingestMs, 0)} ms = ${fmt(perSecond, 0)} readings/s (target ≥ 20,000/s)`,
  );

  const from = new Date(start);
  const to = new Date(start + DAYS * 86400_000);
  const samples: number[] = [];
  let n = 0;
  for (let i = 0; i < 25; i++) {
    const s = performance.now();
    n = (await readGlucoseSeries(database.db, patientId, from, to)).time.length;
    samples.push(performance.now() - s);
  }
  const r = summarize(samples.slice(5));
  console.log(
    `${label}: read 90 days (${n} readings): median ${fmt(r.median)} ms, p95 ${fmt(r.p95)} ms (target ≤ 30 ms on PostgreSQL)`,
  );
  await database.close();
}
