import type {
  ChartDataKind,
  DataReportRequest,
  DataReportResponse,
  DdResponse,
  DsResponse,
  LgbResponse,
  OlResponse,
  ReportEnvelope,
  ReportQuery,
  TaResponse,
} from '@cgm/contract';
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../platform/context';
import { cgmBundle } from './fhir-bundle';
import type { Actor } from '../../platform/http/auth';
import { assertMayAccessPatient } from '../../access/patient-data';
import { buildDd } from './build-daily';
import { buildLgb } from './build-logbook';
import { buildDashboard, buildDs, buildOl, buildSegment, buildTa } from './build-summary';
import { basalSegments, bolusRecords, glucoseInput, insulinDays, type GlucoseInput } from './report-input';
import {
  displayUnitOf,
  localRange,
  RANGE_LIMIT,
  thresholdsOf,
  type LocalRange,
  type Thresholds,
} from './report-range';
import { createReportsRepository, type BolusRow, type PatientContext } from './reports.repository';
import type { GlucoseSeries } from './readings.repository';
import { intervalsOf } from '../../patient-data';
import type { FlaggedSg } from './packed';
import type { DailyInsulin } from '@cgm/domain';

interface Loaded {
  context: PatientContext;
  range: LocalRange;
  thresholds: Thresholds;
  validOnly: boolean;
  offset: number;
}

interface ChartAnswers {
  ds: DsResponse;
  dd: DdResponse;
  ol: OlResponse;
  ta: TaResponse;
  lgb: LgbResponse;
}

/**
 * Flagged sensor rows as the statistics read them (as decodeGlucose gives them): those with a
 * value, C and CX left out (calibration states, CLINICAL.md), each with its source's interval.
 */
function valuesOf(sg: FlaggedSg): GlucoseSeries {
  // Plain loops into typed arrays: 14 days are 10,000 readings, and every report call does this.
  const n = sg.time.length;
  const time = new Float64Array(n);
  const mgdl = new Float64Array(n);
  const utcOffsetMin = new Int16Array(n);
  const source = new Uint16Array(n);
  let k = 0;
  for (let i = 0; i < n; i++) {
    const v = sg.mgdl[i];
    const q = sg.quality[i];
    if (v === null || v === undefined || q === 'C' || q === 'CX') continue;
    time[k] = sg.time[i]!;
    mgdl[k] = v;
    utcOffsetMin[k] = sg.utcOffsetMin[i]!;
    source[k] = sg.source[i]!;
    k++;
  }
  const times = time.slice(0, k);
  return {
    time: times,
    mgdl: mgdl.slice(0, k),
    utcOffsetMin: utcOffsetMin.slice(0, k),
    intervalMin: intervalsOf(times, source.slice(0, k)),
  };
}

/**
 * The reports (spec §1, §3 statistics, §7 chart data and data/{id}): the range is checked against
 * its view's limit, the data are read through the compact path with the patient's data options,
 * and every figure is computed by @cgm/domain. The route guard has already applied the consent
 * policy; the service checks again, as every service reading patient data does.
 */
export function createReportsService(ctx: AppContext) {
  const repo = createReportsRepository(ctx.readDb);

  async function load(
    actor: Actor,
    patientId: string,
    q: Pick<ReportQuery, 'from' | 'to' | 'target_low' | 'target_high' | 'auc_above' | 'auc_below'>,
    validOnly: boolean,
    maxDays: number,
  ): Promise<Loaded> {
    const range = localRange(q.from, q.to, maxDays);
    // Asked together (one round trip less); nothing read is used unless access is granted.
    const [, context] = await Promise.all([
      assertMayAccessPatient(ctx.db, actor, patientId, 'read'),
      repo.context(patientId),
    ]);
    return {
      context,
      range,
      thresholds: thresholdsOf(context, q),
      validOnly,
      offset: context.latestOffset ?? 0,
    };
  }

  function envelope(patientId: string, l: Loaded, g: GlucoseInput): ReportEnvelope {
    return {
      error: 0,
      patient: patientId,
      from: l.range.from,
      to: l.range.to,
      from_ms: g.fromMs,
      to_ms: g.toMs,
      unit: 'mg/dL',
      display_unit: displayUnitOf(l.context),
      valid_days_only: l.validOnly,
      thresholds: l.thresholds,
      coverage: g.coverage,
    };
  }

  async function glucose(patientId: string, l: Loaded): Promise<GlucoseInput> {
    const series = await repo.glucose(patientId, l.range.fetchFrom, l.range.fetchTo, l.context.options);
    return glucoseInput(series, l.range, l.validOnly, l.offset);
  }

  /**
   * Glucose and insulin per local date, the three reads at once (separate pool connections on
   * PostgreSQL). Insulin keeps valid days only when the report asks for them.
   */
  async function glucoseAndInsulin(
    patientId: string,
    l: Loaded,
    bolusRows?: Promise<BolusRow[]>,
  ): Promise<[GlucoseInput, DailyInsulin[]]> {
    const { fetchFrom, fetchTo } = l.range;
    const [g, basal, boluses] = await Promise.all([
      glucose(patientId, l),
      repo.basal(patientId, fetchFrom, fetchTo, l.context.options),
      bolusRows ??
        repo.small(patientId, fetchFrom, fetchTo, l.context.options, ['boluses']).then((s) => s.boluses),
    ]);
    const keep = l.validOnly ? (day: string) => g.valid.has(day) : null;
    return [g, insulinDays(basalSegments(basal), bolusRecords(boluses), l.range, keep)];
  }

  const chart: { [K in ChartDataKind]: (patientId: string, l: Loaded) => Promise<ChartAnswers[K]> } = {
    async ds(patientId, l) {
      const [g, insulin] = await glucoseAndInsulin(patientId, l);
      return { ...envelope(patientId, l, g), report_data: buildDs(g, l.thresholds, insulin) };
    },
    async dd(patientId, l) {
      const { fetchFrom, fetchTo } = l.range;
      const [sg, basal, small] = await Promise.all([
        repo.glucoseFlagged(patientId, fetchFrom, fetchTo, l.context.options),
        repo.basal(patientId, fetchFrom, fetchTo, l.context.options),
        repo.small(patientId, fetchFrom, fetchTo, l.context.options),
      ]);
      const g = glucoseInput(valuesOf(sg), l.range, l.validOnly, l.offset);
      const insulin = insulinDays(basalSegments(basal), bolusRecords(small.boluses), l.range, null);
      return {
        ...envelope(patientId, l, g),
        report_data: buildDd(g, sg, basal, small, insulin, l.thresholds, l.offset),
      };
    },
    async ol(patientId, l) {
      const g = await glucose(patientId, l);
      return { ...envelope(patientId, l, g), report_data: buildOl(g) };
    },
    async ta(patientId, l) {
      const g = await glucose(patientId, l);
      return { ...envelope(patientId, l, g), report_data: buildTa(g, l.thresholds) };
    },
    async lgb(patientId, l) {
      const { fetchFrom, fetchTo } = l.range;
      const small = repo.small(patientId, fetchFrom, fetchTo, l.context.options, ['boluses', 'bg', 'events']);
      const [g, insulin] = await glucoseAndInsulin(
        patientId,
        l,
        small.then((s) => s.boluses),
      );
      const data = buildLgb(g, await small, insulin, l.range);
      if (l.validOnly) data.days = data.days.filter((d) => g.valid.has(d.day));
      return { ...envelope(patientId, l, g), report_data: data };
    },
  };

  return {
    async chartData<K extends ChartDataKind>(
      actor: Actor,
      patientId: string,
      kind: K,
      q: ReportQuery,
    ): Promise<ChartAnswers[K]> {
      // The daily report shows every date asked for: "valid days only" does not apply to it.
      const validOnly = kind !== 'dd' && q.valid_days_only === 'true';
      const l = await load(actor, patientId, q, validOnly, RANGE_LIMIT[kind]);
      return chart[kind](patientId, l);
    },

    /**
     * The period as an HL7 FHIR R4 Bundle (CGM Implementation Guide, fhir-bundle.ts): the summary
     * report's figures (ds) and the readings it counted, so the file and the screen agree.
     */
    async fhir(actor: Actor, patientId: string, q: ReportQuery): Promise<Record<string, unknown>> {
      const l = await load(actor, patientId, q, q.valid_days_only === 'true', RANGE_LIMIT.ds);
      const [g, insulin] = await glucoseAndInsulin(patientId, l);
      const ds = buildDs(g, l.thresholds, insulin);
      return cgmBundle({
        patient: { id: patientId, portal: ctx.config.PUBLIC_URL },
        from: l.range.from,
        to: l.range.to,
        stats: ds.stats,
        daysWithData: ds.days_with_data,
        sensorWear: ds.sensor_wear,
        readings: g.used,
        generatedAt: ctx.clock.now().getTime(),
        newId: randomUUID,
      });
    },

    async dataReport(actor: Actor, patientId: string, body: DataReportRequest): Promise<DataReportResponse> {
      const l = await load(actor, patientId, body, body.valid_days_only, RANGE_LIMIT.dashboard);
      const wantsDashboard = body.reports.includes('dashboard');
      const [g, insulin] = wantsDashboard
        ? await glucoseAndInsulin(patientId, l)
        : [await glucose(patientId, l), []];
      const out: DataReportResponse = { ...envelope(patientId, l, g), report_data: {} };
      if (wantsDashboard) out.report_data.dashboard = buildDashboard(g, l.thresholds, insulin);
      if (body.reports.includes('segment')) out.report_data.segment = buildSegment(g);
      return out;
    },
  };
}
