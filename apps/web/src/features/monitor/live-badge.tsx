import { useTranslation } from 'react-i18next';
import type { PollPhase } from './poll-loop';

const KEYS: Record<PollPhase, string | null> = {
  idle: 'monitor.live.connecting',
  polling: 'monitor.live.on',
  waiting: 'monitor.live.retrying',
  forbidden: null,
  stopped: null,
};

/** Whether the screen is receiving live data (spec §4 "Live monitor"). */
export function LiveBadge({ phase }: { phase: PollPhase }) {
  const { t } = useTranslation();
  const key = KEYS[phase];
  if (!key) return null;
  return (
    <span className={`live-badge live-badge--${phase}`} role="status">
      <span className="live-badge__dot" aria-hidden="true" />
      {t(key)}
    </span>
  );
}
