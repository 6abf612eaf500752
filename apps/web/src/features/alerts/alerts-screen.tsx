import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { defaultGlucoseUnit, type AlertSettings } from '@cgm/domain';
import { SESSION_KEYS } from '../../session/session';
import { sessionStore } from '../../lib/storage';
import { useSession } from '../../session/session-state';
import { Notice } from '../../components/notice';
import { Page, Spinner } from '../../components/page';
import { AlertHistoryTable } from '../../components/alert-history-table';
import { formatDateTime } from '../../i18n/format-time';
import {
  alertKeys,
  stopFollowerAlerts,
  useAlertFollowers,
  useAlertHistory,
  useAlertSettings,
} from './alerts-api';
import { AlertSettingsForm } from './alert-settings-form';
import { enablePush, pushState, type PushState } from './push';
import './alerts.css';

/**
 * /alerts (issue 16): the caller's alerts for a patient (`?uid=`, or the patient's own), this
 * browser's notifications, who else is alerted (the patient sees and can stop them), and the alert
 * history with every delivery attempt.
 */
export function AlertsScreen() {
  const { t } = useTranslation();
  const user = useSession();
  const [params] = useSearchParams();
  const uid = params.get('uid')?.trim() || (user?.userType === 'P' ? user.uid : null);
  if (!uid || !user) {
    return (
      <Page title={t('alerts.title')}>
        <Notice kind="info">{t('alerts.choosePatient')}</Notice>
      </Page>
    );
  }
  const own = uid === user.uid;
  return (
    <Page title={t('alerts.title')} width="wide">
      <PushSection />
      <SettingsSection uid={uid} />
      {own && <FollowersSection uid={uid} />}
      <HistorySection uid={uid} />
    </Page>
  );
}

function PushSection() {
  const { t } = useTranslation();
  const [state, setState] = useState<PushState | null>(null);
  useEffect(() => {
    void pushState().then(setState);
  }, []);
  return (
    <section className="alerts-section" aria-labelledby="alerts-push">
      <h2 id="alerts-push">{t('alerts.push.title')}</h2>
      {state && <p>{t(`alerts.push.${state}`)}</p>}
      {(state === 'off' || state === 'refused') && (
        <div>
          <button type="button" className="btn btn--primary" onClick={() => void enablePush().then(setState)}>
            {t('alerts.push.enable')}
          </button>
        </div>
      )}
    </section>
  );
}

function SettingsSection({ uid }: { uid: string }) {
  const { t } = useTranslation();
  const q = useAlertSettings(uid);
  if (q.isError) return <Notice kind="error">{t('alerts.noAccess')}</Notice>;
  if (!q.data) return <Spinner />;
  return (
    <section className="alerts-section" aria-labelledby="alerts-settings">
      <h2 id="alerts-settings">{t('alerts.settings.title')}</h2>
      {q.data.stoppedByPatient ? (
        <Notice kind="info">{t('alerts.settings.stoppedByPatient')}</Notice>
      ) : (
        <AlertSettingsForm
          uid={uid}
          on={q.data.on}
          settings={
            q.data.on
              ? (q.data.settings as AlertSettings)
              : // Not set up yet: thresholds in the unit of the follower's country.
                {
                  ...(q.data.settings as AlertSettings),
                  unit: defaultGlucoseUnit(sessionStore().getItem(SESSION_KEYS.locCode) ?? ''),
                }
          }
        />
      )}
    </section>
  );
}

function FollowersSection({ uid }: { uid: string }) {
  const { t } = useTranslation();
  const q = useAlertFollowers(uid, true);
  const client = useQueryClient();
  const toggle = async (followerId: string, stopped: boolean) => {
    await stopFollowerAlerts(uid, followerId, stopped);
    await client.invalidateQueries({ queryKey: alertKeys.followers(uid) });
  };
  return (
    <section className="alerts-section" aria-labelledby="alerts-followers">
      <h2 id="alerts-followers">{t('alerts.followers.title')}</h2>
      {!q.data ? (
        <Spinner />
      ) : q.data.length === 0 ? (
        <p className="muted">{t('alerts.followers.none')}</p>
      ) : (
        <ul className="stack">
          {q.data.map((f) => (
            <li key={f.uid} className="alert-settings__row">
              <span>
                {f.name} — {t(f.stoppedByPatient ? 'alerts.followers.stopped' : 'alerts.followers.alerted')}
              </span>
              <button
                type="button"
                className="btn btn--secondary btn--small"
                onClick={() => void toggle(f.uid, !f.stoppedByPatient)}
              >
                {t(f.stoppedByPatient ? 'alerts.followers.allow' : 'alerts.followers.stop')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function HistorySection({ uid }: { uid: string }) {
  const { t, i18n } = useTranslation();
  const q = useAlertHistory(uid);
  return (
    <section className="alerts-section" aria-labelledby="alerts-history">
      <h2 id="alerts-history">{t('alerts.history.title')}</h2>
      {!q.data ? (
        <Spinner />
      ) : q.data.length === 0 ? (
        <p className="muted">{t('alerts.history.none')}</p>
      ) : (
        <AlertHistoryTable entries={q.data} timeOf={(ms) => formatDateTime(ms, i18n.language)} />
      )}
    </section>
  );
}
