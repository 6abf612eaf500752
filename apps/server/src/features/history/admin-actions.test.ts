import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ADMIN_ACTIONS } from '@cgm/contract';
import { SERVER_SRC, sourcesMatching } from '../../../test-support/source-files';

// Every action the server writes to the admin history must be one of ADMIN_ACTIONS (the web app
// labels each: apps/web/src/features/admin/history-actions.test.ts). The compiler holds every
// call of recordAdminOperation and every accountAdmin route's `op` to that list; this test holds
// the server to writing the admin area only through them.

describe('the admin history', () => {
  it('is written only through recordAdminOperation (and the accountAdmin route audit)', () => {
    const writers = sourcesMatching(/area:\s*'admin'/);
    // route-audit.ts: the row of an accountAdmin route's `op`.
    expect(writers).toEqual(['access/operation-history.ts', 'access/route-audit.ts']);
    const audit = readFileSync(join(SERVER_SRC, 'access/route-access.ts'), 'utf8');
    expect(audit).toMatch(/kind: 'accountAdmin'; superOnly\?: boolean; op\?: AdminAction/);
  });

  it('has each action once, as area.name', () => {
    expect(new Set(ADMIN_ACTIONS).size).toBe(ADMIN_ACTIONS.length);
    for (const a of ADMIN_ACTIONS) expect(a).toMatch(/^[a-z]+\.[a-zA-Z]+$/);
  });
});
