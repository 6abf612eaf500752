import { ErrorCode, errorInfo } from '@cgm/domain';

/**
 * A failure a service reports to the caller: a code of the catalogue (spec §8 plus ours), with the
 * HTTP status the catalogue gives, and extra fields the client needs (attempts_left, minutes_left…).
 */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly extra: Record<string, unknown> = {},
    readonly httpStatus: number = errorInfo(code).httpStatus,
  ) {
    super(errorInfo(code).messageKey);
  }
}

export const fail = (code: number, extra: Record<string, unknown> = {}): never => {
  throw new ApiError(code, extra);
};

export const invalidInput = (path: string, message: string): never =>
  fail(ErrorCode.INVALID_INPUT, { details: [{ path, message }] });
