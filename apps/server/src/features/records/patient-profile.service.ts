import {
  ageOn,
  editableProfileFields,
  ErrorCode,
  isValidHeightOrWeight,
  isValidPostcode,
  isValidRealName,
} from '@cgm/domain';
import type { PatientProfile, PatientProfileFieldName, PatientProfileUpdate } from '@cgm/contract';
import type { AppContext } from '../../platform/context';
import type { Actor } from '../../platform/http/auth';
import { ApiError, fail } from '../../platform/http/api-error';
import { InputProblems, isCalendarDay, isoDay } from '../../platform/http/input-problems';
import { assertMayAccessPatient } from '../../access/patient-data';
import { profileEditorOf } from '../../access/profile-editor';
import {
  blankToNull,
  loadAccountProfile,
  personalDetails,
  personalDetailChanges,
  updateProfile,
} from '../../accounts/profile-mapping';
import { createPatientProfileRepository } from './patient-profile.repository';

/**
 * A patient's profile as the care team sees and keeps it (spec §3 "Profile", "Patient labels";
 * §7 patients/{id}/profile). Who may change which field is the domain's rule
 * (`editableProfileFields`) applied to the policy's answer (access/profile-editor.ts): a patient's
 * personal details are theirs, except on an account the editor's own care team created.
 */
export function createPatientProfileService(ctx: AppContext) {
  const repo = createPatientProfileRepository(ctx.db);

  async function view(actor: Actor, patientId: string): Promise<PatientProfile> {
    const [loaded, uploadAt, editor] = await Promise.all([
      loadAccountProfile(ctx.db, patientId),
      repo.lastUpload(patientId),
      profileEditorOf(ctx.db, actor, patientId),
    ]);
    if (!loaded) return fail(ErrorCode.NOT_FOUND);
    const { user, profile } = loaded;
    const creator =
      user.createdBy === 'register'
        ? profile.realname || user.username
        : await repo.firstRequestingHcp(patientId);
    const birthday = profile.birthday && isCalendarDay(profile.birthday) ? profile.birthday : null;
    return {
      ...personalDetails(loaded),
      age: birthday ? ageOn(birthday, isoDay(ctx.clock.now())) : null,
      upload_time: uploadAt ? uploadAt.getTime() : null,
      account_creator: creator,
      inpatient: profile.inpatient,
      patient_no: profile.patientNo,
      bed_no: profile.bedNo,
      editable: [...editableProfileFields(editor, user.createdBy)],
    };
  }

  /** Spec §5: real name, postcode, height and weight, dates not in the future; one 400 lists all. */
  function validate(input: PatientProfileUpdate, country: string): void {
    const problems = new InputProblems();
    const today = isoDay(ctx.clock.now());
    if (input.realname !== undefined) {
      problems.check(isValidRealName(input.realname), 'realname', 'validation.realName');
    }
    const zipcode = blankToNull(input.zipcode);
    if (zipcode) problems.check(isValidPostcode(zipcode, country), 'zipcode', 'validation.postcode');
    if (input.height != null)
      problems.check(isValidHeightOrWeight(input.height), 'height', 'validation.height');
    if (input.weight != null)
      problems.check(isValidHeightOrWeight(input.weight), 'weight', 'validation.weight');
    if (input.birthday) problems.pastDay('birthday', input.birthday, today);
    if (input.diabetes_diagnosis_date) {
      problems.pastDay('diabetes_diagnosis_date', input.diabetes_diagnosis_date, today);
    }
    problems.throwIfAny('messages.inputError');
  }

  return {
    async get(actor: Actor, patientId: string): Promise<PatientProfile> {
      await assertMayAccessPatient(ctx.db, actor, patientId, 'read');
      return view(actor, patientId);
    },

    async update(actor: Actor, patientId: string, sentInput: PatientProfileUpdate): Promise<PatientProfile> {
      await assertMayAccessPatient(ctx.db, actor, patientId, 'clinical');
      const current = await view(actor, patientId);
      // A name resent as it is stored is no change: a name stored before the rule (spec §5) must
      // not block saving the other fields, nor count as an edit of a field the caller may not edit.
      const input =
        sentInput.realname === current.realname ? { ...sentInput, realname: undefined } : sentInput;
      const allowed = new Set<string>(current.editable);
      const sent = Object.keys(input).filter(
        (k) => input[k as keyof PatientProfileUpdate] !== undefined,
      ) as PatientProfileFieldName[];
      const refused = sent.filter((field) => !allowed.has(field));
      if (refused.length > 0) {
        throw new ApiError(ErrorCode.FORBIDDEN, {
          message: 'patientView.profile.notEditable',
          details: refused.map((path) => ({ path, message: 'patientView.profile.notEditable' })),
        });
      }
      validate(input, current.country);
      const changes = {
        ...personalDetailChanges(input),
        inpatient: input.inpatient,
        patientNo: blankToNull(input.patient_no),
        bedNo: blankToNull(input.bed_no),
      };
      // drizzle leaves undefined columns untouched, so only the fields sent are written.
      await updateProfile(ctx.db, patientId, changes, ctx.clock.now());
      return view(actor, patientId);
    },

    view,
  };
}
