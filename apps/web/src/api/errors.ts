import { errorInfo } from '@cgm/domain';
import { CLIENT_CODES, type ApiFailure } from './client';

/** The i18n key that explains a failed call to the user (spec §8; the catalogue is in domain). */
export function failureKey(f: Pick<ApiFailure, 'code'>): string {
  switch (f.code) {
    case CLIENT_CODES.network:
      return 'errors.network';
    case CLIENT_CODES.timeout:
      return 'errors.timeout';
    case CLIENT_CODES.badResponse:
      return 'errors.badResponse';
    case CLIENT_CODES.aborted:
      return 'errors.aborted';
    default:
      return errorInfo(f.code).messageKey;
  }
}

/** Thrown by query functions so TanStack Query sees a failure; carries the API failure. */
export class ApiFailureError extends Error {
  constructor(readonly failure: ApiFailure) {
    super(`API error ${failure.code}`);
    this.name = 'ApiFailureError';
  }
}
