import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NS_API, nsOkResponse, type RelationsResponse } from '@cgm/contract';
import { api, unwrap } from '../../api/api';
import { Dialog } from '../../components/dialog';
import { Notice } from '../../components/notice';
import { formatDate } from '../../i18n/format-time';
import { connectionKeys } from './connections-api';
import { PersonRow } from './person-row';

type App = RelationsResponse['oauth2'][number];

/**
 * The apps holding access to the patient's data (spec §2 "oauth2 apps"): Nightscout credentials and
 * OAuth grants, with when each was last used. The patient revokes any of them after confirming.
 */
export function AppsWithAccess({ uid, apps }: { uid: string; apps: readonly App[] }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<App | null>(null);
  const revoke = useMutation({
    mutationFn: async (app: App) =>
      unwrap(await api.post(NS_API.appRevoke(uid), { kind: app.kind, app_id: app.id }, nsOkResponse)),
    onSettled: () => {
      setAsking(null);
      void queryClient.invalidateQueries({ queryKey: connectionKeys.all });
    },
  });

  if (apps.length === 0) return <p className="empty-state">{t('connections.apps.empty')}</p>;
  const lastUsed = (app: App) =>
    app.last_used_at === null
      ? t('connections.apps.neverUsed')
      : t('connections.apps.lastUsed', { date: formatDate(app.last_used_at, i18n.language) });
  return (
    <>
      {revoke.isError && <Notice kind="error">{t('connections.apps.revokeFailed')}</Notice>}
      {revoke.isSuccess && <Notice kind="success">{t('connections.apps.revoked')}</Notice>}
      <ul className="people">
        {apps.map((app) => (
          <PersonRow
            key={`${app.kind}:${app.id}`}
            name={app.name}
            meta={
              <>
                {t(app.kind === 'oauth' ? 'connections.apps.kindOauth' : 'connections.apps.kindNightscout')}
                {' · '}
                {t(
                  app.scopes.some((s) => s.endsWith(':write'))
                    ? 'connections.apps.readWrite'
                    : 'connections.apps.readOnly',
                )}
                {' · '}
                {t('connections.sinceAccepted', { date: formatDate(app.since, i18n.language) })}
                {' · '}
                {lastUsed(app)}
              </>
            }
          >
            <button type="button" className="btn btn--secondary btn--small" onClick={() => setAsking(app)}>
              {t('connections.apps.revoke')}
            </button>
          </PersonRow>
        ))}
      </ul>
      <Dialog
        open={asking !== null}
        role="alertdialog"
        title={t('connections.apps.revokeTitle', { name: asking?.name ?? '' })}
        onClose={() => setAsking(null)}
        actions={
          <>
            <button type="button" className="btn btn--secondary" onClick={() => setAsking(null)}>
              {t('common.cancel')}
            </button>
            <button
              type="button"
              className="btn btn--danger"
              disabled={revoke.isPending}
              onClick={() => asking && revoke.mutate(asking)}
            >
              {t('connections.apps.revoke')}
            </button>
          </>
        }
      >
        <p>{t('connections.apps.revokeBody')}</p>
      </Dialog>
    </>
  );
}
