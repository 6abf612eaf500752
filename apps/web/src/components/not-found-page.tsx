import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Page } from './page';

/** The page of an unknown address, and of routes whose screens are built elsewhere. */
export function NotFoundPage({ home = '/' }: { home?: string }) {
  const { t } = useTranslation();
  return (
    <Page title={t('notFound.title')} width="narrow">
      <p>{t('notFound.body')}</p>
      <p>
        <Link className="btn btn--primary" to={home}>
          {t('notFound.home')}
        </Link>
      </p>
    </Page>
  );
}
