import { describe, expect, it } from 'vitest';
import { ROUTES } from './route-table';
import en from '../i18n/locales/en.json';
import { ADMIN_TOOLS, adminTools } from '../features/admin/admin-tools';

// Every tool of the account-administration area can be reached from the admin menu and the homes
// (spec §2): a screen that only a typed address reaches is a screen nobody finds. It reads the route
// table, so it sits with it in app/ (features do not import app/).

/** Reached from another screen rather than the menu, or a home itself. */
const OPENED_ELSEWHERE = new Set([
  '/accountsadmin_super', // the super admin's home
  '/accountsadmin_home', // an account admin's home
  '/accountsadmin_add', // a scope editor, opened from the admins' list
  '/UserAdmin', // one account, opened from /Member
]);
const TOOL_ROUTES_OF_KIND_USER = ['/dataStatistics', '/HCLprint', '/BasicQuantityRecord'];

const lookup = (key: string): unknown =>
  key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], en);

describe('the admin menu', () => {
  it('links every account-admin screen and the other tool routes', () => {
    const wanted = [
      ...ROUTES.filter((r) => r.kind === 'account').map((r) => r.path),
      ...TOOL_ROUTES_OF_KIND_USER,
    ].filter((path) => !OPENED_ELSEWHERE.has(path));
    const linked = ADMIN_TOOLS.map((tool) => tool.to);
    expect(wanted.filter((path) => !linked.includes(path))).toEqual([]);
  });

  it('links only routes that exist, each once, each with a label', () => {
    const paths = new Set(ROUTES.map((r) => r.path));
    for (const tool of ADMIN_TOOLS) {
      expect(paths.has(tool.to), tool.to).toBe(true);
      expect(typeof lookup(tool.key), tool.key).toBe('string');
    }
    expect(new Set(ADMIN_TOOLS.map((t) => t.to)).size).toBe(ADMIN_TOOLS.length);
  });

  it("keeps the super admin's tools (DevDebug, account admins) from other account admins", () => {
    const others = adminTools(false).map((t) => t.to);
    expect(others).not.toContain('/DevDebug');
    expect(others).not.toContain('/accountsadmin_list');
    expect(others).not.toContain('/accountsadmin_super_add');
    expect(others).toContain('/ClinicalData');
    expect(adminTools(true).map((t) => t.to)).toContain('/DevDebug');
    expect(adminTools(true)).toHaveLength(ADMIN_TOOLS.length);
  });
});
