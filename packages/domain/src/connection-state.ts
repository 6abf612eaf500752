// Connection states and who may move them (spec §4 "Connection", §6 "Only patients make relation
// decisions"). One relation row per patient and follower (carer M or HCP D); its stored state is
// one of RELATION_STATES. Pure: the server applies these rules inside a conditional update, the web
// app uses them to show only the buttons that can work.

export const RELATION_STATES = ['pending', 'accepted', 'rejected', 'cancelled', 'removed'] as const;
export type RelationState = (typeof RELATION_STATES)[number];

/** What someone can do to a relation. */
export type RelationAction = 'request' | 'cancel' | 'stop' | 'permit' | 'reject' | 'remove';

/** Who is acting: the patient the relation is about, or the follower in it. */
export type RelationSide = 'patient' | 'follower';

/**
 * How a pending relation came to be: the follower's own request by user name, or the follower's
 * invitation code that the patient registered with (spec §3 status 'invited').
 */
export type RelationOrigin = 'request' | 'invitation';

/** States from which a follower may ask again, reusing the row (spec §4: a new request). */
const REQUESTABLE: ReadonlySet<RelationState | 'none'> = new Set([
  'none',
  'rejected',
  'cancelled',
  'removed',
]);

/**
 * The state after `action` by `side`, or null when the move is not allowed. `current` is 'none'
 * when the pair has no relation row yet.
 *
 * - follower: request (from none/rejected/cancelled/removed), cancel their pending request or
 *   invitation, stop following an accepted patient.
 * - patient: permit or reject a pending one, remove an accepted one, cancel a pending invitation
 *   (an incoming request is rejected instead, so the follower is told).
 */
export function nextRelationState(
  current: RelationState | 'none',
  action: RelationAction,
  side: RelationSide,
  origin: RelationOrigin = 'request',
): RelationState | null {
  if (side === 'follower') {
    if (action === 'request') return REQUESTABLE.has(current) ? 'pending' : null;
    if (action === 'cancel') return current === 'pending' ? 'cancelled' : null;
    if (action === 'stop') return current === 'accepted' ? 'removed' : null;
    return null;
  }
  if (action === 'permit') return current === 'pending' ? 'accepted' : null;
  if (action === 'reject') return current === 'pending' ? 'rejected' : null;
  if (action === 'remove') return current === 'accepted' ? 'removed' : null;
  if (action === 'cancel') {
    if (current === 'accepted') return 'removed';
    return current === 'pending' && origin === 'invitation' ? 'cancelled' : null;
  }
  return null;
}

/** The actions `side` may take now (the buttons a screen offers). */
export function allowedRelationActions(
  current: RelationState | 'none',
  side: RelationSide,
  origin: RelationOrigin = 'request',
): RelationAction[] {
  const all: RelationAction[] = ['request', 'cancel', 'stop', 'permit', 'reject', 'remove'];
  return all.filter((a) => nextRelationState(current, a, side, origin) !== null);
}

/** The status words of spec §3 "Connection request". */
export const CONNECTION_STATUSES = [
  'invited',
  'request sent',
  'requested',
  'accepted',
  'rejected',
  'cancelled',
  'removed',
] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];

/**
 * The status a side sees: a pending invitation reads 'invited' to both; a follower's own pending
 * request reads 'request sent' to them and 'requested' to the patient.
 */
export function connectionStatus(
  state: RelationState,
  side: RelationSide,
  origin: RelationOrigin = 'request',
): ConnectionStatus {
  if (state !== 'pending') return state;
  if (origin === 'invitation') return 'invited';
  return side === 'follower' ? 'request sent' : 'requested';
}

/** True only for the one state that lets a follower see the patient's data (spec §1 consent). */
export const grantsAccess = (state: RelationState | 'none'): boolean => state === 'accepted';

/**
 * A real name as a follower may see it before the patient agreed: the first letter of each word,
 * the rest hidden ("Anna Berg" → "A*** B***"), enough to recognise a person one knows, not to
 * learn a stranger's name from their user name.
 */
export function maskRealname(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => `${Array.from(word)[0] ?? ''}***`)
    .join(' ');
}
