import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { GlucoseStatsBlock } from '@cgm/contract';
import { fhirSchemaErrors } from '../../../test-support/fhir-schema';
import { cgmBundle, fhirDateTime, type FhirInput } from './fhir-bundle';

// The FHIR export against the HL7 CGM Implementation Guide's published examples (fixtures/
// hl7-cgm-examples.json, from github.com/HL7/cgm) and the FHIR R4 JSON schema.

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const examples = JSON.parse(
  readFileSync(new URL('./fixtures/hl7-cgm-examples.json', import.meta.url), 'utf8'),
) as Record<string, Json>;

let n = 0;
/** The guide's example figures (May 2024) as the reports would give them. */
const input = (over: Partial<FhirInput> = {}, stats: Partial<GlucoseStatsBlock> = {}): FhirInput => ({
  patient: { id: 'p1', portal: 'https://portal.example' },
  from: '2024-05-01',
  to: '2024-05-31',
  stats: {
    mean: 145,
    cv: 34,
    gmi: 6.8,
    gmi_withheld: null,
    time_in_ranges: { very_low: 3, low: 8, in_range: 65, high: 20, very_high: 4 },
    ...stats,
  } as GlucoseStatsBlock,
  daysWithData: 28,
  sensorWear: 95,
  readings: { n: 1, times: [Date.parse('2024-05-02T10:15:00Z')], values: [120], offsets: [0] },
  generatedAt: Date.parse('2024-06-01T08:00:00Z'),
  newId: () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
  ...over,
});

const resources = (b: Json) => (b.entry as Json[]).map((e) => e.resource as Json);
const byCode = (b: Json, code: string) =>
  resources(b).find((r) => (r.code as Json | undefined)?.coding[0].code === code);
/** An example without what names other resources (ids, subject, members). */
const shape = ({ id: _i, subject: _s, hasMember: _h, ...rest }: Json) => rest;

describe('the FHIR export as the HL7 CGM guide writes it', () => {
  const bundle = cgmBundle(input());

  it.each(Object.keys(examples).filter((k) => !k.startsWith('_')))('matches the guide’s %s', (name) => {
    const example = examples[name]!;
    const ours = byCode(bundle, example.code.coding[0].code as string);
    expect(ours).toBeDefined();
    expect(shape(ours!)).toEqual(shape(example));
    expect(ours!.subject).toEqual({ reference: (bundle.entry as Json[])[0]!.fullUrl });
  });

  it('is a transaction bundle of the guide: patient, panel, its six members, the readings', () => {
    expect(bundle).toMatchObject({
      resourceType: 'Bundle',
      type: 'transaction',
      timestamp: '2024-06-01T08:00:00.000Z',
    });
    const entries = bundle.entry as Json[];
    expect(entries.map((e) => e.resource.resourceType)).toEqual(['Patient', ...Array(8).fill('Observation')]);
    expect(entries.every((e) => e.request.method === 'POST' && /^urn:uuid:/.test(e.fullUrl))).toBe(true);
    const urls = new Set(entries.map((e) => e.fullUrl));
    const panel = byCode(bundle, '107931-8')!;
    expect(panel.hasMember).toHaveLength(6);
    expect(panel.hasMember.every((m: Json) => urls.has(m.reference))).toBe(true);
    expect(entries[0]!.resource.identifier).toEqual([
      { system: 'https://portal.example/patients', value: 'p1' },
    ]);
  });

  it('is valid against the FHIR R4 JSON schema', () => {
    expect(fhirSchemaErrors(bundle)).toEqual([]);
    for (const r of resources(bundle)) expect(fhirSchemaErrors(r)).toEqual([]);
    // The schema does catch a broken resource (a test that could not fail would prove nothing).
    expect(
      fhirSchemaErrors({ resourceType: 'Observation', status: 'done', code: {} }).length,
    ).toBeGreaterThan(0);
  }, 60_000); // compiling FHIR's whole schema takes seconds on a busy machine

  it('says why a figure is missing instead of claiming the profile: GMI withheld, no readings', () => {
    const b = cgmBundle(input({}, { gmi: null, gmi_withheld: 'too-few-days' }));
    const gmi = byCode(b, '97506-0')!;
    expect(gmi.meta).toBeUndefined();
    expect(gmi.valueQuantity).toBeUndefined();
    expect(gmi.dataAbsentReason.text).toBe('withheld: too-few-days');
    expect(byCode(b, '107931-8')!.meta).toBeUndefined();
    expect(fhirSchemaErrors(b)).toEqual([]);
    const empty = cgmBundle(input({ sensorWear: null, daysWithData: 0, readings: { n: 0, times: [], values: [], offsets: [] } }, { mean: null, cv: null, gmi: null, time_in_ranges: null })); // prettier-ignore
    expect(byCode(empty, '106793-3')!.dataAbsentReason).toBeDefined();
    expect(byCode(empty, '99504-3')).toBeUndefined();
    expect(fhirSchemaErrors(empty)).toEqual([]);
  }, 60_000);

  it('writes each reading’s time with its own UTC offset', () => {
    const t = Date.parse('2026-11-20T07:00:00Z');
    expect(fhirDateTime(t, 60)).toBe('2026-11-20T08:00:00+01:00');
    expect(fhirDateTime(t, -330)).toBe('2026-11-20T01:30:00-05:30');
    expect(fhirDateTime(t, 0)).toBe('2026-11-20T07:00:00Z');
  });
});
