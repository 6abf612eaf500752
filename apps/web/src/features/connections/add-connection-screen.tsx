import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ConnectionItem, ConnectionRequest, RelationSearchResponse } from '@cgm/contract';
import { ErrorCode, MESSAGES } from '@cgm/domain';
import { Notice } from '../../components/notice';
import { TextField } from '../../components/form-field';
import { Page, Spinner } from '../../components/page';
import { formatDate } from '../../i18n/format-time';
import { useConfirmedChange } from './confirm-change';
import { connectionKeys, searchPatient, sendRequest, useMyConnections } from './connections-api';
import { canAskAgain, canWithdraw, displayName } from './connection-view';
import { PersonRow } from './person-row';
import { InvitationPanel } from './invitation-panel';
import './connections.css';

type Found = RelationSearchResponse['user'];
type Message = { kind: 'success' | 'error'; text: string };

/** What failed a search or a request, in words the user can act on (spec §8). */
function requestProblem(code: number, t: (k: string) => string, fallback: string): string {
  if (code === ErrorCode.USER_NOT_EXIST) return t(MESSAGES.userNotExist);
  if (code === ErrorCode.CONFLICT) return t('connections.error.alreadyRequested');
  if (code === ErrorCode.INVALID_INPUT) return t('connections.search.usernameRequired');
  return t(fallback);
}

/**
 * Find a patient by exact user name and ask to see their data (spec §2 /addConnection for carers,
 * /findPatient for HCPs; §4): the search shows only that one account, with its real name masked
 * until the patient agrees. Below: the patients followed (stop following) and the own requests.
 */
function AddConnection({ variant }: { variant: 'carer' | 'hcp' }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const mine = useMyConnections();
  const change = useConfirmedChange();
  const [username, setUsername] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [found, setFound] = useState<Found | null>(null);
  const [remark, setRemark] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);

  const onSearch = async (e: FormEvent) => {
    e.preventDefault();
    setMessage(null);
    setFound(null);
    if (!username.trim()) {
      setProblem(t('connections.search.usernameRequired'));
      return;
    }
    setProblem(null);
    setBusy(true);
    const res = await searchPatient(username.trim());
    setBusy(false);
    if (res.ok) setFound(res.data.user);
    else setMessage({ kind: 'error', text: requestProblem(res.code, t, 'errors.network') });
  };

  const onRequest = async () => {
    if (!found) return;
    setBusy(true);
    const res = await sendRequest(found.username, remark.trim());
    setBusy(false);
    if (res.ok) {
      setMessage({ kind: 'success', text: t('success.requestSent') });
      setFound({ ...found, status: res.data.status });
      setRemark('');
    } else {
      setMessage({ kind: 'error', text: requestProblem(res.code, t, MESSAGES.addContactFailed) });
    }
    void queryClient.invalidateQueries({ queryKey: connectionKeys.all });
  };

  const stop = (c: ConnectionItem) =>
    change.ask({
      call: 'stop',
      uid: c.uid,
      title: t('connections.stop.title', { name: displayName(c) }),
      body: <p>{t('confirm.stopFollowing')}</p>,
      confirmLabel: t('connections.stop.confirm'),
      danger: true,
      doneKey: 'connections.stop.done',
      failKey: MESSAGES.modifyFailed,
    });
  const withdraw = (r: ConnectionRequest) =>
    change.ask({
      call: 'cancel',
      uid: r.uid,
      title: t('connections.withdraw.title', { name: displayName(r) }),
      body: <p>{t('connections.withdraw.body')}</p>,
      confirmLabel: t('connections.withdraw.confirm'),
      danger: true,
      doneKey: 'connections.withdraw.done',
      failKey: MESSAGES.modifyFailed,
    });

  const title = t(variant === 'hcp' ? 'connections.find.title' : 'connections.add.title');
  const lead = t(variant === 'hcp' ? 'connections.find.lead' : 'connections.add.lead');
  return (
    <Page title={title} width="wide" lead={lead}>
      <form className="form" noValidate onSubmit={(e) => void onSearch(e)} role="search">
        <div className="search-row">
          <TextField
            label={t('connections.search.username')}
            value={username}
            onValue={setUsername}
            error={problem}
            required
            autoComplete="off"
            inputMode="email"
          />
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {t('connections.search.action')}
          </button>
        </div>
      </form>
      {message && <Notice kind={message.kind}>{message.text}</Notice>}
      {change.result && <Notice kind={change.result.kind}>{change.result.text}</Notice>}
      {found && (
        <section className="section" aria-labelledby="found-title">
          <h2 id="found-title" className="section__title">
            {t('connections.search.result')}
          </h2>
          <ul className="people">
            <PersonRow
              name={found.alias?.trim() || found.realname}
              meta={`${found.username} · ${found.realname}`}
              status={found.status}
            />
          </ul>
          {canAskAgain(found.status) && (
            <div className="form">
              <TextField
                label={t('connections.request.remark')}
                hint={t('connections.request.remarkHint')}
                value={remark}
                onValue={setRemark}
                maxLength={200}
              />
              <button
                type="button"
                className="btn btn--primary"
                disabled={busy}
                onClick={() => void onRequest()}
              >
                {t('connections.request.action')}
              </button>
            </div>
          )}
        </section>
      )}
      <InvitationPanel />
      {mine.isPending && <Spinner />}
      {mine.data && (
        <>
          <section className="section" aria-labelledby="following-title">
            <h2 id="following-title" className="section__title">
              {t('connections.following.title')}
            </h2>
            {mine.data.connections.length === 0 ? (
              <p className="empty-state">{t('connections.following.empty')}</p>
            ) : (
              <ul className="people">
                {mine.data.connections.map((c) => (
                  <PersonRow key={c.uid} name={displayName(c)} meta={c.username} status="accepted">
                    <button type="button" className="btn btn--secondary btn--small" onClick={() => stop(c)}>
                      {t('connections.stop.action')}
                    </button>
                  </PersonRow>
                ))}
              </ul>
            )}
          </section>
          <section className="section" aria-labelledby="requests-title">
            <h2 id="requests-title" className="section__title">
              {t('connections.requests.title')}
            </h2>
            {mine.data.requests.length === 0 ? (
              <p className="empty-state">{t('connections.requests.empty')}</p>
            ) : (
              <ul className="people">
                {mine.data.requests.map((r) => (
                  <PersonRow
                    key={r.uid}
                    name={displayName(r)}
                    meta={`${r.username} · ${formatDate(r.since, i18n.language)}${r.remark ? ` · “${r.remark}”` : ''}`}
                    status={r.status}
                  >
                    {canWithdraw(r) && (
                      <button
                        type="button"
                        className="btn btn--secondary btn--small"
                        onClick={() => withdraw(r)}
                      >
                        {t('connections.withdraw.action')}
                      </button>
                    )}
                  </PersonRow>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
      {change.dialog}
    </Page>
  );
}

export const AddConnectionScreen = () => <AddConnection variant="carer" />;
export const FindPatientScreen = () => <AddConnection variant="hcp" />;
