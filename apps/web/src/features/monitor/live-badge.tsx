import { useTranslation } from 'react-i18next';
import type { Freshness } from '@cgm/domain';
import type { PollPhase } from './poll-loop';

const KEYS: Record<PollPhase, string | null> = {
  idle: 'monitor.live.connecting',
  polling: 'monitor.live.on',
  waiting: 'monitor.live.retrying',
  forbidden: null,
  stopped: null,
};

/**
 * Whether the screen is receiving live data (spec §4 "Live monitor"). A working connection is not
 * enough for "Live": the patient's newest data must be fresh too (issue 16), else the badge says
 * that nothing recent has arrived.
 */
export function LiveBadge({ phase, freshness }: { phase: PollPhase; freshness: Freshness }) {
  const { t } = useTranslation();
  const key = KEYS[phase];
  if (!key) return null;
  if (phase === 'polling' && freshness !== 'fresh') {
    return (
      <span className="live-badge live-badge--quiet" role="status">
        {t('monitorSafety.notLive')}
      </span>
    );
  }
  return (
    <span className={`live-badge live-badge--${phase}`} role="status">
      <span className="live-badge__dot" aria-hidden="true" />
      {t(key)}
    </span>
  );
}
