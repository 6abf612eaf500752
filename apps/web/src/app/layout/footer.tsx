import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../api/config';
import { Dialog } from '../../components/dialog';
import { PolicyLink } from '../../components/policy-dialog';

export function Footer() {
  const { t, i18n } = useTranslation();
  const [contact, setContact] = useState(false);
  // The operator's ICP filing number comes from the server's configuration; shown only in Chinese (spec §2).
  const filing = useConfig().data?.icp_filing ?? null;
  const year = new Intl.DateTimeFormat(i18n.language, { year: 'numeric' }).format(new Date());
  return (
    <footer className="footer">
      <div className="footer__inner">
        <nav className="footer__links" aria-label={t('footer.label')}>
          <button type="button" className="link-btn" aria-haspopup="dialog" onClick={() => setContact(true)}>
            {t('footer.contact')}
          </button>
          <PolicyLink kind="privacy" />
          <PolicyLink kind="terms" />
        </nav>
        <p className="footer__copy">{t('footer.copyright', { year })}</p>
        {i18n.language === 'zh-CN' && filing && (
          <p className="footer__filing">
            <a href="https://beian.miit.gov.cn/" rel="noopener noreferrer" target="_blank">
              {t('footer.filing', { number: filing })}
            </a>
          </p>
        )}
      </div>
      {contact && <ContactDialog onClose={() => setContact(false)} />}
    </footer>
  );
}

function ContactDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const config = useConfig();
  const site = config.data ? config.data.sites[config.data.site] : null;
  return (
    <Dialog
      open
      onClose={onClose}
      title={t('footer.contactTitle')}
      actions={
        <button type="button" className="btn btn--primary" onClick={onClose}>
          {t('common.close')}
        </button>
      }
    >
      <p>{t('footer.contactBody')}</p>
      {config.data && (
        <p>
          <a href={`mailto:${config.data.contact_email}`} dir="ltr">
            {config.data.contact_email}
          </a>
        </p>
      )}
      <p>{t('footer.contactEmergency')}</p>
      {site && (
        <p>
          {t('footer.contactSite')}{' '}
          <a href={site} rel="noopener noreferrer">
            {site}
          </a>
        </p>
      )}
    </Dialog>
  );
}
