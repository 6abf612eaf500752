// The error catalogue (spec §8). Codes below 100 are the spec's; codes from 100 are ours, for
// what the spec leaves "not shown" (bad input, permissions, rate limits…). Every API body carries
// one of these in `error`; `messageKey` is the i18n key the web app shows.

export const ErrorCode = {
  SUCCESS: 0,
  USER_NOT_EXIST: 2,
  HCP_APPLY_USER_EXISTS: 3,
  WRONG_PASSWORD: 9,
  WRONG_USER_TYPE: 10,
  TOKEN_INVALID_HCP: 12,
  TOKEN_INVALID: 14,
  REGISTER_FAILED_SPECIFIC: 26,
  TIME_OVERLAP: 34,
  NOT_APPROVED: 52,
  LOCKED: 62,
  MFA_REQUIRED: 63,
  MFA_CODE_WRONG: 64,
  WRONG_REGION: 71,
  INVALID_INPUT: 100,
  UNAUTHORIZED: 101,
  FORBIDDEN: 102,
  NOT_FOUND: 103,
  CODE_WRONG: 104,
  INVITATION_WRONG: 105,
  OLD_PASSWORD_WRONG: 106,
  RATE_LIMITED: 107,
  TERMS_REQUIRED: 108,
  GUARDIAN_CONSENT_REQUIRED: 109,
  CONFLICT: 110,
  PAYLOAD_TOO_LARGE: 111,
  PASSWORD_CHANGE_REQUIRED: 112,
  SEND_FAILED: 113,
  INTERNAL: 500,
} as const;

export type ErrorName = keyof typeof ErrorCode;
export type ErrorCodeValue = (typeof ErrorCode)[ErrorName];

export interface ErrorInfo {
  code: ErrorCodeValue;
  name: ErrorName;
  /** `errors.<camelName>`, translated by the web app. */
  messageKey: string;
  /**
   * HTTP status to answer with, login outcomes included (a wrong password is 401, a lock 423): the
   * client branches on the body's code, and the status tells proxies, logs and monitors the truth.
   */
  httpStatus: number;
  /** True for the codes the login call returns (spec §8 "Login codes"). */
  login: boolean;
  /** Where the web app goes on this code (spec §8 "Other codes"). */
  redirect?: '/login' | '/hcpLogin' | '/verificationCode';
  /** What the code means here, for the API notes. */
  meaning: string;
}

type Row = [status: number, login: boolean, meaning: string, redirect?: ErrorInfo['redirect']];

const ROWS: Record<ErrorName, Row> = {
  SUCCESS: [200, true, 'Success.'],
  USER_NOT_EXIST: [404, true, 'The user does not exist (login, seccode, connection search).'],
  HCP_APPLY_USER_EXISTS: [409, false, 'HCP apply: the user exists as an HCP or as another type.'],
  WRONG_PASSWORD: [401, true, 'Incorrect password; the body tells the attempts left.'],
  WRONG_USER_TYPE: [403, true, 'The account is not of the user type the login page is for.'],
  TOKEN_INVALID_HCP: [401, false, 'No or bad token on the patient list: go to /hcpLogin.', '/hcpLogin'],
  TOKEN_INVALID: [401, false, 'No or bad token: go to /login.', '/login'],
  REGISTER_FAILED_SPECIFIC: [409, false, 'Registration failed: the username is already registered.'],
  TIME_OVERLAP: [409, false, 'Sessions or data-option time ranges overlap.'],
  NOT_APPROVED: [403, true, 'The HCP account is not approved yet.'],
  LOCKED: [423, true, 'Locked after too many failed passwords; the body tells the minutes left.'],
  MFA_REQUIRED: [401, true, 'Second factor required: go to the verification code step.', '/verificationCode'],
  MFA_CODE_WRONG: [400, true, 'The second-factor code is incorrect or expired.'],
  WRONG_REGION: [403, true, 'The account lives on another regional site.'],
  INVALID_INPUT: [400, false, 'The request body, query or path is invalid; details list the fields.'],
  UNAUTHORIZED: [401, false, 'No or bad token on a call that has no spec code for it.'],
  FORBIDDEN: [403, false, 'The user may not see or change this data.'],
  NOT_FOUND: [404, false, 'No such resource.'],
  CODE_WRONG: [400, false, 'The verification code is incorrect or expired.'],
  INVITATION_WRONG: [400, false, 'The invitation code is incorrect.'],
  OLD_PASSWORD_WRONG: [400, false, 'The old password is incorrect.'],
  RATE_LIMITED: [429, false, 'Too many requests, e.g. a code resent within 60 s.'],
  TERMS_REQUIRED: [403, false, 'The privacy policy and terms must be accepted first.'],
  GUARDIAN_CONSENT_REQUIRED: [400, false, 'Under 16: parent or guardian consent is required.'],
  CONFLICT: [409, false, 'The change conflicts with the current state.'],
  PAYLOAD_TOO_LARGE: [413, false, 'The request body is too large.'],
  PASSWORD_CHANGE_REQUIRED: [
    403,
    true,
    'Login: the password was chosen by someone else (an HCP who created the account); no session opens until the user sets their own with the password_token.',
  ],
  SEND_FAILED: [
    502,
    false,
    'The mail server or SMS gateway refused the message (a verification code): nothing was sent; try again.',
  ],
  INTERNAL: [500, false, 'Unexpected server error.'],
};

function camel(name: string): string {
  return name.toLowerCase().replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
}

export const ERRORS: readonly ErrorInfo[] = (Object.keys(ErrorCode) as ErrorName[]).map((name) => {
  const [status, login, meaning, redirect] = ROWS[name];
  return {
    code: ErrorCode[name],
    name,
    messageKey: `errors.${camel(name)}`,
    httpStatus: status,
    login,
    ...(redirect ? { redirect } : {}),
    meaning,
  };
});

const BY_CODE: ReadonlyMap<number, ErrorInfo> = new Map(ERRORS.map((e) => [e.code, e]));

export function isErrorCode(code: unknown): code is ErrorCodeValue {
  return typeof code === 'number' && BY_CODE.has(code);
}

/** The catalogue entry; an unknown code reads as INTERNAL so nothing is left unexplained. */
export function errorInfo(code: number): ErrorInfo {
  return BY_CODE.get(code) ?? BY_CODE.get(ErrorCode.INTERNAL)!;
}

/** The codes the login call answers (spec §8 "Login codes"), in the spec's order. */
export const LOGIN_CODES: readonly ErrorCodeValue[] = ERRORS.filter((e) => e.login).map((e) => e.code);
