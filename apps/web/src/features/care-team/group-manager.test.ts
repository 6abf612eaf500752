import { describe, expect, it } from 'vitest';
import { isGroupManager } from './group-manager';

const flag = { admin_login: false, clinic_login: false };

describe('isGroupManager', () => {
  it.each([
    [{ userType: 'D', createdBy: 'register', flag }, true],
    [{ userType: 'D', createdBy: 'cli', flag: null }, true],
    [{ userType: 'D', createdBy: 'hcp_group', flag }, false],
    [{ userType: 'D', createdBy: 'admin', flag: { ...flag, clinic_login: true } }, false],
    [{ userType: 'D', createdBy: 'admin', flag: { ...flag, admin_login: true } }, false],
    [{ userType: 'P', createdBy: 'register', flag }, false],
    [{ userType: 'M', createdBy: 'register', flag }, false],
  ] as const)('%j → %s', (user, expected) => {
    expect(isGroupManager(user)).toBe(expected);
  });

  it('is false without a session', () => {
    expect(isGroupManager(null)).toBe(false);
  });
});
