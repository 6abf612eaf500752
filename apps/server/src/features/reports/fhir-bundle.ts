import type { GlucoseStatsBlock } from '@cgm/contract';

// A period's CGM data as an HL7 FHIR R4 Bundle following the HL7 CGM Implementation Guide
// (hl7.org/fhir/uv/cgm, STU 1; profiles and examples in input/fsh of github.com/HL7/cgm): the
// guide's CGM Data Submission Bundle, a `transaction` a receiving EHR takes at
// `$submit-cgm-bundle`, with the CGM summary panel, its member observations (times in ranges,
// mean glucose, GMI, CV, days of wear, sensor active percentage) and the sensor readings. No figure
// is computed here: each is the reports' own (the summary report, ds), passed in.

export const CGM_IG = 'http://hl7.org/fhir/uv/cgm/StructureDefinition';
const LOINC = 'http://loinc.org';
const UCUM = 'http://unitsofmeasure.org';
const CATEGORY = {
  coding: [{ system: 'http://terminology.hl7.org/CodeSystem/observation-category', code: 'laboratory' }],
};

/** The guide's LOINC codes (profiles.fsh), written as its examples write them: the code alone. */
export const CGM_LOINC = {
  summary: '107931-8',
  timesInRanges: '106793-3',
  // The five ranges (< 54, 54–69, 70–180, 181–250, > 250 mg/dL), in the guide's slices' order.
  veryLow: '104642-4',
  low: '104641-6',
  inRange: '97510-2',
  high: '104640-8',
  veryHigh: '104639-0',
  mean: '97507-8',
  gmi: '97506-0',
  cv: '104638-2',
  daysOfWear: '104636-6',
  activePercent: '104637-4',
  reading: '99504-3',
} as const;

type Code = string;
type Json = Record<string, unknown>;
const concept = (code: Code) => ({ coding: [{ system: LOINC, code }] });
const quantity = (value: number, unit: string, code: string) => ({ value, unit, system: UCUM, code });
const percent = (v: number) => quantity(round(v, 2), '%', '%');
/** The unit text the guide's profiles fix for mg/dL (`'mg/dL' "mg/dl"`: a pattern, so required). */
const MGDL_TEXT = 'mg/dl';
const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;

export interface FhirInput {
  /** The patient by the portal's identifier alone: the receiver matches its own patient record. */
  patient: { id: string; portal: string };
  /** The local dates of the period, both included (the reports' from and to). */
  from: string;
  to: string;
  stats: GlucoseStatsBlock;
  daysWithData: number;
  /** The reports' sensor wear: percent of the period with readings; null without a period. */
  sensorWear: number | null;
  /** The readings of the period the reports use (mg/dL), with each one's UTC offset. */
  readings: { n: number; times: ArrayLike<number>; values: ArrayLike<number>; offsets: ArrayLike<number> };
  generatedAt: number;
  newId: () => string;
}

/** A time with its own UTC offset, as FHIR's dateTime writes it ("2026-11-20T08:00:00+01:00"). */
export function fhirDateTime(ms: number, offsetMin: number): string {
  const local = new Date(ms + offsetMin * 60_000).toISOString().slice(0, 19);
  if (offsetMin === 0) return `${local}Z`;
  const a = Math.abs(offsetMin);
  const hh = String(Math.floor(a / 60)).padStart(2, '0');
  const mm = String(a % 60).padStart(2, '0');
  return `${local}${offsetMin < 0 ? '-' : '+'}${hh}:${mm}`;
}

export function cgmBundle(input: FhirInput): Json {
  const entries: Json[] = [];
  const add = (resource: Json): string => {
    const fullUrl = `urn:uuid:${input.newId()}`;
    const type = String(resource.resourceType);
    entries.push({ fullUrl, resource, request: { method: 'POST', url: type } });
    return fullUrl;
  };
  const subject = { reference: add(patientResource(input.patient)) };
  const period = { start: input.from, end: input.to };
  /** A summary observation; with its value when there is one, else why not (and no profile). */
  const summary = (profile: string, code: Code, value: Json | null, absent: string, extra: Json = {}) =>
    add({
      resourceType: 'Observation',
      ...(value || extra.component ? { meta: { profile: [`${CGM_IG}/${profile}`] } } : {}),
      status: 'final',
      category: [CATEGORY],
      code: concept(code),
      subject,
      effectivePeriod: period,
      ...extra,
      ...(value
        ? { valueQuantity: value }
        : extra.component
          ? {}
          : { dataAbsentReason: absentReason(absent) }),
    });
  const s = input.stats;
  const tir = s.time_in_ranges;
  const members = [
    summary('cgm-summary-times-in-ranges', CGM_LOINC.timesInRanges, null, 'no readings', tir
      ? { component: ([['veryLow', tir.very_low], ['low', tir.low], ['inRange', tir.in_range], ['high', tir.high], ['veryHigh', tir.very_high]] as const)
            .map(([k, v]) => ({ code: concept(CGM_LOINC[k]), valueQuantity: percent(v) })) }
      : {}), // prettier-ignore
    summary('cgm-summary-mean-glucose-mass-per-volume', CGM_LOINC.mean, s.mean === null ? null : quantity(round(s.mean, 1), MGDL_TEXT, 'mg/dL'), 'no readings'), // prettier-ignore
    summary(
      'cgm-summary-gmi',
      CGM_LOINC.gmi,
      s.gmi === null ? null : percent(s.gmi),
      withheld(s.gmi_withheld),
    ),
    summary('cgm-summary-coefficient-of-variation', CGM_LOINC.cv, s.cv === null ? null : percent(s.cv), 'fewer than two readings'), // prettier-ignore
    summary('cgm-summary-days-of-wear', CGM_LOINC.daysOfWear, quantity(input.daysWithData, 'days', 'd'), ''),
    summary('cgm-summary-sensor-active-percentage', CGM_LOINC.activePercent, input.sensorWear === null ? null : percent(input.sensorWear), 'no period'), // prettier-ignore
  ];
  const complete = entries.slice(1).every((e) => (e.resource as Json).meta !== undefined);
  // The panel first, as in the guide's example bundle; it claims its profile only with every member.
  entries.splice(1, 0, {
    fullUrl: `urn:uuid:${input.newId()}`,
    resource: {
      resourceType: 'Observation',
      ...(complete ? { meta: { profile: [`${CGM_IG}/cgm-summary`] } } : {}),
      status: 'final',
      category: [CATEGORY],
      code: concept(CGM_LOINC.summary),
      subject,
      effectivePeriod: period,
      hasMember: members.map((reference) => ({ reference })),
    },
    request: { method: 'POST', url: 'Observation' },
  });
  const { n, times, values, offsets } = input.readings;
  for (let i = 0; i < n; i++)
    add({
      resourceType: 'Observation',
      meta: { profile: [`${CGM_IG}/cgm-sensor-reading-mass-per-volume`] },
      status: 'final',
      category: [CATEGORY],
      code: concept(CGM_LOINC.reading),
      subject,
      effectiveDateTime: fhirDateTime(times[i]!, offsets[i]!),
      valueQuantity: quantity(values[i]!, MGDL_TEXT, 'mg/dL'),
    });
  return {
    resourceType: 'Bundle',
    meta: { profile: [`${CGM_IG}/cgm-data-submission-bundle`] },
    type: 'transaction',
    timestamp: new Date(input.generatedAt).toISOString(),
    entry: entries,
  };
}

function patientResource(p: FhirInput['patient']): Json {
  return {
    resourceType: 'Patient',
    identifier: [{ system: `${p.portal}/patients`, value: p.id }],
  };
}

const withheld = (reason: string | null) => (reason ? `withheld: ${reason}` : 'no readings');

function absentReason(text: string): Json {
  return {
    coding: [{ system: 'http://terminology.hl7.org/CodeSystem/data-absent-reason', code: 'not-performed' }],
    text,
  };
}
