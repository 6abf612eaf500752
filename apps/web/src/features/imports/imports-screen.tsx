import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  DATE_ORDERS,
  IMPORT_FORMATS,
  importResponse,
  NS_API,
  type DateOrder,
  type ImportFormat,
  type ImportResponse,
} from '@cgm/contract';
import { api, unwrap } from '../../api/api';
import { useSession } from '../../session/session-state';
import { Notice } from '../../components/notice';
import { formatDateTime } from '../../i18n/format-time';
import { localTodayIso } from '../../lib/dates';
import './imports.css';

// The calendar day where the patient is: an ISO (UTC) date would start the range a day off.
const day = (d: Date) => localTodayIso(d);

/** /dataSources/import: import an export file of another app, and export the patient's own data. */
export function ImportsScreen() {
  const { t } = useTranslation();
  const user = useSession();
  const uid = user?.userType === 'P' ? user.uid : null;
  useEffect(() => {
    document.title = `${t('imports.title')} · ${t('app.name')}`;
  }, [t]);
  return (
    <section className="page page--wide imports" aria-labelledby="page-title">
      <div className="card">
        <div className="imports__head">
          <h1 id="page-title" className="page__title">
            {t('imports.title')}
          </h1>
          <Link to="/dataSources?tab=uploads" className="btn btn--ghost btn--small">
            {t('imports.history')}
          </Link>
        </div>
        {!uid || !user ? (
          <Notice kind="info">{t('imports.patientsOnly')}</Notice>
        ) : (
          <>
            <ImportForm uid={uid} />
            <ExportForm uid={uid} token={user.token} />
          </>
        )}
      </div>
    </section>
  );
}

function ImportForm({ uid }: { uid: string }) {
  const { t, i18n } = useTranslation();
  const [format, setFormat] = useState<ImportFormat>('dexcom_clarity_csv');
  const [file, setFile] = useState<File | null>(null);
  const [order, setOrder] = useState<DateOrder | null>(null);
  const run = useMutation({
    mutationFn: async (dateOrder: DateOrder | null): Promise<ImportResponse> => {
      const content = await file!.text();
      const time_zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
      return unwrap(
        await api.post(
          NS_API.imports(uid),
          {
            format,
            content,
            filename: file!.name,
            time_zone,
            ...(dateOrder ? { date_order: dateOrder } : {}),
          },
          importResponse,
        ),
      );
    },
  });
  const restart = () => {
    setOrder(null);
    run.reset();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (file) run.mutate(run.data?.date_order_needed ? order : null);
  };
  const r = run.data;
  const asking = r?.date_order_needed ?? null;
  return (
    <form className="imports__form" onSubmit={submit}>
      <h2 className="section__title">{t('imports.importTitle')}</h2>
      <label>
        {t('imports.format')}
        <select
          className="input"
          value={format}
          onChange={(e) => {
            setFormat(e.target.value as ImportFormat);
            restart();
          }}
        >
          {IMPORT_FORMATS.map((f) => (
            <option key={f} value={f}>
              {t(`imports.formats.${f}`)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('imports.file')}
        <input
          type="file"
          accept=".csv,.json,.txt"
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            restart();
          }}
          required
        />
      </label>
      <p className="imports__hint">
        {t('imports.timeZoneHint', { zone: Intl.DateTimeFormat().resolvedOptions().timeZone })}
      </p>
      {asking && <DateOrderQuestion sample={asking} order={order} onChange={setOrder} />}
      <button
        className="btn btn--primary"
        type="submit"
        disabled={!file || run.isPending || (asking !== null && order === null)}
      >
        {run.isPending ? t('imports.importing') : t('imports.importButton')}
      </button>
      {run.isError && <Notice kind="error">{t('imports.failed')}</Notice>}
      {r && !asking && (
        <Notice kind={r.stored > 0 ? 'success' : 'info'}>
          {t('imports.result', {
            read: r.read,
            stored: r.stored,
            duplicates: r.duplicates,
            rejected: r.rejected,
          })}
          {r.first_time !== null && r.last_time !== null && (
            <>
              {' '}
              {t('imports.range', {
                from: formatDateTime(r.first_time, i18n.language),
                to: formatDateTime(r.last_time, i18n.language),
              })}
            </>
          )}
          {r.date_order && (
            <>
              {' '}
              {t(r.date_order_by === 'user' ? 'importDates.readAsChosen' : 'importDates.readAsFileShows', {
                order: t(`importDates.${r.date_order}`),
              })}
            </>
          )}
        </Notice>
      )}
      {r && !asking && r.problems.some(isProblemKey) && (
        <Notice kind="error">
          {r.problems
            .filter(isProblemKey)
            .map((k) => t(k))
            .join(' ')}
        </Notice>
      )}
    </form>
  );
}

/** The file-level problems the server names by their text key (row problems are technical). */
const isProblemKey = (p: string) => p.startsWith('imports.problem.');

/**
 * The question when no date of the file tells whether it is day or month first: the choices show
 * what one of the file's own dates would be either way.
 */
function DateOrderQuestion(props: {
  sample: string;
  order: DateOrder | null;
  onChange: (o: DateOrder) => void;
}) {
  const { t, i18n } = useTranslation();
  const [a, b, y] = (/^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})/.exec(props.sample) ?? []).slice(1).map(Number);
  const day = (d: number, m: number) =>
    new Date(Date.UTC(y ?? 2000, m - 1, d)).toLocaleDateString(i18n.language, {
      timeZone: 'UTC',
      dateStyle: 'long',
    });
  return (
    <fieldset className="imports__question">
      <legend>{t('importDates.question', { sample: props.sample })}</legend>
      {DATE_ORDERS.map((o) => (
        <label key={o} className="imports__choice">
          <input
            type="radio"
            name="date-order"
            checked={props.order === o}
            onChange={() => props.onChange(o)}
          />
          {t(`importDates.${o}`)}: {a && b ? (o === 'dmy' ? day(a, b) : day(b, a)) : ''}
        </label>
      ))}
    </fieldset>
  );
}

function ExportForm({ uid, token }: { uid: string; token: string }) {
  const { t } = useTranslation();
  const [from, setFrom] = useState(() => day(new Date(Date.now() - 14 * 86_400_000)));
  const [to, setTo] = useState(() => day(new Date()));
  const [format, setFormat] = useState<'csv' | 'json'>('csv');
  const [failed, setFailed] = useState(false);
  const download = async (e: FormEvent) => {
    e.preventDefault();
    setFailed(false);
    // Local midnights: the range the patient picked, end day included.
    const start = new Date(`${from}T00:00:00`).getTime();
    const end = new Date(`${to}T00:00:00`).getTime() + 86_400_000;
    const res = await fetch(`${NS_API.exports(uid)}?from=${start}&to=${end}&format=${format}`, {
      headers: { authorization: `Bearer ${token}` },
    }).catch(() => null);
    if (!res?.ok) return setFailed(true);
    const url = URL.createObjectURL(await res.blob());
    const a = document.createElement('a');
    a.href = url;
    a.download =
      /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? `cgm.${format}`;
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <form className="imports__form" onSubmit={(e) => void download(e)}>
      <h2 className="section__title">{t('imports.exportTitle')}</h2>
      <label>
        {t('imports.from')}
        <input
          className="input"
          type="date"
          value={from}
          onChange={(e) => setFrom(e.target.value)}
          required
        />
      </label>
      <label>
        {t('imports.to')}
        <input className="input" type="date" value={to} onChange={(e) => setTo(e.target.value)} required />
      </label>
      <label>
        {t('imports.format')}
        <select
          className="input"
          value={format}
          onChange={(e) => setFormat(e.target.value as 'csv' | 'json')}
        >
          <option value="csv">{t('imports.csv')}</option>
          <option value="json">{t('imports.json')}</option>
        </select>
      </label>
      <button className="btn btn--primary" type="submit">
        {t('imports.exportButton')}
      </button>
      {failed && <Notice kind="error">{t('imports.exportFailed')}</Notice>}
    </form>
  );
}
