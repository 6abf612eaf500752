import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@cgm/domain';
import type { Actor } from '../platform/http/auth';
import { actingAccount } from './acting-account';
import { accountInScope, assertAdministeredAdmin, assertNotOneself } from './admin-targets';
import { ownPatientRelation } from './clinician';
import { consentedState } from './consent';
import { followable, followerTypeOf } from './following';
import { assertAlertsNotStopped } from './patient-data';
import { doorAdmits, sessionKindOf } from './sign-in-doors';

// The small access decisions the features call (issue 14: every access decision lives in access/).

const actor = (over: Partial<Actor> = {}): Actor => ({
  userId: 'me',
  userType: 'A',
  role: 'AccountAdmin',
  createdBy: 'admin',
  sessionId: 's',
  sessionKind: 'admin',
  flags: { adminLogin: false, clinicLogin: false },
  ...over,
});

/** The code of the ApiError `run` throws, or null when it throws nothing. */
const codeOf = (run: () => unknown): number | null => {
  try {
    run();
    return null;
  } catch (e) {
    return (e as { code: number }).code;
  }
};

describe('sign-in doors', () => {
  const user = (userType: 'P' | 'M' | 'D' | 'A', adminLogin = false) => ({ userType, adminLogin });

  it('admits patients and carers at both personal doors, HCPs and admins at their own', () => {
    for (const door of ['P', 'M'] as const) {
      expect([doorAdmits(door, user('P')), doorAdmits(door, user('M'))]).toEqual([true, true]);
      expect([doorAdmits(door, user('D')), doorAdmits(door, user('A'))]).toEqual([false, false]);
    }
    expect([doorAdmits('D', user('D')), doorAdmits('D', user('P')), doorAdmits('D', user('A'))]).toEqual([
      true,
      false,
      false,
    ]);
    expect([doorAdmits('A', user('A')), doorAdmits('A', user('D')), doorAdmits('A', user('M'))]).toEqual([
      true,
      false,
      false,
    ]);
  });

  it('lets the admin login in at the HCP door and the administration door', () => {
    expect(doorAdmits('D', user('D', true))).toBe(true);
    expect(doorAdmits('A', user('D', true))).toBe(true);
    expect(doorAdmits('P', user('D', true))).toBe(false);
  });

  it('gives account admins and the admin login an administration session, everyone else a user one', () => {
    expect(sessionKindOf(user('A'))).toBe('admin');
    expect(sessionKindOf(user('D', true))).toBe('admin');
    expect(['P', 'M', 'D'].map((t) => sessionKindOf(user(t as 'P')))).toEqual(['user', 'user', 'user']);
  });
});

describe('admin targets', () => {
  const scoped = { all: false as const, countries: ['DE'], regions: [] };

  it('answers a missing account 404 to the super admin and 403 to a scoped admin', () => {
    expect(codeOf(() => accountInScope({ all: true }, undefined))).toBe(ErrorCode.NOT_FOUND);
    expect(codeOf(() => accountInScope(scoped, undefined))).toBe(ErrorCode.FORBIDDEN);
  });

  it('returns an account within the scope and refuses one outside it', () => {
    const german = { id: 'x', country: 'DE' };
    expect(accountInScope(scoped, german)).toBe(german);
    expect(codeOf(() => accountInScope(scoped, { country: 'FR' }))).toBe(ErrorCode.FORBIDDEN);
    expect(codeOf(() => accountInScope(scoped, { country: null }))).toBe(ErrorCode.FORBIDDEN);
  });

  it('administers AccountAdmins only, and never oneself', () => {
    expect(codeOf(() => assertAdministeredAdmin({ role: 'AccountAdmin' }))).toBeNull();
    expect(codeOf(() => assertAdministeredAdmin({ role: 'AccountAdminSuper' }))).toBe(ErrorCode.FORBIDDEN);
    expect(codeOf(() => assertAdministeredAdmin({ role: null }))).toBe(ErrorCode.FORBIDDEN);
    expect(codeOf(() => assertNotOneself(actor(), 'someone'))).toBeNull();
    expect(codeOf(() => assertNotOneself(actor(), 'me'))).toBe(ErrorCode.FORBIDDEN);
  });
});

describe('following', () => {
  it('follows only an active patient account', () => {
    expect(followable({ userType: 'P', status: 'active' })).toBe(true);
    expect(followable({ userType: 'P', status: 'disabled' })).toBe(false);
    expect(followable({ userType: 'M', status: 'active' })).toBe(false);
    expect(followable({ userType: 'D', status: 'active' })).toBe(false);
  });

  it('makes an HCP an HCP follower and anyone else a carer', () => {
    expect(followerTypeOf(actor({ userType: 'D' }))).toBe('D');
    expect(followerTypeOf(actor({ userType: 'M' }))).toBe('M');
    expect(followerTypeOf(actor({ userType: 'P' }))).toBe('M');
  });

  it('takes only an accepted relation for consent', () => {
    expect(['accepted', 'pending', 'rejected', 'cancelled', 'removed'].map(consentedState)).toEqual([
      true,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('patients and alerts', () => {
  it("finds the HCP's own accepted relation among a patient's, else 403", () => {
    const rows = [
      { follower_id: 'other', consented: true },
      { follower_id: 'me', consented: false },
    ];
    expect(codeOf(() => ownPatientRelation(rows, 'me'))).toBe(ErrorCode.FORBIDDEN);
    const own = { follower_id: 'me', consented: true };
    expect(ownPatientRelation([...rows, own], 'me')).toBe(own);
  });

  it('refuses a follower whose alerts the patient stopped', () => {
    expect(codeOf(() => assertAlertsNotStopped({ stoppedByPatient: true }))).toBe(ErrorCode.FORBIDDEN);
    expect(codeOf(() => assertAlertsNotStopped({ stoppedByPatient: false }))).toBeNull();
    expect(codeOf(() => assertAlertsNotStopped(null))).toBeNull();
  });

  it('acts only with an account that still exists', () => {
    expect(actingAccount({ country: 'DE' })).toEqual({ country: 'DE' });
    expect(codeOf(() => actingAccount(undefined))).toBe(ErrorCode.FORBIDDEN);
    expect(codeOf(() => actingAccount(null))).toBe(ErrorCode.FORBIDDEN);
  });
});
