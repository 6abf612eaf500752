import { useTranslation } from 'react-i18next';
import { MINIMUM_VERSIONS, type BrowserName } from '../../lib/browser';
import { Page } from '../../components/page';

/** /error: the browser is older than the portal supports (spec §5 "Browser"). */
export function UnsupportedBrowserScreen() {
  const { t } = useTranslation();
  return (
    <Page title={t('unsupported.title')} width="narrow" lead={t('unsupported.lead')}>
      <table className="table">
        <caption className="visually-hidden">{t('unsupported.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('unsupported.browser')}</th>
            <th scope="col">{t('unsupported.minimum')}</th>
          </tr>
        </thead>
        <tbody>
          {(Object.keys(MINIMUM_VERSIONS) as BrowserName[]).map((b) => (
            <tr key={b}>
              <td>{t(`unsupported.names.${b}`)}</td>
              <td dir="ltr">{MINIMUM_VERSIONS[b]}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>{t('unsupported.update')}</p>
    </Page>
  );
}
