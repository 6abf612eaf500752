import { AUTO_MODE_BASAL_TYPE, isStale, sleepSpans } from '@cgm/domain';
import type { ChartData, MonitorStatus, PumpStatus, SensorStatus } from '@cgm/contract';
import type { AppContext } from '../../platform/context';
import type { Actor } from '../../platform/http/auth';
import { assertMayAccessPatient, mayAccessPatient, maySeeCurrentGlucose } from '../../access/patient-data';
import { lastEventNo } from '../../patient-data';
import { createMonitorRepository, type MonitorRepository } from './monitor.repository';
import { autoJson, offsetOf, sgPoints, stateChanges } from './chart-extras';
import { pumpDeliveryFields } from './pump-delivery';
import { readGlucoseChange } from './live-glucose';
import type { LiveChange } from '../../platform/bus/live-bus';

const HOUR = 3600_000;
type Row = Record<string, unknown>;
type Options = Awaited<ReturnType<MonitorRepository['options']>>;
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** The live monitor (spec §3 monitor status, §4 live monitor and staleness). */
export function createMonitorService(ctx: AppContext) {
  const repo = createMonitorRepository(ctx.db);

  /** The bus keeps each patient's latest eventNo current once known, so the database is read once per patient. */
  async function eventNoOf(patientId: string): Promise<number> {
    const known = ctx.bus.latest(patientId);
    if (known > 0) return known;
    const stored = await lastEventNo(ctx.db, patientId);
    ctx.bus.remember(patientId, stored);
    return stored;
  }

  /** The sensor's status and the patient's UTC offset as its newest record says (null without one). */
  async function sensor(
    patientId: string,
    now: number,
    options: Options,
  ): Promise<[SensorStatus | null, number | null]> {
    const [row, sg, session, calibration] = await Promise.all([
      repo.latestStatus(patientId, 'sensor', options),
      repo.latestSg(patientId, options),
      repo.currentSession(patientId, 'sensor', options),
      repo.lastCalibration(patientId, options),
    ]);
    if (!row && !sg) return [null, null];
    const s = (row?.status ?? {}) as Row;
    const updateTime = Math.max(row?.time.getTime() ?? 0, sg?.time ?? 0);
    const open = session && !session.endedAt;
    const status: SensorStatus = {
      status: str(s.status) ?? 'monitoring',
      serial: row?.serial ?? sg?.serial ?? '',
      deviceType: str(s.device_type),
      updateTime,
      glucose: sg?.mgdl ?? null,
      glucoseTime: sg?.time ?? null,
      glucoseRate: sg?.rate ?? num(s.rate),
      quality: sg?.quality ?? null,
      displayCode: sg?.displayCode ?? null,
      batteryPercent: num(s.battery_percent),
      sensorLifetimeTotalCount: num(s.lifetime_total_count),
      sequence: row?.seq ?? null,
      sessionStart: open ? session.startedAt.getTime() : null,
      expiresAt: open ? session.startedAt.getTime() + session.ratedLifeHours * HOUR : null,
      lastCalibration: calibration?.getTime() ?? null,
      stale: isStale(sg?.time ?? updateTime, now),
    };
    return [status, sg?.utcOffsetMin ?? row?.utcOffsetMin ?? null];
  }

  async function pump(patientId: string, now: number, options: Options): Promise<PumpStatus | null> {
    const [row, session, bolus, basal] = await Promise.all([
      repo.latestStatus(patientId, 'pump', options),
      repo.currentSession(patientId, 'patch', options),
      repo.lastBolus(patientId, options),
      repo.latestBasal(patientId, options),
    ]);
    if (!row) return null;
    const s = row.status as Row;
    const basalType = num(s.basal_type);
    const last = s.last_bolus as { time: number; code: string; delivered: number } | null | undefined;
    const lastBolus =
      bolus && (!last || bolus.time.getTime() >= last.time)
        ? {
            time: bolus.time.getTime(),
            code: bolus.code,
            delivered: bolus.delivered + (bolus.extendedDelivered ?? 0),
          }
        : (last ?? null);
    const tempEnds = basal ? basal.time.getTime() + basal.durationMin * 60_000 : 0;
    const open = session && !session.endedAt;
    return {
      state: row.status && typeof s.state === 'number' ? s.state : 0,
      serial: row.serial,
      pdmSerial: session?.pdmSerial ?? null,
      basalType,
      basalRate: num(s.basal_rate),
      AutoModeEnabledNew: s.auto_mode === true || basalType === AUTO_MODE_BASAL_TYPE,
      iob: num(s.iob),
      reservoir: num(s.reservoir_units),
      batteryPercent: num(s.battery_percent),
      patchState: str(s.patch_state),
      mode: str(s.mode),
      suspendTime: num(s.suspend_time),
      ...pumpDeliveryFields(s),
      lastBolus,
      tempBasal:
        basal && (basal.code === 'BART' || basal.code === 'BAAT') && tempEnds > now
          ? { code: basal.code, rate: basal.rate, endsAt: tempEnds }
          : null,
      updateTime: row.time.getTime(),
      patchStart: open ? session.startedAt.getTime() : null,
      expiresAt: open ? session.startedAt.getTime() + session.ratedLifeHours * HOUR : null,
      stale: isStale(row.time.getTime(), now),
    };
  }

  async function chart(patientId: string, st: number, et: number, options: Options): Promise<ChartData> {
    const [c, transmitter] = await Promise.all([
      repo.chart(patientId, new Date(st), new Date(et), options),
      repo.transmitterStates(patientId, new Date(st), new Date(et), options),
    ]);
    const autoTotal = (auto: unknown) => {
      const a = (auto ?? {}) as Row;
      return (
        (num(a.auto_basal_delivery) ?? 0) +
        (num(a.auto_corr_delivery) ?? 0) +
        (num(a.auto_food_delivery) ?? 0)
      );
    };
    return {
      st,
      et,
      sg: sgPoints(c.sg),
      basal: c.basal
        .filter((b) => b.time.getTime() + b.durationMin * 60_000 > st)
        .map((b) => [
          b.time.getTime(),
          b.code,
          b.durationMin,
          b.rate,
          b.delivered,
          autoTotal(b.auto),
          `${b.serial}:${b.seq}`,
          autoJson(b.auto),
        ]),
      bolus: c.bolus.map((b) => [b.time.getTime(), b.code, b.delivered + (b.extendedDelivered ?? 0)]),
      calibRecord: c.calib.map((b) => [b.time.getTime(), b.mgdl, b.kind]),
      sensor_alarm: c.alarm.filter((a) => a.deviceSource === 'sensor').map((a) => [a.time.getTime(), a.code]),
      pump_alarm: c.alarm.filter((a) => a.deviceSource === 'pump').map((a) => [a.time.getTime(), a.code]),
      transmtr: stateChanges(transmitter),
      alarm_display: c.alarm.map((a) => [
        a.time.getTime(),
        a.deviceSource,
        a.code,
        a.clearedAt ? a.clearedAt.getTime() : null,
      ]),
      sleeptime: sleepSpans(st, et, offsetOf(transmitter, c.sg)),
    };
  }

  const reply = (eventNo: number, data: Array<{ uid: string; eventNo: number }>) => ({
    error: 0 as const,
    eventNo: Math.max(eventNo, ...data.map((d) => d.eventNo)),
    data,
  });

  return {
    /** What a change of readings alone brings the followers waiting on the patient (live-glucose.ts). */
    glucoseChange: (patientId: string, change: LiveChange) => readGlucoseChange(ctx.db, patientId, change),

    async status(actor: Actor, patientId: string, hours: number): Promise<MonitorStatus> {
      await assertMayAccessPatient(ctx.db, actor, patientId, 'read');
      const now = ctx.clock.now().getTime();
      // The patient's data options decide which source each device kind shows, as in the reports.
      // The event number is read before the data, so the data is at least as new as it: a wake-up
      // that brings only the readings after that number (live-glucose.ts) leaves nothing out. It
      // is the stored one, not the last one told: a write that changed nothing still moves it
      // (data-events.ts lockPatientData), and the next write names the stored one as its previous.
      const [options, eventNo] = await Promise.all([repo.options(patientId), lastEventNo(ctx.db, patientId)]);
      ctx.bus.remember(patientId, eventNo);
      const [shown, name, [s, utcOffsetMin], p, ch, source] = await Promise.all([
        maySeeCurrentGlucose(ctx.db, actor, patientId),
        repo.patientName(patientId),
        sensor(patientId, now, options),
        pump(patientId, now, options),
        chart(patientId, now - hours * HOUR, now + 60_000, options),
        repo.lastSource(patientId),
      ]);
      return {
        patient: { uid: patientId, realname: name.realname, alias: name.alias },
        data_source: source,
        server_time: now,
        utc_offset_min: utcOffsetMin,
        eventNo,
        // The patient does not show the current value on shared screens: the follower gets none.
        sensor_status: s && !shown ? { ...s, glucose: null, glucoseRate: null, glucoseHidden: true } : s,
        pump_status: p && !shown ? { ...p, wizardGlucose: null } : p,
        chart: ch,
      };
    },

    /**
     * The start of a long poll: consent is checked for every watched patient; if one already has
     * data newer than eventNo the answer is immediate, otherwise the route hands the request to the
     * waiting room (which re-checks consent whenever a patient's access changes).
     */
    async startPoll(actor: Actor, uids: string[], eventNo: number) {
      const unique = [...new Set(uids)];
      for (const uid of unique) await assertMayAccessPatient(ctx.db, actor, uid, 'read');
      const current = await Promise.all(unique.map(async (uid) => ({ uid, eventNo: await eventNoOf(uid) })));
      const newer = current.filter((c) => c.eventNo > eventNo);
      if (newer.length) return { answer: reply(eventNo, newer) } as const;
      return {
        wait: unique,
        mayRead: (uid: string) => mayAccessPatient(ctx.db, actor, uid, 'read'),
      } as const;
    },
  };
}
