import type { AppContext } from '../../platform/context';
import type { Actor } from '../../platform/http/auth';
import { createMonitorService } from './monitor.service';

// The live monitor's public entry: its routes, and the device states it reports, which the
// composition root hands to the follower's connections list.

export { registerMonitorRoutes } from './monitor.routes';

/**
 * A patient's sensor and pump state as the monitor's own status call reports them: it asks the
 * consent policy again, and a chart window of one hour is the least it reads (only the device
 * states are used).
 */
export function monitorDeviceStates(ctx: AppContext) {
  const monitor = createMonitorService(ctx);
  return async (actor: Actor, patientId: string) => {
    const { sensor_status, pump_status } = await monitor.status(actor, patientId, 1);
    return { sensor_status, pump_status };
  };
}
