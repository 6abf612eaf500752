import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/page';
import { HcpApplyForm } from './hcp-apply-form';

/** /hcpSign: apply for a professional account. */
export function HcpSignScreen() {
  const { t } = useTranslation();
  return (
    <Page title={t('hcpApply.title')} lead={t('hcpApply.lead')}>
      <HcpApplyForm convert={false} />
      <p className="login-links">
        {t('register.haveAccount')}{' '}
        <Link to="/hcpLogin" className="link">
          {t('login.submit')}
        </Link>
      </p>
    </Page>
  );
}

/** /personalApply: a patient or carer who wants their account to become a professional one. */
export function PersonalApplyScreen() {
  const { t } = useTranslation();
  return (
    <Page title={t('hcpApply.convertPageTitle')} lead={t('hcpApply.convertLead')}>
      <HcpApplyForm convert />
      <p className="login-links">
        <Link to="/login" className="link">
          {t('hcpApply.backToPersonal')}
        </Link>
      </p>
    </Page>
  );
}
