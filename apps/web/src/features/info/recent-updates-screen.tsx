import { useTranslation } from 'react-i18next';
import { useSession } from '../../session/session-state';
import { Page } from '../../components/page';
import { formatIsoDate } from '../../i18n/format';
import { notesFor, type ReleaseNote } from './release-notes';

function Notes({ notes }: { notes: ReleaseNote[] }) {
  const { t, i18n } = useTranslation();
  return (
    <ul className="notes">
      {notes.map((n) => (
        <li key={n.id} className="note">
          <h3 className="note__title">{t(`updates.${n.id}.title`)}</h3>
          <p className="muted small">
            <time dateTime={n.date}>{formatIsoDate(n.date, i18n.language)}</time> ·{' '}
            {t('updates.version', { version: n.version })}
          </p>
          <p>{t(`updates.${n.id}.body`)}</p>
        </li>
      ))}
    </ul>
  );
}

/** /recent-updates: what changed; only doctors see the HCP section (spec §2 "Other routes"). */
export function RecentUpdatesScreen() {
  const { t } = useTranslation();
  const user = useSession();
  const hcp = notesFor(user?.userType ?? null, 'hcp');
  return (
    <Page title={t('updates.title')} lead={t('updates.lead')}>
      <Notes notes={notesFor(user?.userType ?? null, 'everyone')} />
      {hcp.length > 0 && (
        <section className="section" aria-labelledby="hcp-updates">
          <h2 id="hcp-updates" className="section__title">
            {t('updates.hcpSection')}
          </h2>
          <Notes notes={hcp} />
        </section>
      )}
    </Page>
  );
}
