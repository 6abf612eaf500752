import { describe, expect, it } from 'vitest';
import { isValidRealName } from '@cgm/domain';
import { DEMO_PEOPLE } from './demo-people';
import { DEMO_ACCOUNTS } from './seed-demo';

// The demo's names follow the real-name rule (spec §5), so a clinician can save any demo record.
describe('demo names', () => {
  it.each([...DEMO_PEOPLE.map((p) => p.realname), ...DEMO_ACCOUNTS.map((a) => a.realname)])(
    '%s follows the real-name rule',
    (name) => expect(isValidRealName(name)).toBe(true),
  );
});
