import { ErrorCode } from '@cgm/domain';
import { ApiFailureError, failureKey } from '../../api/errors';

/**
 * The words for a failed connection call: the server's own reason where it is one the user can act
 * on (no such user, already requested or connected), otherwise the screen's message of spec §8
 * ("accepting a connection failed", "add contact failed"…).
 */
export function failureText(error: unknown, t: (key: string) => string, fallback: string): string {
  if (!(error instanceof ApiFailureError)) return t(fallback);
  const { code } = error.failure;
  if (code === ErrorCode.USER_NOT_EXIST) return t('messages.userNotExist');
  if (code === ErrorCode.CONFLICT) return t('connections.error.changed');
  if (code === ErrorCode.INVALID_INPUT || code === ErrorCode.FORBIDDEN) return t(failureKey(error.failure));
  return t(fallback);
}
