import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ActiveAlert } from '@cgm/contract';
import { formatTime } from '../../i18n/format-time';
import { acknowledgeAlert, alertKeys, snoozeAlert, useActiveAlerts } from './alerts-api';
import { playAlertSound } from './alert-sound';
import { bannerAlerts, shouldSound } from './alert-view';
import './alerts.css';

const SNOOZE_CHOICES = [30, 60, 120] as const;

/**
 * The in-app alert banner on every portal page of a signed-in patient, carer or HCP (issue 16):
 * the alerts that stand now, loud (with a sound) until someone acknowledges them; acknowledged ones
 * stay as a quiet line, so the other followers know someone acts.
 */
export function AlertBanner({ enabled }: { enabled: boolean }) {
  const { t, i18n } = useTranslation();
  const query = useActiveAlerts(enabled);
  const client = useQueryClient();
  const heard = useRef(new Map<string, number | null>());
  const [busy, setBusy] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const { loud, acknowledged } = bannerAlerts(query.data ?? []);

  useEffect(() => {
    if (!shouldSound(loud, heard.current)) return;
    playAlertSound(loud.some((a) => a.urgent));
    for (const a of loud) heard.current.set(a.episodeId, a.lastSentAt);
  }, [loud]);

  if (!enabled || (!loud.length && !acknowledged.length)) return null;
  const act = async (a: ActiveAlert, call: () => Promise<{ ok: boolean }>) => {
    setBusy(a.episodeId);
    const res = await call();
    setBusy(null);
    setFailed(!res.ok);
    await client.invalidateQueries({ queryKey: alertKeys.active });
  };
  const what = (a: ActiveAlert) => t(`alerts.kind.${a.kind}`);
  return (
    <section className="alert-banner" aria-label={t('alerts.banner.label')}>
      {loud.map((a) => (
        <div
          key={a.episodeId}
          className={`alert-banner__item${a.urgent ? ' alert-banner__item--urgent' : ''}`}
          role="alert"
        >
          <p className="alert-banner__text">
            <strong>{a.patient.name}</strong>: {what(a)}{' '}
            <span className="alert-banner__since">
              {t('alerts.banner.since', { time: formatTime(a.startedAt, i18n.language) })}
            </span>
          </p>
          <div className="alert-banner__actions">
            <a
              className="btn btn--secondary btn--small"
              href={`/monitor?uid=${encodeURIComponent(a.patient.uid)}`}
            >
              {t('alerts.banner.open')}
            </a>
            <button
              type="button"
              className="btn btn--primary btn--small"
              disabled={busy === a.episodeId}
              onClick={() => void act(a, () => acknowledgeAlert(a.patient.uid, a.episodeId))}
            >
              {t('alerts.banner.acknowledge')}
            </button>
            {SNOOZE_CHOICES.map((m) => (
              <button
                key={m}
                type="button"
                className="btn btn--secondary btn--small"
                disabled={busy === a.episodeId}
                onClick={() => void act(a, () => snoozeAlert(a.patient.uid, a.episodeId, m))}
              >
                {t('alerts.banner.snooze', { minutes: m })}
              </button>
            ))}
          </div>
        </div>
      ))}
      {acknowledged.map((a) => (
        <p key={a.episodeId} className="alert-banner__acknowledged" role="status">
          <strong>{a.patient.name}</strong>: {what(a)} —{' '}
          {t('alerts.banner.acknowledgedBy', {
            name: a.acknowledgedBy || t('alerts.banner.someone'),
            time: formatTime(a.acknowledgedAt!, i18n.language),
          })}
        </p>
      ))}
      {failed && <p className="alert-banner__failed">{t('alerts.banner.failed')}</p>}
    </section>
  );
}
