import { useTranslation } from 'react-i18next';
import type { GlucoseUnit } from '@cgm/domain';
import { formatNumber } from '../../i18n/format';
import { formatDuration } from '../../i18n/format-time';
import { formatGlucoseShown, glucoseWords } from '../../i18n/format-glucose';
import type { PumpDeliveryView } from './pump-delivery-view';

/**
 * The pump card's delivery lines (inside its <dl>): a bolus in progress with the dose and time
 * that remain, the bolus wizard's inputs of the latest bolus, and the basal delivered today. The
 * wizard's glucose follows the "show glucose value" setting like every other glucose figure.
 */
export function PumpDeliveryFacts({
  view,
  unit,
  showGlucose,
}: {
  view: PumpDeliveryView;
  unit: GlucoseUnit;
  showGlucose: boolean;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const u = (v: number) =>
    `${formatNumber(v, lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${t('units.insulin')}`;
  const { bolus, wizard } = view;
  const wizardParts = wizard
    ? [
        showGlucose && wizard.glucoseMgdl !== null
          ? `${t('reports.daily.wizard.bg')} ${formatGlucoseShown(wizard.glucoseMgdl, unit, lang, glucoseWords(t))} ${unit}`
          : null,
        wizard.carbs !== null
          ? `${t('reports.daily.wizard.carb')} ${formatNumber(wizard.carbs, lang)} g`
          : null,
        wizard.carbBolus !== null ? `${t('reports.daily.wizard.carbBolus')} ${u(wizard.carbBolus)}` : null,
        wizard.correction !== null ? `${t('reports.daily.wizard.corrBolus')} ${u(wizard.correction)}` : null,
        wizard.iob !== null ? `${t('reports.daily.wizard.iob')} ${u(wizard.iob)}` : null,
      ].filter((p): p is string => p !== null)
    : [];
  return (
    <>
      {bolus && (
        <>
          <dt>{t('monitor.pump.bolusInProgress')}</dt>
          <dd className="pump-bolus-running">
            {t('monitor.pump.bolusProgress', { delivered: u(bolus.delivered), set: u(bolus.set) })}
            {bolus.codeKey ? ` · ${t(bolus.codeKey)}` : ''}
          </dd>
          <dt>{t('monitor.pump.remaining')}</dt>
          <dd>
            {t('monitor.pump.remainingValue', {
              dose: u(bolus.remainingDose),
              time: formatDuration(bolus.remainingMinutes * 60_000, lang),
            })}
          </dd>
        </>
      )}
      {wizard && (
        <>
          <dt>{t('reports.daily.wizard.title')}</dt>
          <dd>
            {wizard.codeKey ? t(wizard.codeKey) : null}
            {wizardParts.length > 0 && (
              <span className="muted small pump-wizard">{wizardParts.join(' · ')}</span>
            )}
          </dd>
        </>
      )}
      {view.basalToday !== null && (
        <>
          <dt>{t('monitor.pump.basalToday')}</dt>
          <dd>{u(view.basalToday)}</dd>
        </>
      )}
    </>
  );
}
