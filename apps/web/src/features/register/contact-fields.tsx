import { useTranslation } from 'react-i18next';
import { CODE_LENGTH } from '@cgm/domain';
import { TextField } from '../../components/form-field';
import type { CodePurpose } from './register-api';
import { contactError, contactOf, type ContactInput } from './register-rules';
import { SendCodeButton } from './send-code-button';

export interface ContactForm extends ContactInput {
  code: string;
  seccodeToken: string | null;
}

export interface ContactFieldsProps {
  form: ContactForm;
  onChange: (patch: Partial<ContactForm>) => void;
  purpose: CodePurpose;
  /** Registration takes an email or a mobile number; the HCP application only an email. */
  allowMobile: boolean;
  contactError: string | null;
  codeError: string | null;
  onNotice: (notice: { kind: 'error' | 'success' | 'info'; text: string } | null) => void;
}

/** Email or mobile, "send code", and the 6-digit code (spec §2 "Registration", §5). */
export function ContactFields({
  form,
  onChange,
  purpose,
  allowMobile,
  contactError: shownError,
  codeError,
  onNotice,
}: ContactFieldsProps) {
  const { t } = useTranslation();
  const method = allowMobile ? form.method : 'email';

  const target = () => {
    const problem = contactError({ ...form, method });
    if (problem) {
      onNotice({ kind: 'error', text: t(problem) });
      return null;
    }
    onNotice(null);
    return contactOf({ ...form, method });
  };

  return (
    <>
      {allowMobile && (
        <fieldset className="segmented">
          <legend className="field__label">{t('register.contactMethod')}</legend>
          {(['email', 'mobile'] as const).map((m) => (
            <label key={m} className="segmented__option">
              <input
                type="radio"
                name="contactMethod"
                checked={method === m}
                onChange={() => onChange({ method: m, seccodeToken: null, code: '' })}
              />
              <span>{t(m === 'email' ? 'register.email' : 'register.mobile')}</span>
            </label>
          ))}
        </fieldset>
      )}
      {method === 'email' ? (
        <TextField
          label={t('register.email')}
          type="email"
          value={form.email}
          onValue={(v) => onChange({ email: v, seccodeToken: null })}
          autoComplete="email"
          required
          hint={t('register.emailHint')}
          error={shownError}
        />
      ) : (
        <TextField
          label={t('register.mobile')}
          type="tel"
          value={form.mobile}
          onValue={(v) => onChange({ mobile: v, seccodeToken: null })}
          autoComplete="tel"
          required
          hint={t('register.mobileHint')}
          error={shownError}
        />
      )}
      <div className="code-row">
        <TextField
          label={t('register.code')}
          value={form.code}
          onValue={(v) => onChange({ code: v.replace(/\D/g, '').slice(0, CODE_LENGTH) })}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={CODE_LENGTH}
          required
          error={codeError}
        />
        <SendCodeButton
          purpose={purpose}
          target={target}
          onSent={(token, to) => {
            onChange({ seccodeToken: token });
            onNotice({ kind: 'success', text: t('register.codeSent', { to }) });
          }}
          onError={(key, params) => onNotice({ kind: 'error', text: t(key, params) })}
        />
      </div>
    </>
  );
}
