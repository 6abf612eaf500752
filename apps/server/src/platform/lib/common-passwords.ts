import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * The passwords people choose most (about 49,000, from the maintained list shipped with
 * zxcvbn-ts), compared without case: `Password1` is `password1`. Checked on top of the spec's
 * rules, which such passwords can pass.
 */
const COMMON = new Set(dictionary['passwords-common'] as readonly string[]);

export const isCommonPassword = (password: string): boolean => COMMON.has(password.toLowerCase());
