import { describe, expect, it } from 'vitest';
import { checkPassword } from '@cgm/domain';
import { InputProblems } from './input-problems';

describe('InputProblems.password', () => {
  it('refuses a common password that passes the spec rules (Password1, Sunshine1)', () => {
    for (const common of ['Password1', 'Sunshine1']) {
      expect(checkPassword(common, 'pat@example.com', 'register').ok).toBe(true);
      const problems = new InputProblems();
      problems.password('password', common, 'pat@example.com', 'register');
      expect(problems.details).toEqual([{ path: 'password', message: 'password.common' }]);
    }
  });

  it('takes an uncommon password that passes the spec rules', () => {
    const problems = new InputProblems();
    problems.password('password', 'Gluco$e9x', 'pat@example.com', 'register');
    expect(problems.details).toEqual([]);
  });
});
