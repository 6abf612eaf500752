import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Notice } from '../../../components/notice';
import { reportById } from '../report-catalog';
import type { ReportCtx } from '../report-context';
import { AGP_BANDS, readAgpBand, writeAgpBand, type AgpBand } from '../report-params';
import type { Range } from '../reports-api';
import { defaultPaper, openPrintTab, printQuery, printUrl } from './open-print';

/** The choice of the AGP's outer band: the AGP convention 5–95 (default) or the portal's 10–90. */
export function AgpBandSelect({ value, onChange }: { value: AgpBand; onChange: (b: AgpBand) => void }) {
  const { t } = useTranslation();
  return (
    <label className="agp-band">
      <span>{t('reports.agp.band')}</span>{' '}
      <select
        className="input input--small"
        value={value}
        onChange={(e) => onChange(e.target.value as AgpBand)}
      >
        {AGP_BANDS.map((b) => (
          <option key={b} value={b}>
            {t(b === '5-95' ? 'reports.agp.band595' : 'reports.agp.band1090')}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * The AGP report from the trend analysis: its band, and a print tab opened like every other print
 * button (the tab starts signed in; a blocked popup says so) with every choice of the address.
 */
export function AgpPrintControls({ ctx, range }: { ctx: ReportCtx; range: Range }) {
  const { t } = useTranslation();
  const [sp, setSp] = useSearchParams();
  const [blocked, setBlocked] = useState(false);
  const open = () => {
    const q = printQuery(sp, { uid: ctx.uid, unit: ctx.unit, range });
    setBlocked(!openPrintTab(printUrl(reportById('agp').print, q, defaultPaper())));
  };
  return (
    // Its own group with the AGP's name: the band chosen here is the AGP printout's, not the trend
    // chart's above it (which keeps the spec's 10–90).
    <fieldset className="agp-print">
      <legend>{t('reports.agp.curveTitle')}</legend>
      <AgpBandSelect
        value={readAgpBand(sp)}
        onChange={(b) => setSp(writeAgpBand(sp, b), { replace: true })}
      />
      <button type="button" className="btn btn--secondary btn--small" onClick={open}>
        {t('reports.trend.agpLink')}
      </button>
      {blocked && <Notice kind="warning">{t('messages.popupBlocked')}</Notice>}
    </fieldset>
  );
}
