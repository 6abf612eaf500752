import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ConnectionItem } from '@cgm/contract';
import { ApiFailureError, failureKey } from '../../api/errors';
import { Notice } from '../../components/notice';
import { Page, Spinner } from '../../components/page';
import { formatNumber } from '../../i18n/format';
import { formatAge } from '../../i18n/format-time';
import { useMyConnections } from './connections-api';
import { PersonRow } from './person-row';
import {
  canWithdraw,
  cardGlucose,
  cardPump,
  displayName,
  monitorLink,
  type CardGlucose,
} from './connection-view';
import './connections.css';

/** How often the ages on the cards move on between refreshes. */
const TICK_MS = 15_000;

/**
 * The carer's home (spec §2 carerConnection, §3 "Connection item"): a card for each patient who
 * agreed, with the latest glucose in the user's unit, trend and age ('--' after 3600 s, spec §4),
 * the pump's state, and the way to the live monitor. Refreshed every minute.
 */
export function CarerHomeScreen() {
  const { t } = useTranslation();
  const mine = useMyConnections(true);
  // Ages run on the server's clock: its time at the answer, then our ticks moved by the offset.
  const [tick, setTick] = useState<number | null>(null);
  useEffect(() => {
    const timer = setInterval(() => setTick(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  // A request still waiting for the patient: the empty page says so rather than "ask a patient".
  const waiting = mine.data?.requests.some(canWithdraw) ?? false;
  const serverTime = mine.data?.server_time ?? 0;
  const now = Math.max(serverTime, tick === null ? 0 : tick + (mine.data?.clockOffset ?? 0));

  return (
    <Page title={t('carer.title')} width="wide" lead={t('carer.lead')}>
      <p>
        <Link to="/addConnection" className="btn btn--secondary btn--small">
          {t('carer.add')}
        </Link>
      </p>
      {mine.isPending && <Spinner />}
      {mine.error && (
        <Notice kind="error">
          {t(mine.error instanceof ApiFailureError ? failureKey(mine.error.failure) : 'errors.network')}
        </Notice>
      )}
      {mine.data?.connections.length === 0 && (
        <p className="empty-state">{t(waiting ? 'carer.emptyWaiting' : 'carer.empty')}</p>
      )}
      {mine.data?.connections.length === 0 && waiting && (
        // The waiting requests themselves under their heading, never the heading alone.
        <section className="section" aria-labelledby="waiting-title">
          <h2 id="waiting-title" className="section__title">
            <Link to="/addConnection" className="link">
              {t('connections.requests.title')}
            </Link>
          </h2>
          <ul className="people">
            {mine.data.requests.filter(canWithdraw).map((r) => (
              <PersonRow key={r.uid} name={displayName(r)} meta={r.username} status={r.status} />
            ))}
          </ul>
        </section>
      )}
      {mine.data && mine.data.connections.length > 0 && (
        <ul className="patient-cards">
          {mine.data.connections.map((c) => (
            <PatientCard key={c.uid} item={c} glucose={cardGlucose(c.sensor_status, c.unit, now)} now={now} />
          ))}
        </ul>
      )}
    </Page>
  );
}

function PatientCard({ item, glucose, now }: { item: ConnectionItem; glucose: CardGlucose; now: number }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const pump = cardPump(item.pump_status, now);
  const reading = item.sensor_status?.glucoseHidden
    ? t('carer.glucoseHidden')
    : glucose.kind === 'value' && glucose.value !== null
      ? formatNumber(glucose.value, lang, {
          minimumFractionDigits: glucose.decimals,
          maximumFractionDigits: glucose.decimals,
        })
      : glucose.kind === 'high'
        ? t('monitor.glucose.high')
        : glucose.kind === 'low'
          ? t('monitor.glucose.low')
          : '--';
  const shows = glucose.kind === 'value' || glucose.kind === 'high' || glucose.kind === 'low';
  return (
    <li className="patient-card">
      <h2 className="section__title">{displayName(item)}</h2>
      <div
        className={`patient-card__glucose${glucose.old ? ' patient-card__glucose--old' : ''}`}
        aria-label={t('carer.glucose')}
      >
        <span className="patient-card__value">{reading}</span>
        {shows && <span className="unit">{glucose.unit}</span>}
        {shows && glucose.trend?.arrow && (
          <span className="patient-card__trend" role="img" aria-label={t(glucose.trend.labelKey)}>
            {glucose.trend.arrow}
          </span>
        )}
      </div>
      {shows && glucose.flagKey && <p className="small patient-card__flag">{t(glucose.flagKey)}</p>}
      <p className="small muted">
        {glucose.ageMs === null
          ? t('carer.noReading')
          : t(glucose.kind === 'stale' ? 'carer.staleAge' : 'carer.age', {
              age: formatAge(glucose.ageMs, lang),
            })}
      </p>
      <p>
        <span className="muted">{t('carer.pump')}: </span>
        {pump.stateKey ? t(pump.stateKey) : '--'}
      </p>
      <p className="patient-card__actions">
        <Link to={`/Hcp?uid=${encodeURIComponent(item.uid)}`} className="btn btn--primary btn--small">
          {t('overview.open')}
        </Link>{' '}
        <Link to={monitorLink(item.uid)} className="btn btn--secondary btn--small">
          {t('carer.openMonitor')}
        </Link>
      </p>
    </li>
  );
}
