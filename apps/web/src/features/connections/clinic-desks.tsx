import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { API, clinicConsentsResponse, nsOkResponse, type ClinicConsentItem } from '@cgm/contract';
import { api, unwrap } from '../../api/api';
import { Dialog } from '../../components/dialog';
import { Notice } from '../../components/notice';
import { formatDate } from '../../i18n/format-time';
import { connectionKeys } from './connections-api';
import { PersonRow } from './person-row';

type Change = { clinic: ClinicConsentItem; give: boolean };

/**
 * The clinics of the patient's accepted HCPs, and whether each clinic's desk (an account its staff
 * share) may read the patient's data (docs/PERMISSIONS.md "Clinic login"). Accepting an HCP does not
 * let their clinic's desk in: the patient gives that here, after a warning, and revokes it here.
 */
export function ClinicDesks({ uid }: { uid: string }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<Change | null>(null);
  const consents = useQuery({
    queryKey: [...connectionKeys.all, 'clinic-consents', uid],
    queryFn: async ({ signal }) =>
      unwrap(await api.get(API.clinicConsents(uid), clinicConsentsResponse, { signal })).clinics,
  });
  const change = useMutation({
    mutationFn: async ({ clinic, give }: Change) =>
      unwrap(
        await api.post(
          give ? API.clinicConsentGive(uid) : API.clinicConsentRevoke(uid),
          { clinic_id: clinic.clinic_id },
          nsOkResponse,
        ),
      ),
    onSettled: () => {
      setAsking(null);
      void queryClient.invalidateQueries({ queryKey: connectionKeys.all });
    },
  });

  if (consents.error) return <Notice kind="error">{t('clinicConsent.loadFailed')}</Notice>;
  if (!consents.data) return null;
  if (consents.data.length === 0) return <p className="empty-state">{t('clinicConsent.empty')}</p>;
  const name = asking?.clinic.name ?? '';
  const unanswered = consents.data.filter((c) => !c.given);
  return (
    <div className="clinic-desks">
      <p className="muted">{t('clinicConsent.intro')}</p>
      {unanswered.length > 0 && (
        // Desks of clinics the patient's HCPs work at read nothing until the patient allows it, also
        // for connections made before this consent existed: ask plainly rather than leave it unseen.
        <Notice kind="info">
          {t('clinicConsent.ask', { names: unanswered.map((c) => c.name).join(', ') })}
        </Notice>
      )}
      {change.isError && <Notice kind="error">{t('clinicConsent.failed')}</Notice>}
      <ul className="people">
        {consents.data.map((c) => (
          <PersonRow
            key={c.clinic_id}
            name={c.name}
            meta={
              <>
                {c.given_at !== null
                  ? t('clinicConsent.given', { date: formatDate(c.given_at, i18n.language) })
                  : t('clinicConsent.notGiven')}
                {c.hcps.length > 0 && ` · ${t('clinicConsent.through', { names: c.hcps.join(', ') })}`}
              </>
            }
          >
            {c.given ? (
              <button
                type="button"
                className="btn btn--secondary btn--small"
                onClick={() => setAsking({ clinic: c, give: false })}
              >
                {t('clinicConsent.revoke')}
              </button>
            ) : (
              <button
                type="button"
                className="btn btn--primary btn--small"
                onClick={() => setAsking({ clinic: c, give: true })}
              >
                {t('clinicConsent.give')}
              </button>
            )}
          </PersonRow>
        ))}
      </ul>
      <Dialog
        open={asking !== null}
        role="alertdialog"
        title={t(asking?.give ? 'clinicConsent.giveTitle' : 'clinicConsent.revokeTitle', { name })}
        onClose={() => setAsking(null)}
        actions={
          <>
            <button type="button" className="btn btn--secondary" onClick={() => setAsking(null)}>
              {t('common.cancel')}
            </button>
            <button
              type="button"
              className={asking?.give ? 'btn btn--primary' : 'btn btn--danger'}
              disabled={change.isPending}
              onClick={() => asking && change.mutate(asking)}
            >
              {t(asking?.give ? 'clinicConsent.give' : 'clinicConsent.revoke')}
            </button>
          </>
        }
      >
        {asking?.give ? (
          <Notice kind="warning">{t('clinicConsent.giveWarning', { name })}</Notice>
        ) : (
          <p>{t('clinicConsent.revokeBody', { name })}</p>
        )}
      </Dialog>
    </div>
  );
}
