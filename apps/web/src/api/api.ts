import { createApiClient, type ApiClientDeps, type ApiResult } from './client';
import { ApiFailureError } from './errors';

// The application's instance of the client. The app shell wires in the session and navigation at
// start (configureApi), so this module does not depend on the app.

type Wiring = Pick<ApiClientDeps, 'getToken' | 'loginPage' | 'onAuthFailure' | 'onTermsRequired'>;

let wiring: Wiring = {
  getToken: () => null,
  loginPage: () => '/login',
  onAuthFailure: () => undefined,
};

export function configureApi(next: Wiring): void {
  wiring = next;
}

export const api = createApiClient({
  fetch: (input, init) => globalThis.fetch(input, init),
  getToken: () => wiring.getToken(),
  now: () => Date.now(),
  loginPage: () => wiring.loginPage(),
  onAuthFailure: (target) => wiring.onAuthFailure(target),
  onTermsRequired: () => wiring.onTermsRequired?.(),
});

/** For query functions: the data, or a thrown ApiFailureError. */
export function unwrap<T>(result: ApiResult<T>): T {
  if (!result.ok) throw new ApiFailureError(result);
  return result.data;
}
