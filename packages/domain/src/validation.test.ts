import { describe, it, expect } from 'vitest';
import {
  ageOn,
  checkPassword,
  hasSequence,
  isValidCode,
  isValidEmail,
  isValidHeightOrWeight,
  isValidMobile,
  isValidNotes,
  isValidPostcode,
  isValidRealName,
  needsGuardianConsent,
  normalizeUsername,
  NOTES_MAX_LENGTH,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PASSWORD_MIN_REGISTER,
  passwordKinds,
} from './validation';

describe('checkPassword (spec §5 "Password", §9 "Limits")', () => {
  it('has the spec limits', () => {
    expect([PASSWORD_MIN, PASSWORD_MAX, PASSWORD_MIN_REGISTER]).toEqual([6, 20, 8]);
  });

  it.each([
    // [password, username, context, problems]
    ['Xy9#mq', 'ann', 'change', []],
    ['Xy9#m', 'ann', 'change', ['password.tooShort']],
    ['Xy9#mq', 'ann', 'register', ['password.tooShort']],
    ['Xy9#mqLp', 'ann', 'register', []],
    ['Xy9#mq', 'ann', 'reset', []],
    ['Xy9#mqLpXy9#mqLpXy9#m', 'ann', 'change', ['password.tooLong']],
    ['Xy9#mqLpXy9#mqLpXy9#', 'ann', 'change', []],
    ['xyzzyq', 'ann', 'change', ['password.kinds', 'password.sequence']],
    ['xyqwmq', 'ann', 'change', ['password.kinds']],
    ['Xyqwmq', 'ann', 'change', ['password.kinds']],
    ['Xyqwm9', 'ann', 'change', []],
    ['xyqw9#', 'ann', 'change', []],
    ['Ann#9w', 'ann#9W', 'change', ['password.sameAsUsername']],
    ['Xy123#', 'ann', 'change', ['password.sequence']],
    ['Xy321#', 'ann', 'change', ['password.sequence']],
    ['9#aBcQ', 'ann', 'change', ['password.sequence']],
    ['9#CbAq', 'ann', 'change', ['password.sequence']],
    ['Xy13#5', 'ann', 'change', []],
    ['Xy 9#mq', 'ann', 'change', ['password.spaces']],
    ['', 'ann', 'register', ['password.required']],
  ] as const)('%s (user %s, %s) → %j', (password, username, context, problems) => {
    const result = checkPassword(password, username, context);
    expect(result.problems).toEqual(problems);
    expect(result.ok).toBe(problems.length === 0);
  });

  it('defaults to the change form (6 to 20)', () => {
    expect(checkPassword('Xy9#mq', 'ann').ok).toBe(true);
  });

  it('counts the four kinds (upper, lower, digit, special)', () => {
    expect(passwordKinds('aA1#')).toBe(4);
    expect(passwordKinds('aA')).toBe(2);
    expect(passwordKinds('ÄÖü9')).toBe(3);
  });

  it('finds runs of three only: 12 and ab are not sequences, and a digit-letter mix is not', () => {
    expect(hasSequence('12x')).toBe(false);
    expect(hasSequence('9ab8')).toBe(false);
    expect(hasSequence('89a')).toBe(false);
    expect(hasSequence('xyz')).toBe(true);
    expect(hasSequence('a1b2c3')).toBe(false);
  });
});

describe('field rules (spec §5)', () => {
  it.each([
    ['ann@example.com', true],
    ['Ann.Lee+cgm@mail.example.co.uk', true],
    ['ann@example', false],
    ['ann example@x.com', false],
    ['@example.com', false],
    ['ann@@example.com', false],
    ['', false],
  ])('email %s → %s', (s, ok) => expect(isValidEmail(s)).toBe(ok));

  it.each([
    ['+49 (30) 123-456', true],
    ['13800138000', true],
    ['+-() ', false], // spec: at least 1 digit
    ['1234', false],
    ['123456789012345678901', false],
    ['12345a', false],
  ])('mobile %s → %s', (s, ok) => expect(isValidMobile(s)).toBe(ok));

  it.each([
    ['123456', true],
    ['12345', false],
    ['1234567', false],
    ['12345a', false],
    ['١٢٣٤٥٦', false], // Arabic-Indic digits are not what the code mail contains
  ])('verification code %s → %s', (s, ok) => expect(isValidCode(s)).toBe(ok));

  it.each([
    ['Ann Lee', true],
    ['Zoë Ångström', true],
    ['王小明明', true],
    ['محمد علي', true],
    ['José2 ', true],
    ['Ann', false],
    ['    ', false],
    ['Anne-Marie', true],
    ["Liam O'Connor", true],
    ['Sinéad D’Arcy', true],
    ['Γιώργος Παπάς', true],
    ['שרה כהן', true],
    ['Dániel Kovács', true],
    ['-Anne', false],
    ['Anne-', false],
    ['Anne--Marie', false],
    ['Anne - Marie', false],
    ["O'", false],
    ['Ann_Lee', false],
    ['Ann.Lee', false],
    ['A'.repeat(21), false],
    ['A'.repeat(20), true],
  ])('real name %j → %s', (s, ok) => expect(isValidRealName(s)).toBe(ok));

  it.each([
    ['100083', true],
    ['10008', false],
    ['1000833', false],
  ])('postcode %s → %s', (s, ok) => expect(isValidPostcode(s)).toBe(ok));

  it.each([
    ['70', true],
    ['172.5', true],
    [65, true],
    ['7', false],
    ['7.5', false],
    ['00', false],
    ['-70', false],
    ['abc', false],
  ] as const)('height or weight %s → %s', (s, ok) => expect(isValidHeightOrWeight(s)).toBe(ok));

  it('notes hold at most 1000 characters (spec §9), emoji counted once', () => {
    expect(NOTES_MAX_LENGTH).toBe(1000);
    expect(isValidNotes('x'.repeat(1000))).toBe(true);
    expect(isValidNotes('x'.repeat(1001))).toBe(false);
    expect(isValidNotes('😀'.repeat(1000))).toBe(true);
  });

  it('normalises usernames: trimmed, emails lower-cased (spec §5: the email becomes the username)', () => {
    expect(normalizeUsername('  Ann@Example.COM ')).toBe('ann@example.com');
    expect(normalizeUsername(' +49 30 123 ')).toBe('+49 30 123');
  });
});

describe('age and guardian consent (spec §1, §5, §9: under 16 needs consent)', () => {
  it.each([
    ['2010-06-15', '2026-06-14', 15],
    ['2010-06-15', '2026-06-15', 16],
    ['2008-02-29', '2024-02-28', 15],
    ['2008-02-29', '2024-02-29', 16],
    ['2008-02-29', '2025-02-28', 16],
    ['2000-01-01', '2000-01-01T10:00:00Z', 0],
  ])('born %s, on %s → %d', (b, t, age) => expect(ageOn(b, t)).toBe(age));

  it('needs consent below 16 only', () => {
    expect(needsGuardianConsent('2010-06-15', '2026-06-14')).toBe(true);
    expect(needsGuardianConsent('2010-06-15', '2026-06-15')).toBe(false);
  });

  it('rejects dates that are not on the calendar', () => {
    expect(() => ageOn('2010-02-30', '2026-01-01')).toThrow(RangeError);
    expect(() => ageOn('yesterday', '2026-01-01')).toThrow(RangeError);
  });
});
