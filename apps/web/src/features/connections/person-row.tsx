import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConnectionStatus } from '@cgm/domain';
import { STATUS_KEYS } from './connection-view';

/** The status word of spec §3 "Connection request" as a coloured chip. */
export function StatusChip({ status }: { status: ConnectionStatus }) {
  const { t } = useTranslation();
  const tone =
    status === 'request sent' || status === 'requested' || status === 'invited' ? 'pending' : status;
  return <span className={`status status--${tone}`}>{t(STATUS_KEYS[status])}</span>;
}

/** One person in a list: picture or initial, name, details, and the actions that can work now. */
export function PersonRow({
  name,
  meta,
  avatar,
  status,
  unread,
  children,
}: {
  name: string;
  meta?: ReactNode;
  avatar?: ReactNode;
  status?: ConnectionStatus | null;
  unread?: boolean;
  children?: ReactNode;
}) {
  return (
    <li className={unread ? 'person person--unread' : 'person'}>
      {avatar ?? (
        <span className="avatar person__avatar" aria-hidden="true">
          {(Array.from(name.trim())[0] ?? '?').toUpperCase()}
        </span>
      )}
      <div className="person__body">
        <div className="person__name">{name}</div>
        {meta && <div className="person__meta">{meta}</div>}
      </div>
      {status && <StatusChip status={status} />}
      {children && <div className="person__actions">{children}</div>}
    </li>
  );
}
