import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  alertsReportResponse,
  API,
  compareQuery,
  compareResponse,
  dataReportRequest,
  dataReportResponse,
  datamapQuery,
  datamapResponse,
  ddResponse,
  deviceSettingsQuery,
  deviceSettingsReportResponse,
  dsResponse,
  errorBody,
  eventsReportResponse,
  lgbResponse,
  olResponse,
  patternsQuery,
  patternsResponse,
  reportQuery,
  routeOf,
  taResponse,
  uid,
  type ChartDataKind,
} from '@cgm/contract';
import type { AppContext } from '../../platform/context';
import { requireActor } from '../../platform/http/auth';
import { createInsightsService } from './insights.service';
import { createReportExtrasService } from './report-extras.service';
import { createReportsService } from './reports.service';
import { reportSerializerCompiler } from './report-serializer';

const CHARTS = {
  ds: { response: dsResponse, summary: 'Summary of the range: statistics and insulin (≤ 90 days)' },
  dd: { response: ddResponse, summary: 'Daily report: each day’s SG, basal, boluses, meter, events, alarms, statistics (≤ 14 days)' },
  ol: { response: olResponse, summary: 'Overlay: each day’s SG on one 0–24 h axis (≤ 14 days)' },
  ta: { response: taResponse, summary: 'Trend analysis: 144-bin daily profile, statistics, daily curves (≤ 90 days)' },
  lgb: { response: lgbResponse, summary: 'Logbook: day × meal period of glucose, carbs, insulin, events (≤ 90 days)' },
} as const; // prettier-ignore

/** Reports (spec §7 chart datamap, chart data ds/dd/ol/ta/lgb, POST data/{id}; report/{id}/…). */
export function registerReportsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const reports = createReportsService(ctx);
  const extras = createReportExtrasService(ctx);
  const insights = createInsightsService(ctx);
  const tags = ['reports'];
  const security = [{ bearer: [] }];
  const params = z.object({ id: uid });
  const refusals = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

  for (const kind of Object.keys(CHARTS) as ChartDataKind[]) {
    r.get(
      routeOf((id) => API.chartData(id, kind)),
      {
        config: { access: { kind: 'patient', action: 'read', op: `reports.${kind}` } },
        serializerCompiler: reportSerializerCompiler,
        schema: {
          tags,
          security,
          summary: CHARTS[kind].summary,
          params,
          querystring: reportQuery,
          response: { 200: CHARTS[kind].response, ...refusals },
        },
      },
      async (req) => reports.chartData(requireActor(req), req.params.id, kind, req.query),
    );
  }

  r.post(
    routeOf(API.dataReport),
    {
      config: { access: { kind: 'patient', action: 'read', op: 'reports.dashboard' } },
      serializerCompiler: reportSerializerCompiler,
      schema: {
        tags,
        security,
        summary: 'Dashboard (every statistic of spec §3) and/or the 48-bin segment view (≤ 90 days)',
        params,
        body: dataReportRequest,
        response: { 200: dataReportResponse, ...refusals },
      },
    },
    async (req) => reports.dataReport(requireActor(req), req.params.id, req.body),
  );

  r.get(
    routeOf(API.chartDatamap),
    {
      config: { access: { kind: 'patient', action: 'read', op: 'reports.datamap' } },
      schema: {
        tags,
        security,
        summary: 'Local dates with sensor data (counts, valid flag), default the last 365 days',
        params,
        querystring: datamapQuery,
        response: { 200: datamapResponse, ...refusals },
      },
    },
    async (req) => extras.datamap(requireActor(req), req.params.id, req.query),
  );

  r.get(
    routeOf(API.reportDeviceSettings),
    {
      config: { access: { kind: 'patient', action: 'read', op: 'reports.deviceSettings' } },
      schema: {
        tags,
        security,
        summary: 'PDM settings for review (spec §3 "Device settings reviewed"), basal pattern totals',
        params,
        querystring: deviceSettingsQuery,
        response: { 200: deviceSettingsReportResponse, ...refusals },
      },
    },
    async (req) => extras.deviceSettings(requireActor(req), req.params.id, req.query.at),
  );

  r.get(
    routeOf(API.reportEvents),
    {
      config: { access: { kind: 'patient', action: 'read', op: 'reports.events' } },
      schema: {
        tags,
        security,
        summary: 'Events of the range with counts per type (≤ 90 days)',
        params,
        querystring: reportQuery,
        response: { 200: eventsReportResponse, ...refusals },
      },
    },
    async (req) => extras.events(requireActor(req), req.params.id, req.query),
  );

  r.get(
    routeOf(API.reportCompare),
    {
      config: { access: { kind: 'patient', action: 'read', op: 'reports.compare' } },
      schema: {
        tags,
        security,
        summary: 'Two periods side by side: statistics, episodes and AGP profile of each (≤ 90 days each)',
        params,
        querystring: compareQuery,
        response: { 200: compareResponse, ...refusals },
      },
    },
    async (req) => insights.compare(requireActor(req), req.params.id, req.query),
  );

  r.get(
    routeOf(API.reportPatterns),
    {
      config: { access: { kind: 'patient', action: 'read', op: 'reports.patterns' } },
      schema: {
        tags,
        security,
        summary:
          'Glucose patterns: recurring lows and highs by time of day, night lows, post-meal highs (≤ 90 days)',
        params,
        querystring: patternsQuery,
        response: { 200: patternsResponse, ...refusals },
      },
    },
    async (req) => insights.patterns(requireActor(req), req.params.id, req.query),
  );

  r.get(
    routeOf(API.reportAlerts),
    {
      config: { access: { kind: 'patient', action: 'read', op: 'reports.alerts' } },
      schema: {
        tags,
        security,
        summary: 'Alarms and alerts of the range with durations and counts per code (≤ 90 days)',
        params,
        querystring: reportQuery,
        response: { 200: alertsReportResponse, ...refusals },
      },
    },
    async (req) => extras.alerts(requireActor(req), req.params.id, req.query),
  );

  r.get(
    routeOf(API.reportFhir),
    {
      config: { access: { kind: 'patient', action: 'read', op: 'reports.fhir' } },
      schema: {
        tags,
        security,
        summary:
          'The range as an HL7 FHIR R4 Bundle (CGM Implementation Guide: summary observations and sensor readings; ≤ 90 days)',
        params,
        querystring: reportQuery,
        response: {
          ...refusals,
          200: z.string().describe('The Bundle (application/fhir+json), as an attachment'),
        },
      },
    },
    async (req, reply) => {
      const bundle = await reports.fhir(requireActor(req), req.params.id, req.query);
      return reply
        .header('content-type', 'application/fhir+json; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="cgm-fhir-${req.query.from}-${req.query.to}.json"`,
        )
        .header('cache-control', 'no-store')
        .send(JSON.stringify(bundle));
    },
  );
}
