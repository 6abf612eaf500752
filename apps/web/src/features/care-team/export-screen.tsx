import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ExportFormat } from '@cgm/contract';
import { unwrap } from '../../api/api';
import { failureKey } from '../../api/errors';
import { getMonitorProfile, patientKeys } from '../../api/patient-settings';
import { Notice } from '../../components/notice';
import { Page } from '../../components/page';
import { fetchExport, fetchFhirExport } from './care-team-api';
import { checkExportRange, EXPORT_PRESETS_DAYS, exportFileName, rangeEndingToday } from './export-range';
import './care-team.css';

/** The clinic export's files, and the reports' FHIR bundle of the same days. */
type FileFormat = ExportFormat | 'fhir';
const FORMATS: readonly FileFormat[] = ['csv', 'json', 'fhir'];

/** Hands a downloaded file to the browser as a download. */
function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * /ClinicHcp/ClinicExportData?uid=… (spec §2): a patient's sensor glucose, BG, basal, boluses and
 * events of up to 90 days (spec §5 "Dates", §8 messages) as CSV or JSON.
 */
export function ExportScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const uid = params.get('uid')?.trim() ?? '';
  const [range, setRange] = useState(() => rangeEndingToday(14, Date.now()));
  const [format, setFormat] = useState<FileFormat>('csv');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const profile = useQuery({
    queryKey: patientKeys.monitorProfile(uid),
    queryFn: async ({ signal }) => unwrap(await getMonitorProfile(uid, signal)).profile,
    enabled: uid !== '',
    retry: false,
  });
  const name = profile.data ? profile.data.alias || profile.data.realname : null;
  const choose = (patch: Partial<typeof range>) => {
    setRange((r) => ({ ...r, ...patch }));
    setProblem(null);
    setDone(false);
  };

  async function download(e: FormEvent) {
    e.preventDefault();
    const check = checkExportRange(range.from, range.to);
    setDone(false);
    if (!check.ok) return setProblem(check.problem ?? 'messages.dateSelectionWrong');
    setProblem(null);
    setBusy(true);
    const res =
      format === 'fhir'
        ? await fetchFhirExport(uid, range.from, range.to)
        : await fetchExport(uid, range.from, range.to, format);
    setBusy(false);
    if (!res.ok) return setProblem(failureKey(res));
    saveFile(
      res.data,
      format === 'fhir'
        ? `cgm-fhir-${range.from}-${range.to}.json`
        : exportFileName(range.from, range.to, format),
    );
    setDone(true);
  }

  return (
    <Page title={name ? t('export.titleFor', { name }) : t('export.title')} lead={t('export.lead')}>
      {!uid ? (
        <Notice kind="error">{t('export.noPatient')}</Notice>
      ) : (
        <form className="form ct-stack" onSubmit={(e) => void download(e)} noValidate>
          <fieldset className="segmented">
            <legend className="field__label">{t('export.presets')}</legend>
            {EXPORT_PRESETS_DAYS.map((days) => (
              <button
                key={days}
                type="button"
                className="btn btn--secondary btn--small"
                onClick={() => choose(rangeEndingToday(days, Date.now()))}
              >
                {t('export.lastDays', { count: days })}
              </button>
            ))}
          </fieldset>
          <div className={problem ? 'ct-range field--invalid' : 'ct-range'}>
            <label className="ct-filters__field">
              <span className="field__label">{t('export.from')}</span>
              <input
                type="date"
                className="input"
                value={range.from}
                required
                onChange={(e) => choose({ from: e.target.value })}
              />
            </label>
            <label className="ct-filters__field">
              <span className="field__label">{t('export.to')}</span>
              <input
                type="date"
                className="input"
                value={range.to}
                required
                onChange={(e) => choose({ to: e.target.value })}
              />
            </label>
          </div>
          <p className="muted small">{t('export.rangeHint')}</p>
          <fieldset className="segmented">
            <legend className="field__label">{t('export.format')}</legend>
            {FORMATS.map((f) => (
              <label key={f} className="segmented__option">
                <input
                  type="radio"
                  name="export-format"
                  checked={format === f}
                  onChange={() => setFormat(f)}
                />
                {f === 'fhir' ? t('fhirExport.format') : t(`export.formats.${f}`)}
              </label>
            ))}
          </fieldset>
          {problem && <Notice kind="error">{t(problem)}</Notice>}
          {done && <Notice kind="success">{t('export.done')}</Notice>}
          <div className="form__actions">
            <button type="submit" className="btn btn--primary" disabled={busy}>
              {busy ? t('export.preparing') : t('export.download')}
            </button>
          </div>
        </form>
      )}
    </Page>
  );
}
