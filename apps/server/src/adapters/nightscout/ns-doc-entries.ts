import { sql, type SQL } from 'drizzle-orm';
import { TRENDS } from '@cgm/domain';
import { IMPORTED_SERIAL_PREFIX, SG_UPLOADED } from '../../patient-data';
import { OWN_DEVICE_SQL } from './ns-doc-sql';

// Sensor readings as Nightscout sgv entries: the portal's own realtime readings and the imported
// ones (source serial 'import:…') with a value, read from the hour blocks; readings of Nightscout
// documents are the documents. Ids are stable (serial and seq); an imported reading names its
// device, and its srvModified is when it arrived.

/** Which hour blocks can hold the entries a query asks for (anything else is filtered later). */
export interface DocWindow {
  from?: number;
  to?: number;
  /** v3 history: only hours with a realtime or imported reading received after this (ms). */
  receivedAfter?: number;
  /** Only stored entries with one of these `_id`s or identifiers (the portal's own are all read). */
  keys?: readonly string[];
}

const DIRECTION_CASE = sql.raw(
  `case r.rate ${TRENDS.map((t) => `when ${t.rate} then '${t.direction}'`).join(' ')} else 'NONE' end`,
);

/** The sgv entries (columns of a document row: ns-documents.ts). */
export function ownEntriesSql(patientId: string, w: DocWindow): SQL {
  const realtime = sql.raw(`r.flags & ${SG_UPLOADED} = 0`);
  const imported = sql.raw(`s.serial like '${IMPORTED_SERIAL_PREFIX}%'`);
  const device = sql`case when ${realtime} then ${OWN_DEVICE_SQL}
    else substr(s.serial, ${sql.raw(String(IMPORTED_SERIAL_PREFIX.length + 1))}) end`;
  const iso = sql.raw(`to_char(r.time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
  const rid = sql.raw(`substr(md5(s.serial || ':' || r.seq::text), 1, 24)`);
  const prune = [
    w.from !== undefined ? sql`and b.hour >= ${Math.floor(w.from / 3_600_000)}` : sql``,
    w.to !== undefined ? sql`and b.hour <= ${Math.floor(w.to / 3_600_000)}` : sql``,
    w.receivedAfter !== undefined ? sql`and b.realtime_received_ms > ${w.receivedAfter}` : sql``,
  ];
  return sql`select ${rid}, -1, ${rid}, r.time,
      jsonb_build_object('_id', ${rid}, 'type', 'sgv', 'sgv', round(r.mgdl::numeric)::int,
        'date', (extract(epoch from r.time) * 1000)::bigint, 'dateString', ${iso}, 'sysTime', ${iso},
        'direction', ${DIRECTION_CASE}, 'trend', coalesce(r.rate, 0), 'device', ${device},
        'utcOffset', r.utc_offset_min, 'identifier', ${rid}),
      r.received_ms, r.received_ms, false
    from sg_blocks b
    cross join lateral sg_block_rows(b.packed) r
    join sg_sources s on s.patient_id = b.patient_id and s.no = r.no
    where b.patient_id = ${patientId} ${sql.join(prune, sql` `)}
      and (${realtime} or ${imported}) and r.mgdl is not null`;
}
