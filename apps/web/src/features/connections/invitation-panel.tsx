import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { InvitationItem } from '@cgm/contract';
import { ErrorCode, MESSAGES } from '@cgm/domain';
import { Notice } from '../../components/notice';
import { Spinner } from '../../components/page';
import { formatDate } from '../../i18n/format-time';
import { connectionKeys, createInvitation, useInvitations } from './connections-api';

/**
 * Invitation by code (spec §3 connection status 'invited', §5 invitation code): the follower makes
 * a code that names them and gives it to the person they want to follow; when that person
 * registers with it, the follower's request waits for their decision.
 */
export function InvitationPanel() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const invitations = useInvitations();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [made, setMade] = useState<string | null>(null);

  const make = async () => {
    setBusy(true);
    setProblem(null);
    const res = await createInvitation();
    setBusy(false);
    if (res.ok) {
      setMade(res.data.invitation.code);
      void queryClient.invalidateQueries({ queryKey: connectionKeys.invitations });
    } else setProblem(t(res.code === ErrorCode.RATE_LIMITED ? 'errors.rateLimited' : MESSAGES.createFailed));
  };

  const stateText = (i: InvitationItem) =>
    i.state === 'open'
      ? t('invitations.validUntil', { date: formatDate(i.expires_at, i18n.language) })
      : t(`invitations.${i.state}`);

  return (
    <section className="section" aria-labelledby="invitations-title">
      <h2 id="invitations-title" className="section__title">
        {t('invitations.title')}
      </h2>
      <p className="muted">{t('invitations.lead')}</p>
      <button type="button" className="btn btn--secondary" disabled={busy} onClick={() => void make()}>
        {t('invitations.create')}
      </button>
      {made && (
        <Notice kind="success">
          {t('success.created')} {t('invitations.code')}: <strong className="invitation-code">{made}</strong>
        </Notice>
      )}
      {problem && <Notice kind="error">{problem}</Notice>}
      {invitations.isPending && <Spinner />}
      {invitations.data &&
        (invitations.data.length === 0 ? (
          <p className="empty-state">{t('invitations.none')}</p>
        ) : (
          <ul className="people">
            {invitations.data.map((i) => (
              <li key={i.code} className="person">
                <span className="invitation-code" translate="no">
                  {i.code}
                </span>
                <span className="muted small">{stateText(i)}</span>
              </li>
            ))}
          </ul>
        ))}
    </section>
  );
}
