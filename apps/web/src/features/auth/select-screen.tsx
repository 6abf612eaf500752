import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguageButton } from '../../components/language-dialog';
import { Page } from '../../components/page';

/** The edition chooser: personal (patients, carers) or professional (HCP) sign-in (spec §1). */
export function SelectScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  // The country and language the guard put in the query travel on to the sign-in page.
  const query = new URLSearchParams();
  for (const key of ['country', 'language']) {
    const v = params.get(key);
    if (v) query.set(key, v);
  }
  const qs = query.toString() ? `?${query.toString()}` : '';
  return (
    <Page title={t('select.title')} lead={t('select.lead')}>
      <div className="choice-grid">
        <Link to="/login" className="choice">
          <span className="choice__title">{t('select.personal.title')}</span>
          <span className="choice__body">{t('select.personal.body')}</span>
        </Link>
        <Link to={`/hcpLogin${qs}`} className="choice">
          <span className="choice__title">{t('select.professional.title')}</span>
          <span className="choice__body">{t('select.professional.body')}</span>
        </Link>
      </div>
      <p className="center">
        <LanguageButton className="btn btn--secondary" />
      </p>
    </Page>
  );
}
