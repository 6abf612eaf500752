import type { Actor } from '../http/auth';

/**
 * Who may see whose portrait (spec §6; DESIGN.md: authorisation is decided in one place, the
 * policy module). Today a user sees only their own. The policy module grows here: followers with
 * an accepted connection (spec §4 "Connection"), an HCP for the patients on their list, and the
 * sender portraits of messages (spec §3 "Message") come with the connections module.
 */
export function mayReadPortrait(actor: Actor, uid: string): boolean {
  return actor.userId === uid;
}
