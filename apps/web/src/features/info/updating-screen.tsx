import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Notice } from '../../components/notice';
import { Page } from '../../components/page';

/** /updating: the portal is being updated; "try again" checks whether it answers again. */
export function UpdatingScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [stillDown, setStillDown] = useState(false);

  const retry = async () => {
    setBusy(true);
    setStillDown(false);
    try {
      const res = await fetch('/healthz', { cache: 'no-store' });
      if (res.ok) {
        void navigate('/', { replace: true });
        return;
      }
    } catch {
      // Still unreachable: say so below.
    }
    setBusy(false);
    setStillDown(true);
  };

  return (
    <Page title={t('updating.title')} width="narrow">
      <p>{t('updating.body')}</p>
      {stillDown && <Notice kind="info">{t('updating.stillUpdating')}</Notice>}
      <button type="button" className="btn btn--primary" disabled={busy} onClick={() => void retry()}>
        {t('updating.retry')}
      </button>
    </Page>
  );
}
