import type { AppContext } from '../../platform/context';
import { renderMail } from '../../platform/mail/templates';
import { createRelationsRepository } from './relations.repository';

/**
 * Spec §4: "Messages tell users of acceptance, cancellation, rejection" — and a patient, who has no
 * messages screen (spec §6: patients see connections), must learn when a follower stops following
 * them: by e-mail, or SMS to an account without one, in the patient's language. Sent after the
 * change is committed; a failed delivery stays in the outbox and does not undo the stop.
 */
export async function tellPatientFollowerStopped(
  ctx: Pick<AppContext, 'db' | 'mailer'>,
  patientId: string,
  followerId: string,
): Promise<void> {
  const repo = createRelationsRepository(ctx.db);
  const [patient, follower] = [await repo.contactOf(patientId), await repo.contactOf(followerId)];
  if (!patient || !follower) return;
  const contact = patient.email
    ? { channel: 'email' as const, to: patient.email }
    : patient.mobile
      ? { channel: 'sms' as const, to: patient.mobile }
      : null;
  if (!contact) return;
  const name = follower.realname || follower.username;
  const mail = renderMail(patient.language, 'relation.stoppedSubject', ['relation.stoppedBody'], { name });
  await ctx.mailer.send({ ...contact, ...mail });
}
