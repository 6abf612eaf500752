import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@cgm/contract';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { createPeople, type People } from '../../../test-support/people';
import { fhirSchemaErrors } from '../../../test-support/fhir-schema';
import { simulate, store, type Loose } from '../../../test-support/reports-fixture';

// The FHIR export over HTTP: the same figures as the summary report (ds) of the same range, every
// reading the report counted, a valid FHIR R4 Bundle, and only for who may read the reports
// (consent: reports-access.int.test.ts).

let t: TestApp;
let p: People;
const FROM = Date.UTC(2025, 0, 6, 5); // local midnight at UTC−5
const range = '?from=2025-01-07&to=2025-01-09';

beforeAll(async () => {
  t = await createTestApp();
  p = await createPeople(t);
  await store(t.ctx.db, p.ids.patient, simulate(1, FROM, 5).records);
}, 120_000);
afterAll(() => t.close());

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const valueOf = (b: Json, code: string) =>
  (b.entry as Json[]).map((e) => e.resource).find((r) => r.code?.coding[0].code === code);

describe('the FHIR export of a range', () => {
  it('gives the summary report’s figures and readings as a valid FHIR R4 CGM bundle', async () => {
    const [fhir, ds] = await Promise.all([
      t.call<Loose>('GET', API.reportFhir(p.ids.patient) + range, { token: p.tokens.carer }),
      t.call<Loose>('GET', API.chartData(p.ids.patient, 'ds') + range, { token: p.tokens.carer }),
    ]);
    expect(fhir.status).toBe(200);
    expect(fhir.raw.headers['content-type']).toContain('application/fhir+json');
    expect(fhir.raw.headers['content-disposition']).toBe('attachment; filename="cgm-fhir-2025-01-07-2025-01-09.json"'); // prettier-ignore
    const b = fhir.body as Json;
    const r = ds.body.report_data as Json;
    const tir = r.stats.time_in_ranges as Json;
    const round2 = (v: number) => Math.round(v * 100) / 100;
    expect(valueOf(b, '106793-3').component.map((c: Json) => c.valueQuantity.value)).toEqual(
      [tir.very_low, tir.low, tir.in_range, tir.high, tir.very_high].map(round2),
    );
    expect(valueOf(b, '97507-8').valueQuantity.value).toBe(Math.round(r.stats.mean * 10) / 10);
    expect(valueOf(b, '104638-2').valueQuantity.value).toBe(round2(r.stats.cv));
    expect(valueOf(b, '104636-6').valueQuantity.value).toBe(r.days_with_data);
    expect(valueOf(b, '104637-4').valueQuantity.value).toBe(round2(r.sensor_wear));
    // Three days are too few for GMI (14 needed): the export says so, as the report withholds it.
    expect(r.stats.gmi).toBeNull();
    expect(valueOf(b, '97506-0').dataAbsentReason.text).toBe(`withheld: ${r.stats.gmi_withheld}`);
    const readings = (b.entry as Json[]).filter((e) => e.resource.code?.coding[0].code === '99504-3');
    expect(readings.length).toBe(r.stats.count);
    expect(readings[0]!.resource.effectiveDateTime).toMatch(/^2025-01-07T00:0\d:\d\d-05:00$/);
    expect(fhirSchemaErrors(b)).toEqual([]);
  });

  it('refuses a range the reports refuse, and a stranger', async () => {
    const long = await t.call<Loose>(
      'GET',
      `${API.reportFhir(p.ids.patient)}?from=2024-01-01&to=2025-01-09`,
      {
        token: p.tokens.patient,
      },
    );
    expect(long.status).toBe(400);
    const stranger = await t.call<Loose>('GET', API.reportFhir(p.ids.patient) + range, {
      token: p.tokens.stranger,
    });
    expect(stranger.status).toBe(403);
  });
});
