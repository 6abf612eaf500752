import {
  ageOn,
  clampLowThresholds,
  DEFAULT_TARGET_HIGH,
  DEFAULT_TARGET_LOW,
  patientGlucoseUnit,
  DISPLAY_MAX_MGDL,
  DISPLAY_MIN_MGDL,
  ErrorCode,
  fromUnit,
  HYPO_MGDL,
  isValidTargetRange,
  roundTo,
} from '@cgm/domain';
import {
  MONITOR_GLUCOSE_KEYS,
  MONITOR_HIGH_KEYS,
  MONITOR_LOW_KEYS,
  type MonitorProfile,
  type MonitorSettings,
  type MonitorSettingsUpdate,
} from '@cgm/contract';
import type { AppContext } from '../../platform/context';
import type { Actor } from '../../platform/http/auth';
import { fail } from '../../platform/http/api-error';
import { InputProblems, isCalendarDay, isoDay } from '../../platform/http/input-problems';
import { assertMayAccessPatient } from '../../access/patient-data';
import { loadAccountProfile, personalDetails } from '../../accounts/profile-mapping';
import { createSettingsRepository, type MonitorSettingsValues } from './settings.repository';

type Glucose = Pick<MonitorSettingsValues, (typeof MONITOR_GLUCOSE_KEYS)[number]>;
type Display = Pick<MonitorSettingsValues, 'alarm_display' | 'glucose_display'>;

/** Until a patient saves settings: limits at the consensus target 70–180 mg/dL, hypo 56 mg/dL
 *  (3.1 mmol/L, spec §9), alarms and glucose shown. */
const DEFAULT_GLUCOSE: Glucose = {
  ...(Object.fromEntries(MONITOR_LOW_KEYS.map((k) => [k, DEFAULT_TARGET_LOW])) as Record<
    (typeof MONITOR_LOW_KEYS)[number],
    number
  >),
  ...(Object.fromEntries(MONITOR_HIGH_KEYS.map((k) => [k, DEFAULT_TARGET_HIGH])) as Record<
    (typeof MONITOR_HIGH_KEYS)[number],
    number
  >),
  hypo: HYPO_MGDL,
  target_low: DEFAULT_TARGET_LOW,
  target_high: DEFAULT_TARGET_HIGH,
};
const DEFAULT_DISPLAY: Display = { alarm_display: 'On', glucose_display: 'On' };

/** The checks after conversion and clamping (spec §5): one 400 lists every problem. */
function checkGlucose(g: Glucose): void {
  const problems = new InputProblems();
  const inRange = (v: number) => v >= DISPLAY_MIN_MGDL && v <= DISPLAY_MAX_MGDL;
  for (const key of [...MONITOR_HIGH_KEYS, 'hypo', 'target_low', 'target_high'] as const) {
    problems.check(inRange(g[key]), key, 'validation.glucoseRange');
  }
  MONITOR_LOW_KEYS.forEach((low, i) => {
    const high = MONITOR_HIGH_KEYS[i]!;
    problems.check(g[low] < g[high], high, 'validation.lowBelowHigh');
  });
  problems.check(isValidTargetRange(g.target_low, g.target_high), 'target_low', 'validation.targetRange');
  problems.check(g.hypo < g.target_low, 'hypo', 'validation.hypoBelowTarget');
  problems.throwIfAny();
}

/**
 * Monitor settings (spec §3 "Settings", §7 settings/{id} and monitor/{id}/settings): read by whoever
 * may read the patient's data, changed by the patient and accepted followers (spec §6 "A carer can
 * edit monitored-patient settings"). Stored in mg/dL; a save may be written in mmol/L.
 */
export function createMonitorSettingsService(ctx: AppContext) {
  const repo = createSettingsRepository(ctx.db);

  async function current(patientId: string): Promise<MonitorSettings> {
    const [row, patient] = await Promise.all([repo.find(patientId), loadAccountProfile(ctx.db, patientId)]);
    if (!patient) return fail(ErrorCode.NOT_FOUND);
    if (!row) {
      return {
        ...DEFAULT_GLUCOSE,
        ...DEFAULT_DISPLAY,
        unit: patientGlucoseUnit(null, patient.user.country),
        saved: false,
        updated_at: null,
      };
    }
    const { patientId: _p, updatedBy: _b, updatedAt, ...values } = row;
    return { ...values, saved: true, updated_at: updatedAt.getTime() };
  }

  return {
    async get(actor: Actor, patientId: string): Promise<MonitorSettings> {
      await assertMayAccessPatient(ctx.db, actor, patientId, 'read');
      return current(patientId);
    },

    async save(actor: Actor, patientId: string, input: MonitorSettingsUpdate): Promise<MonitorSettings> {
      await assertMayAccessPatient(ctx.db, actor, patientId, 'settings');
      const before = await current(patientId);
      const glucose = { ...before } as Glucose;
      for (const key of MONITOR_GLUCOSE_KEYS) {
        const typed = input[key];
        // Stored to 0.1 mg/dL: mmol/L × 18 leaves binary noise (3.1 → 55.800000000000004).
        if (typed !== undefined) glucose[key] = roundTo(fromUnit(typed, input.unit), 1);
      }
      const clamped = clampLowThresholds(glucose, MONITOR_LOW_KEYS);
      checkGlucose(clamped);
      await repo.save(
        patientId,
        {
          ...clamped,
          unit: input.unit,
          alarm_display: input.alarm_display ?? before.alarm_display,
          glucose_display: input.glucose_display ?? before.glucose_display,
        },
        actor.userId,
        ctx.clock.now(),
      );
      return current(patientId);
    },

    /** The monitor screen's header: who is watched, and their settings. */
    async profile(actor: Actor, patientId: string): Promise<MonitorProfile> {
      await assertMayAccessPatient(ctx.db, actor, patientId, 'read');
      const [loaded, settings] = await Promise.all([
        loadAccountProfile(ctx.db, patientId),
        current(patientId),
      ]);
      if (!loaded) return fail(ErrorCode.NOT_FOUND);
      // The header shows a few of the personal details, to whoever may read the patient's data.
      const patient = personalDetails(loaded);
      const birthday = patient.birthday && isCalendarDay(patient.birthday) ? patient.birthday : null;
      return {
        uid: patientId,
        realname: patient.realname,
        alias: patient.alias,
        gender: patient.gender,
        diabetes_type: patient.diabetes_type,
        birthday,
        age: birthday ? ageOn(birthday, isoDay(ctx.clock.now())) : null,
        has_portrait: patient.has_portrait,
        settings,
      };
    },
  };
}
