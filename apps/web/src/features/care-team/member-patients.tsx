import { useTranslation } from 'react-i18next';
import type { GroupMemberPatient } from '@cgm/contract';
import { stackCell } from '../../components/stack-cell';
import { formatDate } from '../../i18n/format-time';

/** A member's patients by name: no links, since their data needs each patient's consent to the viewer. */
export function MemberPatients({ patients }: { patients: readonly GroupMemberPatient[] }) {
  const { t, i18n } = useTranslation();
  if (patients.length === 0) return <p className="muted">{t('careTeam.patients.none')}</p>;
  return (
    <div className="ct-scroll">
      <table className="table table--stack ct-table">
        <thead>
          <tr>
            <th scope="col">{t('careTeam.patients.name')}</th>
            <th scope="col">{t('careTeam.patients.alias')}</th>
            <th scope="col">{t('careTeam.patients.since')}</th>
          </tr>
        </thead>
        <tbody>
          {patients.map((p) => (
            <tr key={p.uid}>
              <td>{p.realname}</td>
              <td {...stackCell(t('careTeam.patients.alias'), p.alias ?? '')}>{p.alias ?? '--'}</td>
              <td data-label={t('careTeam.patients.since')}>{formatDate(p.since, i18n.language)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
