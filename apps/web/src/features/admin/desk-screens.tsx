import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApplicationsPanel } from './applications-panel';
import { AdminPage } from './admin-ui';
import { HcpForm } from './hcp-form';

/** /CreateHCP_list: the applications list of account admins. */
export function ApplicationsScreen() {
  const { t } = useTranslation();
  return (
    <AdminPage title={t('hcpDesk.listTitle')} lead={t('hcpDesk.listLead')}>
      <ApplicationsPanel />
    </AdminPage>
  );
}

/** /createHcp: an account admin creates HCP accounts. */
export function CreateHcpScreen() {
  const { t } = useTranslation();
  return (
    <AdminPage title={t('hcpDesk.createTitle')} lead={t('hcpDesk.createLead')}>
      <HcpForm />
    </AdminPage>
  );
}

/** /CreateHCP: the admin login's home (spec §2), its whole desk: applications and new accounts. */
export function DeskHomeScreen() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<'list' | 'create'>('list');
  return (
    <AdminPage title={t('hcpDesk.deskTitle')}>
      <div className="adm-actions" role="tablist" aria-label={t('hcpDesk.deskTitle')}>
        {(['list', 'create'] as const).map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={tab === k}
            className={tab === k ? 'chip chip--selected' : 'chip'}
            onClick={() => setTab(k)}
          >
            {t(k === 'list' ? 'hcpDesk.listTitle' : 'hcpDesk.createTitle')}
          </button>
        ))}
      </div>
      <div role="tabpanel">{tab === 'list' ? <ApplicationsPanel /> : <HcpForm />}</div>
    </AdminPage>
  );
}
