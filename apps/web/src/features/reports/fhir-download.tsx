import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { API } from '@cgm/contract';
import { api } from '../../api/api';
import { Notice } from '../../components/notice';
import type { ReportCtx } from './report-context';
import { reportQuery } from './report-params';

/**
 * Downloads the range as an HL7 FHIR R4 bundle (the CGM guide's summary and readings): the same
 * figures as the reports of the range, for an EHR.
 */
export function FhirDownload({ ctx, range }: { ctx: ReportCtx; range: { from: string; to: string } }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const download = async () => {
    setBusy(true);
    setFailed(false);
    const res = await api.getBlob(API.reportFhir(ctx.uid), {
      query: reportQuery(range, ctx.params),
      timeoutMs: 120_000,
    });
    setBusy(false);
    if (!res.ok) return setFailed(true);
    const url = URL.createObjectURL(res.data);
    const a = document.createElement('a');
    a.href = url;
    a.download = `cgm-fhir-${range.from}-${range.to}.json`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };
  return (
    <>
      <button
        type="button"
        className="btn btn--secondary btn--small"
        onClick={() => void download()}
        disabled={busy}
        title={t('fhirExport.hint')}
      >
        {busy ? t('fhirExport.preparing') : t('fhirExport.button')}
      </button>
      {failed && <Notice kind="error">{t('fhirExport.failed')}</Notice>}
    </>
  );
}
