// Seeding of the patient-list benchmark: an HCP with PATIENTS accepted patients whose sensor data
// spans up to DAYS days. TEMPLATES patients get their readings through the one write path
// (patient-data storeRecords: hour blocks, hourly and daily counts, sources); every other patient
// is a copy of one of them made in SQL (row for row what the write path wrote for that template),
// so 10,000 patients × 90 days take minutes instead of hours. The copy goes in two steps, the
// newest days first, so the benchmark can measure the same list with more days stored.
//
// Hour blocks are copied for the newest two days only: the list reads a patient's newest block
// (one probe of the primary key read backwards, whatever the history), and 90 days of blocks for
// 10,000 patients are about 10 GB this shared machine cannot spare. The counts, which the list
// reads by hour and day ranges, are copied for every day. The list's summaries are computed for
// the templates by the job's own function and copied with the newest days.
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/platform/db/client';
import { sha256 } from '../apps/server/src/platform/lib/crypto';
import { testConfig } from '../apps/server/src/platform/config';
import { storeRecords } from '../apps/server/src/patient-data';
import { refreshListSummaries } from '../apps/server/src/jobs/list-summaries';

export const PATIENTS = Number(process.env.PATIENTS ?? 10_000);
export const DAYS = Number(process.env.DAYS ?? 90);
export const STEP_MIN = Number(process.env.STEP_MIN ?? 5);
const TEMPLATES = Number(process.env.TEMPLATES ?? 20);
const HOUR = 3_600_000;

/** Days of data of template t: one without data, one with 7 (half the 14-day window), the rest all. */
const daysOf = (t: number) => (t === 1 ? 0 : t === 2 ? 7 : DAYS);
/** How long ago template t's last reading was: 0 to 4 days. */
const agoOf = (t: number) => ((t * 13) % 97) * HOUR;

/** The HCP, the patients with profiles and accepted relations, and the templates' readings. */
export async function seedPatients(
  database: Database,
  token: string,
  now: Date,
  patients = PATIENTS,
): Promise<number> {
  const db = database.db;
  const at = now.toISOString();
  // The HCP has agreed to the current terms (the server asks an account that has not).
  await db.execute(sql`insert into users (id, username, password_hash, user_type, created_by, status, country, language,
      terms_version, terms_accepted_at)
    values ('hcp', 'hcp@bench.test', 'x', 'D', 'cli', 'active', 'GB', 'en', ${testConfig().TERMS_VERSION}, ${at}::timestamptz)`);
  await db.execute(sql`insert into profiles (user_id, realname) values ('hcp', 'Bench Doctor')`);
  await db.execute(sql`insert into sessions (id, user_id, token_hash, kind, expires_at)
    values ('s1', 'hcp', ${sha256(token)}, 'user', ${at}::timestamptz + interval '1 day')`);
  await db.execute(sql`insert into users (id, username, password_hash, user_type, created_by, status, country, language)
    select 'p' || i, 'p' || i || '@bench.test', 'x', 'P', 'register', 'active', 'GB', 'en'
      from generate_series(1, ${patients}) i`);
  await db.execute(sql`insert into profiles (user_id, realname, diabetes_type)
    select 'p' || i, 'Patient ' || lpad(i::text, 5, '0'), case when i % 3 = 0 then 'type2' else 'type1' end
      from generate_series(1, ${patients}) i`);
  await db.execute(sql`insert into relations (id, patient_id, follower_id, follower_type, state, requested_by)
    select 'r' || i, 'p' || i, 'hcp', 'D', 'accepted', 'hcp' from generate_series(1, ${patients}) i`);
  let total = 0;
  for (let t = 1; t <= Math.min(TEMPLATES, patients); t++) {
    const n = Math.round((daysOf(t) * 1440) / STEP_MIN);
    const end = now.getTime() - agoOf(t);
    const records = Array.from({ length: n }, (_, k) => ({
      type: 'sg' as const,
      serial: 'TX',
      seq: k,
      time: end - (n - k) * STEP_MIN * 60_000,
      utc_offset_min: 60,
      mgdl: Math.round(140 + 70 * Math.sin(k / 90 + t) + 25 * Math.sin(k / 7 + t * 3)),
      rate: 4,
    }));
    if (n) await db.transaction((tx) => storeRecords(tx, `p${t}`, 'realtime', records));
    total += n;
  }
  return total;
}

/**
 * Copies the templates' data to every other patient: with `step` 'newest', their sources and
 * newest two days of blocks (the list reads each page's newest readings; its figures come from
 * the summaries, copySummaries); with 'older', nothing more — the templates' own older days are
 * what grows. (Every patient's whole 90 days, 21.6 million blocks, would take long to seed.)
 */
export async function copyTemplates(
  database: Database,
  now: Date,
  step: 'newest' | 'older',
  days: number,
  patients = PATIENTS,
): Promise<void> {
  const db = database.db;
  const templates = Math.min(TEMPLATES, patients);
  // Patient i (beyond the templates) copies template ((i - 1) mod TEMPLATES) + 1.
  const pairs = sql`(select 'p' || i as id, 'p' || ((i - 1) % ${templates}::int + 1) as tpl
                       from generate_series(${templates + 1}::int, ${patients}::int) i) k`;
  if (step === 'newest') {
    await db.execute(sql`insert into sg_sources (patient_id, serial, class, slot, no)
      select k.id, c.serial, c.class, c.slot, c.no from ${pairs} join sg_sources c on c.patient_id = k.tpl`);
    await db.execute(sql`insert into sg_blocks (patient_id, hour, packed, realtime_received_ms)
      select k.id, c.hour, c.packed, c.realtime_received_ms from ${pairs}
        join sg_blocks c on c.patient_id = k.tpl
       where c.hour >= (select max(b.hour) - 48 from sg_blocks b where b.patient_id = k.tpl)`);
  }
}

/**
 * The list's summaries (list-summaries.ts): the job's own function computes the templates' rows
 * from their readings; a copy's data is its template's, so its row is too (a copy has no event
 * number of its own: 0, what the job would store for it). Returns the job's time per patient (ms).
 */
export async function copySummaries(database: Database, now: Date, patients = PATIENTS): Promise<number> {
  const db = database.db;
  const templates = Math.min(TEMPLATES, patients);
  const pairs = sql`(select 'p' || i as id, 'p' || ((i - 1) % ${templates}::int + 1) as tpl
                       from generate_series(${templates + 1}::int, ${patients}::int) i) k`;
  const t0 = performance.now();
  await refreshListSummaries(
    db,
    now,
    Array.from({ length: templates }, (_, i) => `p${i + 1}`),
  );
  const perPatient = (performance.now() - t0) / templates;
  await db.execute(sql`insert into patient_list_summaries
    select k.id, 0, c.window_end, c.last_reading, c.readings, c.wear, c.very_low, c.low, c.in_range, c.high,
           c.very_high, c.gmi, c.gmi_withheld, c.cv, c.previous_in_range, c.mask, c.rank_recent,
           c.rank_no_data, c.computed_at
      from ${pairs} join patient_list_summaries c on c.patient_id = k.tpl`);
  return perPatient;
}
