import type { Db } from '../../platform/db/client';
import { createAlertDeliveriesRepository } from './alert-deliveries.repository';
import { createAlertEpisodesRepository } from './alert-episodes.repository';
import { createAlertLogRepository } from './alert-log.repository';
import { createAlertSettingsRepository } from './alert-settings.repository';
import { createAlertSourcesRepository } from './alert-sources.repository';

/** The alert feature's repositories, made once per app and shared by its engine and service. */
export function createAlertRepositories(db: Db) {
  return {
    settings: createAlertSettingsRepository(db),
    sources: createAlertSourcesRepository(db),
    episodes: createAlertEpisodesRepository(db),
    log: createAlertLogRepository(db),
    deliveries: createAlertDeliveriesRepository(db),
  };
}

export type AlertRepositories = ReturnType<typeof createAlertRepositories>;
