import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { HCL_MAX_DAYS } from '@cgm/contract';
import { AdminPage } from '../admin-ui';
import { TextField } from '../../../components/form-field';
import { Notice } from '../../../components/notice';
import { useHclReport } from './ops-api';
import { DateInput, daysBetween, QueryState, utcDay } from './ops-common';
import { HclReportView } from './hcl-report';
import './operations.css';

/**
 * /HCLprint: a printable hybrid-closed-loop (auto mode) summary of one patient, for support: the
 * account admin names the patient (id from /Member, ?uid=, or the username) and a range of at most
 * 90 days, reads how auto mode ran (no glucose or insulin figure: an admin is not the patient's
 * clinician) and prints it on A4 (window.print). Each read is recorded in the admin history with
 * the patient as subject.
 */
export function HclPrintScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const asked = {
    who: params.get('uid') ?? '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
  };
  const [who, setWho] = useState(asked.who);
  const [from, setFrom] = useState(asked.from || utcDay(-14));
  const [to, setTo] = useState(asked.to || utcDay(-1));
  const days = daysBetween(from, to);
  const rangeError =
    days === 0 ? 'hclPrint.errors.rangeOrder' : days > HCL_MAX_DAYS ? 'hclPrint.errors.rangeTooLong' : null;
  const report = useHclReport(asked.who, asked.from, asked.to);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!who.trim() || rangeError) return;
    setParams({ uid: who.trim(), from, to });
  };
  return (
    <AdminPage
      title={t('hclPrint.title')}

      lead={<span className="ops-no-print">{t('hclPrint.lead')}</span>}
    >
      <div className="ops">
        <form className="ops-toolbar ops-toolbar--lead-row ops-no-print" onSubmit={submit}>
          <TextField
            label={t('hclPrint.patient')}
            hint={t('hclPrint.patientHint')}
            value={who}
            onValue={setWho}
            required
          />
          <DateInput label={t('hclPrint.from')} value={from} max={to} onValue={setFrom} />
          <DateInput label={t('hclPrint.to')} value={to} min={from} onValue={setTo} />
          <button type="submit" className="btn btn--primary" disabled={!who.trim() || rangeError !== null}>
            {t('hclPrint.show')}
          </button>
          {report.data && (
            <button type="button" className="btn btn--secondary" onClick={() => window.print()}>
              {t('hclPrint.print')}
            </button>
          )}
        </form>
        {rangeError && <p className="field__errors ops-no-print">{t(rangeError)}</p>}
        <p className="muted small ops-no-print">{t('hclPrint.recordedNote')}</p>
        {asked.who === '' ? null : report.data ? (
          <HclReportView report={report.data} />
        ) : report.error && (report.error as { failure?: { code?: number } }).failure?.code === 103 ? (
          <Notice kind="error">{t('hclPrint.notFound')}</Notice>
        ) : (
          <QueryState pending={report.isPending} error={report.error} />
        )}
      </div>
    </AdminPage>
  );
}
