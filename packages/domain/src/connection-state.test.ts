import { describe, expect, it } from 'vitest';
import {
  allowedRelationActions,
  connectionStatus,
  grantsAccess,
  maskRealname,
  nextRelationState,
  RELATION_STATES,
  type RelationAction,
  type RelationOrigin,
  type RelationSide,
  type RelationState,
} from './connection-state';

type From = RelationState | 'none';
const FROM: readonly From[] = ['none', ...RELATION_STATES];
const ACTIONS: readonly RelationAction[] = ['request', 'cancel', 'stop', 'permit', 'reject', 'remove'];

// Every legal move (spec §4); anything not listed here must be refused.
const LEGAL: Array<[From, RelationAction, RelationSide, RelationOrigin, RelationState]> = [
  ['none', 'request', 'follower', 'request', 'pending'],
  ['rejected', 'request', 'follower', 'request', 'pending'],
  ['cancelled', 'request', 'follower', 'request', 'pending'],
  ['removed', 'request', 'follower', 'request', 'pending'],
  ['none', 'request', 'follower', 'invitation', 'pending'],
  ['rejected', 'request', 'follower', 'invitation', 'pending'],
  ['cancelled', 'request', 'follower', 'invitation', 'pending'],
  ['removed', 'request', 'follower', 'invitation', 'pending'],
  ['pending', 'cancel', 'follower', 'request', 'cancelled'],
  ['pending', 'cancel', 'follower', 'invitation', 'cancelled'],
  ['accepted', 'stop', 'follower', 'request', 'removed'],
  ['accepted', 'stop', 'follower', 'invitation', 'removed'],
  ['pending', 'permit', 'patient', 'request', 'accepted'],
  ['pending', 'permit', 'patient', 'invitation', 'accepted'],
  ['pending', 'reject', 'patient', 'request', 'rejected'],
  ['pending', 'reject', 'patient', 'invitation', 'rejected'],
  ['accepted', 'remove', 'patient', 'request', 'removed'],
  ['accepted', 'remove', 'patient', 'invitation', 'removed'],
  ['accepted', 'cancel', 'patient', 'request', 'removed'],
  ['accepted', 'cancel', 'patient', 'invitation', 'removed'],
  ['pending', 'cancel', 'patient', 'invitation', 'cancelled'],
];

const key = (f: From, a: RelationAction, s: RelationSide, o: RelationOrigin) => `${f}|${a}|${s}|${o}`;
const legal = new Map(LEGAL.map(([f, a, s, o, to]) => [key(f, a, s, o), to]));

const ALL = FROM.flatMap((f) =>
  ACTIONS.flatMap((a) =>
    (['patient', 'follower'] as const).flatMap((s) =>
      (['request', 'invitation'] as const).map((o) => [f, a, s, o] as const),
    ),
  ),
);

describe('nextRelationState (spec §4)', () => {
  it.each(ALL)('%s --%s by %s (%s)', (from, action, side, origin) => {
    expect(nextRelationState(from, action, side, origin)).toBe(
      legal.get(key(from, action, side, origin)) ?? null,
    );
  });

  it('lets only the patient decide: no follower action ever leads to accepted or rejected', () => {
    for (const [f, a, , o] of ALL) {
      expect(['accepted', 'rejected']).not.toContain(nextRelationState(f, a, 'follower', o));
    }
  });

  it('never lets a patient send a request or a follower remove', () => {
    for (const f of FROM) {
      expect(nextRelationState(f, 'request', 'patient')).toBeNull();
      expect(nextRelationState(f, 'remove', 'follower')).toBeNull();
      expect(nextRelationState(f, 'permit', 'follower')).toBeNull();
    }
  });
});

describe('allowedRelationActions', () => {
  it.each([
    ['none', 'follower', 'request', ['request']],
    ['pending', 'follower', 'request', ['cancel']],
    ['accepted', 'follower', 'request', ['stop']],
    ['rejected', 'follower', 'request', ['request']],
    ['pending', 'patient', 'request', ['permit', 'reject']],
    ['pending', 'patient', 'invitation', ['cancel', 'permit', 'reject']],
    ['accepted', 'patient', 'request', ['cancel', 'remove']],
    ['removed', 'patient', 'request', []],
    ['none', 'patient', 'request', []],
  ] as const)('%s as %s (%s) → %j', (state, side, origin, actions) => {
    expect(allowedRelationActions(state, side, origin)).toEqual(actions);
  });
});

describe('connectionStatus (spec §3 "Connection request")', () => {
  it.each([
    ['pending', 'follower', 'request', 'request sent'],
    ['pending', 'patient', 'request', 'requested'],
    ['pending', 'follower', 'invitation', 'invited'],
    ['pending', 'patient', 'invitation', 'invited'],
    ['accepted', 'follower', 'request', 'accepted'],
    ['accepted', 'patient', 'invitation', 'accepted'],
    ['rejected', 'follower', 'request', 'rejected'],
    ['cancelled', 'patient', 'request', 'cancelled'],
    ['removed', 'follower', 'invitation', 'removed'],
  ] as const)('%s seen by the %s (%s) reads %s', (state, side, origin, status) => {
    expect(connectionStatus(state, side, origin)).toBe(status);
  });
});

describe('grantsAccess', () => {
  it.each(FROM)('%s', (state) => expect(grantsAccess(state)).toBe(state === 'accepted'));
});

describe('maskRealname', () => {
  it.each([
    ['Anna Berg', 'A*** B***'],
    ['  Ola   Nordmann ', 'O*** N***'],
    ['Łukasz', 'Ł***'],
    ['', ''],
  ])('%j → %j', (name, masked) => expect(maskRealname(name)).toBe(masked));
});
