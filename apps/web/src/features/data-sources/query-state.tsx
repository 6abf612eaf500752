import { useTranslation } from 'react-i18next';
import { ApiFailureError, failureKey } from '../../api/errors';
import { Notice } from '../../components/notice';
import { Spinner } from '../../components/page';

/** The loading spinner or the failure of a query, translated. */
export function QueryState({ pending, error }: { pending: boolean; error: unknown }) {
  const { t } = useTranslation();
  if (pending) return <Spinner />;
  if (!error) return null;
  const key = error instanceof ApiFailureError ? failureKey(error.failure) : 'errors.network';
  return <Notice kind="error">{t(key)}</Notice>;
}

/** The message of a failed save: the server's i18n key when it sent one, else the catalogue's. */
export function failureText(error: unknown, t: (key: string) => string, fallback: string): string {
  if (!(error instanceof ApiFailureError)) return t(fallback);
  return t(failureKey(error.failure));
}
