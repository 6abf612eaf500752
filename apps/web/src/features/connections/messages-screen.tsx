import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageItem } from '@cgm/contract';
import { ApiFailureError, failureKey } from '../../api/errors';
import { Notice } from '../../components/notice';
import { Page, Spinner } from '../../components/page';
import { saveUnread } from '../../session/session-state';
import { formatDateTime } from '../../i18n/format-time';
import { markAllRead, useMessages } from './connections-api';
import { displayName, messageOutcome } from './connection-view';
import { PersonRow } from './person-row';
import { SenderPortrait } from './sender-portrait';
import './connections.css';

const OUTCOME_KEYS = {
  accepted: 'messages.inbox.accepted',
  removed: 'messages.inbox.removed',
  invitationCancelled: 'messages.inbox.invitationCancelled',
  rejected: 'messages.inbox.rejected',
} as const;

/**
 * A carer's or HCP's messages (spec §2 /messages, §3 "Message"): what patients decided about their
 * requests. Opening the screen marks them read; the ones that were new stay marked for this visit.
 */
export function MessagesScreen() {
  const { t, i18n } = useTranslation();
  const messages = useMessages();
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  const marked = useRef(false);

  useEffect(() => {
    const list = messages.data;
    if (!list || marked.current) return;
    marked.current = true;
    const unread = list.filter((m) => !m.read).map((m) => m.id);
    setFresh(new Set(unread));
    if (unread.length === 0) {
      saveUnread(0);
      return;
    }
    void markAllRead().then((res) => {
      if (res.ok) saveUnread(res.data.count);
    });
  }, [messages.data]);

  const name = (m: MessageItem) =>
    displayName({ alias: m.alias, realname: m.realname, username: m.username }) ||
    t('messages.inbox.unknownSender');

  return (
    <Page title={t('messages.inbox.title')} width="medium">
      {messages.isPending && <Spinner />}
      {messages.error && (
        <Notice kind="error">
          {t(
            messages.error instanceof ApiFailureError ? failureKey(messages.error.failure) : 'errors.network',
          )}
        </Notice>
      )}
      {messages.data?.length === 0 && <p className="empty-state">{t('messages.inbox.empty')}</p>}
      {messages.data && messages.data.length > 0 && (
        <ul className="people">
          {messages.data.map((m) => (
            <PersonRow
              key={m.id}
              name={t(OUTCOME_KEYS[messageOutcome(m.message_type)], { name: name(m) })}
              meta={
                <>
                  {m.username && `${m.username} · `}
                  <time dateTime={new Date(m.timestamp).toISOString()}>
                    {formatDateTime(m.timestamp, i18n.language)}
                  </time>
                  {fresh.has(m.id) && <span className="badge person__new">{t('messages.inbox.new')}</span>}
                </>
              }
              avatar={<SenderPortrait uid={m.uid} available={m.portrait} name={name(m)} />}
              unread={fresh.has(m.id)}
            />
          ))}
        </ul>
      )}
    </Page>
  );
}
