import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiFailureError, failureKey } from '../../../api/errors';
import { Notice } from '../../../components/notice';
import { Spinner } from '../../../components/page';
import { isRefusal } from '../reports-api';

/** The states of one report call: loading, refused (403), failed (with the server's message), data. */
export function Loadable<T>({
  q,
  children,
}: {
  q: UseQueryResult<T, unknown>;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (q.data !== undefined) return <>{children(q.data)}</>;
  if (q.error) {
    if (isRefusal(q.error)) return <Notice kind="warning">{t('reports.noAccess')}</Notice>;
    const f = q.error instanceof ApiFailureError ? q.error.failure : null;
    const key = f?.message?.startsWith('messages.') ? f.message : f ? failureKey(f) : 'errors.network';
    return (
      <Notice kind="error">
        {t(key)}{' '}
        <button type="button" className="link-btn no-print" onClick={() => void q.refetch()}>
          {t('common.reload')}
        </button>
      </Notice>
    );
  }
  return <Spinner />;
}

/** A section of a report with its heading (h3 on screen, kept with its content on paper). */
export function ReportSection({
  title,
  children,
  className,
}: {
  title: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={`report-section ${className ?? ''}`}>
      <h3 className="report-section__title">{title}</h3>
      {children}
    </section>
  );
}
