import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DiseaseRecord } from '@cgm/contract';
import { COMPLICATIONS, type Complication } from '@cgm/domain';
import { Checkbox } from '../../components/form-field';
import { Notice } from '../../components/notice';
import { Spinner } from '../../components/page';
import { ConfirmDelete } from './confirm-dialog';
import { PatientShell } from './patient-shell';
import { addRecords, deleteRecords, useRecords } from './patient-view-api';
import { PrescriptionsPanel } from './prescriptions-panel';
import { TextRecordsPanel } from './text-records-panel';
import { useAction } from './use-action';

/**
 * /Hcp/records: the medical record (spec §3 "Records"): complications and concomitant diseases as
 * checkboxes, prescriptions, suggestions and notes. Read only when the server says may_edit false.
 */
export function RecordsScreen() {
  const { t } = useTranslation();
  return (
    <PatientShell area="hcp" tab="records" title={t('patientView.tabs.records')}>
      {(_profile, uid) => <RecordsPanels key={uid} uid={uid} />}
    </PatientShell>
  );
}

function RecordsPanels({ uid }: { uid: string }) {
  const { t } = useTranslation();
  const records = useRecords(uid);
  if (records.isPending) return <Spinner />;
  if (!records.data) return <Notice kind="error">{t('records.loadFailed')}</Notice>;
  const data = records.data;
  return (
    <>
      <DiseasesPanel uid={uid} kind="complication" items={data.complications} mayEdit={data.may_edit} />
      <DiseasesPanel uid={uid} kind="concomitant" items={data.concomitant} mayEdit={data.may_edit} />
      <PrescriptionsPanel uid={uid} items={data.prescriptions} mayEdit={data.may_edit} />
      <TextRecordsPanel uid={uid} kind="suggestion" items={data.suggestions} mayEdit={data.may_edit} />
      <TextRecordsPanel uid={uid} kind="note" items={data.notes} mayEdit={data.may_edit} />
    </>
  );
}

function DiseasesPanel({
  uid,
  kind,
  items,
  mayEdit,
}: {
  uid: string;
  kind: 'complication' | 'concomitant';
  items: DiseaseRecord[];
  mayEdit: boolean;
}) {
  const { t } = useTranslation();
  const action = useAction(uid);
  const [removing, setRemoving] = useState<DiseaseRecord | null>(null);
  const byDisease = new Map(items.map((r) => [r.data.disease, r]));
  const heading = kind === 'complication' ? t('records.complications') : t('records.concomitant');

  const toggle = (disease: Complication, checked: boolean) => {
    const existing = byDisease.get(disease);
    if (checked && !existing) {
      void action.run(
        () => addRecords(uid, [{ kind, data: { disease } }]),
        'success.saved',
        'messages.createFailed',
      );
    } else if (!checked && existing) {
      setRemoving(existing);
    }
  };

  return (
    <fieldset className="pv-section" disabled={!mayEdit || action.busy}>
      <legend className="section__title">{heading}</legend>
      <div className="pv-checks">
        {COMPLICATIONS.map((disease) => (
          <Checkbox
            key={disease}
            id={`${kind}-${disease}`}
            label={t(`records.disease.${disease}`)}
            checked={byDisease.has(disease)}
            onChecked={(checked) => toggle(disease, checked)}
          />
        ))}
      </div>
      {action.notice && <Notice kind={action.notice.kind}>{t(action.notice.key)}</Notice>}
      <ConfirmDelete
        open={removing !== null}
        title={heading}
        text={t('records.confirmRemoveDisease', {
          disease: removing ? t(`records.disease.${removing.data.disease}`) : '',
        })}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          const target = removing!;
          setRemoving(null);
          void action.run(() => deleteRecords(uid, [target.rid]), 'success.deleted', 'messages.deleteFailed');
        }}
      />
    </fieldset>
  );
}
