import { useTranslation } from 'react-i18next';
import { useConfig } from '../../api/config';
import { Checkbox } from '../../components/form-field';
import { PolicyLink } from '../../components/policy-dialog';

export interface AgreementProps {
  checked: boolean;
  onChecked: (v: boolean) => void;
  error?: string | null;
}

/**
 * The agreement to privacy policy and terms, with their versions and the registration texts of
 * spec §1: health data only with consent; the European server keeps data 2 years.
 */
export function Agreement({ checked, onChecked, error }: AgreementProps) {
  const { t } = useTranslation();
  const config = useConfig();
  const european = config.data ? config.data.site !== 'china' : true;
  return (
    <fieldset className="agreement">
      <legend className="field__label">{t('register.agreement.title')}</legend>
      <p className="muted">{t('register.agreement.consent')}</p>
      {european && <p className="muted">{t('register.agreement.retention')}</p>}
      <p className="inline-links">
        <PolicyLink kind="privacy" />
        <PolicyLink kind="terms" />
      </p>
      {config.data && (
        <p className="muted small">
          {t('register.agreement.versions', {
            privacy: config.data.privacy_version,
            terms: config.data.terms_version,
          })}
        </p>
      )}
      <Checkbox
        label={t('register.agreement.checkbox')}
        checked={checked}
        onChecked={onChecked}
        error={error}
        required
      />
    </fieldset>
  );
}
