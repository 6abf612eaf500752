import { ErrorCode, normalizeUsername } from '@cgm/domain';
import type { patientNewRequest } from '@cgm/contract';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context';
import type { Actor } from '../../platform/http/auth';
import { fail } from '../../platform/http/api-error';
import { InputProblems, isoDay } from '../../platform/http/input-problems';
import { hashPassword } from '../../platform/lib/crypto';
import { createAccount } from '../../accounts/create-account';
import { checkNewPerson } from '../../accounts/new-account-rules';
import { createUsersRepository } from '../../accounts/users.repository';
import { isUniqueViolation } from '../../platform/db/errors';
import { recordOperation } from '../../access/operation-history';
import { actingAccount } from '../../access/acting-account';
import { insertCreatorRelation } from './patient-changes.repository';

export type NewPatientInput = z.output<typeof patientNewRequest>;

/** The same field rules as the registration (spec §5), so both forms reject the same input. */
function validate(input: NewPatientInput, username: string, today: string): void {
  const problems = new InputProblems();
  checkNewPerson(problems, input, username);
  if (input.birthday) problems.pastDay('birthday', input.birthday, today);
  if (input.diabetes_diagnosis_date) {
    problems.pastDay('diabetes_diagnosis_date', input.diabetes_diagnosis_date, today);
    // A diagnosis cannot precede birth.
    if (input.birthday && input.diabetes_diagnosis_date < input.birthday) {
      problems.add('diabetes_diagnosis_date', 'validation.date');
    }
  }
  problems.throwIfAny();
}

/**
 * An HCP creates a patient account (created_by 'hcp', spec §3 "account creator"), in their own
 * country and language, with an accepted relation to them: the patient is in their care from the
 * start. The HCP typed the password, so the patient must choose their own at the first sign-in
 * before anything else (login answers 112; features/auth/first-password.ts), then accepts the terms.
 * A username already taken answers 26, as the registration does.
 */
export async function createPatientAccount(
  ctx: AppContext,
  actor: Actor,
  input: NewPatientInput,
  ip: string | null,
): Promise<{ error: 0; uid: string; username: string }> {
  const now = ctx.clock.now();
  const username = normalizeUsername(input.email || input.mobile || '');
  validate(input, username, isoDay(now));
  const accounts = createUsersRepository(ctx.db);
  if (await accounts.byUsername(username)) fail(ErrorCode.REGISTER_FAILED_SPECIFIC);
  const hcp = actingAccount(await accounts.byId(actor.userId));

  // Hashed before the transaction, which then holds its connection only for the writes.
  const passwordHash = await hashPassword(input.password);
  try {
    const uid = await ctx.db.transaction(async (tx) => {
      const id = await createAccount(
        tx,
        {
          username,
          passwordHash,
          userType: 'P',
          realname: input.realname,
          createdBy: 'hcp',
          creatorId: actor.userId,
          mustChangePassword: true,
          status: 'active',
          country: hcp.country,
          language: hcp.language,
          profile: {
            alias: input.alias || null,
            gender: input.gender,
            birthday: input.birthday ?? null,
            diabetesType: input.diabetes_type,
            diabetesDiagnosisDate: input.diabetes_diagnosis_date ?? null,
            inpatient: input.inpatient,
            patientNo: input.patient_no || null,
            bedNo: input.bed_no || null,
          },
        },
        now,
      );
      await insertCreatorRelation(tx, id, actor.userId, now);
      await recordOperation(
        { db: tx, clock: ctx.clock },
        { area: 'hcp', actorId: actor.userId, subjectId: id, action: 'patient.create', ip },
      );
      return id;
    });
    return { error: 0, uid, username };
  } catch (err) {
    // Two creations of one username at once: the unique index decides, the loser gets 26.
    if (isUniqueViolation(err)) fail(ErrorCode.REGISTER_FAILED_SPECIFIC);
    throw err;
  }
}
