import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface PageProps {
  title: string;
  /**
   * narrow: a sign-in card; wide: a form with two columns on large screens; full: a table of many
   * columns, as wide as the patient view.
   */
  width?: 'narrow' | 'medium' | 'wide' | 'full';
  lead?: ReactNode;
  children: ReactNode;
}

/** A screen's frame: its heading, and the document title for tabs and history. */
export function Page({ title, width = 'medium', lead, children }: PageProps) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${title} · ${t('app.name')}`;
  }, [title, t]);
  return (
    <section className={`page page--${width}`} aria-labelledby="page-title">
      <div className="card">
        <h1 id="page-title" className="page__title">
          {title}
        </h1>
        {lead && <div className="page__lead">{lead}</div>}
        {children}
      </div>
    </section>
  );
}

export function Spinner({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className="spinner" role="status">
      <span className="spinner__ring" aria-hidden="true" />
      <span className="visually-hidden">{label ?? t('common.loading')}</span>
    </div>
  );
}
