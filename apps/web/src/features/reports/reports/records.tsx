import { useTranslation } from 'react-i18next';
import { ProfileFacts } from '../../../components/profile-facts';
import { useRecordsReport } from '../reports-api';
import { Loadable, ReportSection } from './loadable';
import type { ReportViewProps } from './types';

/**
 * chart9, the records report: the patient's medical record as one document, from the records API:
 * the profile first (spec §3 "Records: profile, complications, prescription, suggestions, notes"),
 * then complications, concomitant diseases, prescriptions, suggestions and notes. No range.
 */
export function RecordsReport({ ctx }: ReportViewProps) {
  const { t } = useTranslation();
  const q = useRecordsReport(ctx.uid);
  const { fmt } = ctx;
  const at = (ms: number) => fmt.dateTime(ms, -new Date(ms).getTimezoneOffset());
  return (
    <Loadable q={q}>
      {(res) => (
        <div className="report report--records">
          <ReportSection title={t('profile.title')}>
            <ProfileFacts profile={res.profile} groups={['personal', 'clinic']} />
          </ReportSection>
          <div className="report-grid">
            {(['complications', 'concomitant'] as const).map((k) => (
              <ReportSection key={k} title={t(`records.${k}`)}>
                {res[k].length === 0 ? (
                  <p className="muted">{t('records.none')}</p>
                ) : (
                  <ul className="plain-list">
                    {res[k].map((r) => (
                      <li key={r.rid}>
                        {t(`records.disease.${r.data.disease}`)}
                        {r.data.since && (
                          <span className="muted small">
                            {' '}
                            · {t('records.since', { date: fmt.day(r.data.since) })}
                          </span>
                        )}
                      </li>
                    ))}
                  </ul>
                )}
              </ReportSection>
            ))}
          </div>
          <ReportSection title={t('records.prescriptions')}>
            {res.prescriptions.length === 0 ? (
              <p className="muted">{t('records.none')}</p>
            ) : (
              <div className="table-scroll">
                <table className="table table--compact">
                  <thead>
                    <tr>
                      <th scope="col">{t('records.field.medicine')}</th>
                      <th scope="col">{t('records.field.dose')}</th>
                      <th scope="col">{t('records.field.frequency')}</th>
                      <th scope="col">{t('records.field.start')}</th>
                      <th scope="col">{t('records.field.end')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {res.prescriptions.map((p) => (
                      <tr key={p.rid}>
                        <td>{p.data.medicine}</td>
                        <td className="nowrap">{`${fmt.num(p.data.dose, Number.isInteger(p.data.dose) ? 0 : 2)} ${t(`records.doseUnit.${p.data.unit}`)}`}</td>
                        <td>{p.data.frequency}</td>
                        <td className="nowrap">{fmt.day(p.data.start)}</td>
                        <td className="nowrap">{p.data.end ? fmt.day(p.data.end) : ''}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </ReportSection>
          {(['suggestions', 'notes'] as const).map((k) => (
            <ReportSection key={k} title={t(`records.${k}`)}>
              {res[k].length === 0 ? (
                <p className="muted">{t('records.none')}</p>
              ) : (
                <ul className="note-list">
                  {res[k].map((r) => (
                    <li key={r.rid}>
                      <p className="note-list__text">{r.data.text}</p>
                      <p className="muted small">
                        {at(r.recorded_at)}
                        {r.author_name ? ` · ${t('records.author')}: ${r.author_name}` : ''}
                      </p>
                    </li>
                  ))}
                </ul>
              )}
            </ReportSection>
          ))}
        </div>
      )}
    </Loadable>
  );
}
