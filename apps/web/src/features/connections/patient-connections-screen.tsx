import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { RelationItem } from '@cgm/contract';
import { MESSAGES } from '@cgm/domain';
import { Notice } from '../../components/notice';
import { Page, Spinner } from '../../components/page';
import { ApiFailureError, failureKey } from '../../api/errors';
import { saveRequests, useSession } from '../../session/session-state';
import { formatDate } from '../../i18n/format-time';
import { useConfirmedChange } from './confirm-change';
import { useRelations } from './connections-api';
import { displayName } from './connection-view';
import { PersonRow } from './person-row';
import { AppsWithAccess } from './apps-with-access';
import { ClinicDesks } from './clinic-desks';
import './connections.css';

/**
 * The patient's connections (spec §2 /connection, §3 "Relations", §4, §6): who sees their data
 * (HCPs, carers, apps) and the requests waiting for their decision. Only the patient decides; before
 * agreeing they are warned that their data becomes visible to that person.
 */
export function PatientConnectionsScreen() {
  const { t, i18n } = useTranslation();
  const relations = useRelations();
  const uid = useSession()?.uid ?? '';
  const change = useConfirmedChange();
  const pending = relations.data?.pending;
  useEffect(() => {
    if (pending) saveRequests(pending.length);
  }, [pending]);

  const who = (r: RelationItem) => ({ name: displayName(r), username: r.username });
  const agree = (r: RelationItem) =>
    change.ask({
      call: 'permit',
      uid: r.uid,
      title: t('connections.agree.title', who(r)),
      body: (
        <>
          <Notice kind="warning">{t('connections.agree.warning', who(r))}</Notice>
          <p>{t('confirm.agreeConnection')}</p>
        </>
      ),
      confirmLabel: t('connections.agree.confirm'),
      doneKey: 'success.connectionAccepted',
      failKey: MESSAGES.acceptFailed,
    });
  const deny = (r: RelationItem) =>
    change.ask({
      call: 'reject',
      uid: r.uid,
      title: t('connections.deny.title', who(r)),
      body: <p>{t('confirm.denyConnection')}</p>,
      confirmLabel: t('connections.deny.confirm'),
      danger: true,
      doneKey: 'success.connectionRejected',
      failKey: MESSAGES.rejectFailed,
    });
  const remove = (r: RelationItem) =>
    change.ask({
      call: 'cancel',
      uid: r.uid,
      title: t('connections.remove.title', who(r)),
      body: <p>{t('confirm.removeConnection')}</p>,
      confirmLabel: t('connections.remove.confirm'),
      danger: true,
      doneKey: 'connections.remove.done',
      failKey: MESSAGES.modifyFailed,
    });

  const meta = (r: RelationItem) => (
    <>
      {r.username}
      {' · '}
      {t(r.follower_type === 'D' ? 'connections.role.hcp' : 'connections.role.carer')}
      {' · '}
      {t(r.state === 'ACCEPT' ? 'connections.sinceAccepted' : 'connections.sinceRequested', {
        date: formatDate(r.since, i18n.language),
      })}
      {/* The person's own words, isolated: an English note in Arabic keeps its quotes in place. */}
      {r.remark && (
        <>
          {' · '}
          <bdi className="person__remark">{`“${r.remark}”`}</bdi>
        </>
      )}
    </>
  );

  const followers = (list: RelationItem[], emptyKey: string) => {
    const accepted = list.filter((r) => r.state === 'ACCEPT');
    if (accepted.length === 0) return <p className="empty-state">{t(emptyKey)}</p>;
    return (
      <ul className="people">
        {accepted.map((r) => (
          <PersonRow key={r.uid} name={displayName(r)} meta={meta(r)} status={r.status}>
            <button type="button" className="btn btn--secondary btn--small" onClick={() => remove(r)}>
              {t('connections.remove.action')}
            </button>
          </PersonRow>
        ))}
      </ul>
    );
  };

  return (
    <Page title={t('connections.title')} width="wide" lead={t('connections.patientLead')}>
      {change.result && <Notice kind={change.result.kind}>{change.result.text}</Notice>}
      {relations.isPending && <Spinner />}
      {relations.error && (
        <Notice kind="error">
          {t(
            relations.error instanceof ApiFailureError
              ? failureKey(relations.error.failure)
              : 'errors.network',
          )}
        </Notice>
      )}
      {relations.data && (
        <>
          <section className="section" aria-labelledby="pending-title">
            <h2 id="pending-title" className="section__title">
              {t('connections.pending.title')}
            </h2>
            {relations.data.pending.length === 0 ? (
              <p className="empty-state">{t('connections.pending.empty')}</p>
            ) : (
              <ul className="people">
                {relations.data.pending.map((r) => (
                  <PersonRow key={r.uid} name={displayName(r)} meta={meta(r)} status={r.status}>
                    <button type="button" className="btn btn--primary btn--small" onClick={() => agree(r)}>
                      {t('connections.agree.action')}
                    </button>
                    <button type="button" className="btn btn--secondary btn--small" onClick={() => deny(r)}>
                      {t('connections.deny.action')}
                    </button>
                  </PersonRow>
                ))}
              </ul>
            )}
          </section>
          <section className="section" aria-labelledby="hcp-title">
            <h2 id="hcp-title" className="section__title">
              {t('connections.hcp.title')}
            </h2>
            {followers(relations.data.hcp, 'connections.hcp.empty')}
          </section>
          <section className="section" aria-labelledby="clinic-desks-title">
            <h2 id="clinic-desks-title" className="section__title">
              {t('clinicConsent.title')}
            </h2>
            <ClinicDesks uid={uid} />
          </section>
          <section className="section" aria-labelledby="carer-title">
            <h2 id="carer-title" className="section__title">
              {t('connections.carer.title')}
            </h2>
            {followers(relations.data.carer, 'connections.carer.empty')}
          </section>
          <section className="section" aria-labelledby="apps-title">
            <h2 id="apps-title" className="section__title">
              {t('connections.apps.title')}
            </h2>
            <AppsWithAccess uid={uid} apps={relations.data.oauth2} />
          </section>
        </>
      )}
      {change.dialog}
    </Page>
  );
}
