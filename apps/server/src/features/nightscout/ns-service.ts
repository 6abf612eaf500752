import type { AppContext } from '../../platform/context';
import { changePatientData } from '../../patient-data';
import type { Doc } from './ns-docs';
import { presentDoc } from '../../adapters/nightscout';
import { findDocs, type StoredDoc } from './ns-documents.repository';
import { deleteDocs } from './ns-delete';
import { hasDateCondition, type Collection, type Condition } from './ns-query';
import { parseV1Find } from './ns-find';
import { writeDocs } from './ns-write';
import type { NsPrincipal } from '../../access/nightscout-principal';
import { signJwt } from '../../access/nightscout-token';
import { tokenHashOf } from './ns-credentials.repository';
import { monitorSettingsOf } from './ns-monitor-settings.repository';

// The Nightscout use cases shared by API v1 and v3: read with Nightscout's defaults, write with its
// de-duplication, tell waiting monitors, and describe the site (status.json).

export const NS_VERSION = '15.0.3';
const FOUR_DAYS = 4 * 86_400_000;
/** Nightscout's default counts (lib/server/query.js and the collections). */
const DEFAULT_COUNT: Record<Collection, number> = {
  entries: 10,
  treatments: 100,
  devicestatus: 10,
  profile: 10,
  food: 100,
  settings: 10,
  activity: 10,
};
const MAX_COUNT = 100_000;

/**
 * Nightscout's implicit window (lib/server/query.js): a query that bounds neither the document's
 * time nor names an `_id` covers the last 4 days. Profiles have none.
 */
export function withDefaultWindow(
  collection: Collection,
  conditions: readonly Condition[],
  nowMs: number,
): Condition[] {
  const named = conditions.some((c) => (c.field === '_id' || c.field === 'identifier') && c.op === '$eq');
  if (collection === 'profile' || named || hasDateCondition(collection, conditions)) return [...conditions];
  const field = collection === 'entries' ? 'date' : 'created_at';
  return [...conditions, { field, op: '$gte', values: [String(nowMs - FOUR_DAYS)] }];
}

export function createNightscoutService(ctx: AppContext) {
  const now = () => ctx.clock.now().getTime();

  async function remove(p: NsPrincipal, collection: Collection, conditions: Condition[], permanent = false) {
    const { value } = await changePatientData(ctx, p.patientId, async (tx) => {
      const n = await deleteDocs(tx, p.patientId, collection, conditions, now(), permanent);
      return { value: n, changed: n > 0 };
    });
    return value;
  }

  /**
   * Nightscout's `authorized` (lib/authorization `authorize`): the subject, its permission groups and
   * a fresh v3 JWT in `token` (LoopFollow treats a site without it as read-only). OAuth grants have
   * no JWT of their own.
   */
  async function authorized(p: NsPrincipal): Promise<Doc | null> {
    const permissionGroups = [p.permission === 'readwrite' ? ['*'] : ['*:*:read']];
    if (p.kind !== 'nightscout') return { sub: p.subject, permissionGroups };
    const key = await tokenHashOf(ctx.db, p.id);
    if (!key) return null;
    const jwt = signJwt(p.id, p.subject, key, now());
    return { token: jwt.token, sub: jwt.sub, permissionGroups, iat: jwt.iat, exp: jwt.exp };
  }

  return {
    authorized,

    /** v1 GET: `find`, `count`, the implicit 4-day window (not for profiles), newest first. */
    async findV1(
      p: NsPrincipal,
      collection: Collection,
      query: Record<string, unknown>,
      extra: Condition[] = [],
    ): Promise<StoredDoc[]> {
      const conditions = withDefaultWindow(collection, [...parseV1Find(query), ...extra], now());
      const hasFind = Object.keys(query).some((k) => k.startsWith('find['));
      const count = query.count === 'all' ? MAX_COUNT : Number(query.count);
      const limit =
        Number.isFinite(count) && count > 0
          ? Math.min(Math.floor(count), MAX_COUNT)
          : collection === 'treatments' && hasFind
            ? 1000
            : DEFAULT_COUNT[collection];
      return findDocs(ctx.db, p.patientId, collection, conditions, { limit });
    },

    async write(p: NsPrincipal, collection: Collection, docs: readonly unknown[], via: string) {
      return writeDocs(ctx, p.patientId, collection, docs, {
        subject: p.subject,
        nowMs: now(),
        label: `nightscout:${via}:${p.subject}`.slice(0, 200),
        ...(p.recheck ? { recheckCredential: p.id } : {}),
      });
    },

    /** v1 DELETE: the same 4-day window as a read, unless the query names an `_id` or its own dates. */
    async removeV1(p: NsPrincipal, collection: Collection, conditions: Condition[]) {
      return remove(p, collection, withDefaultWindow(collection, conditions, now()));
    },

    remove,

    /** `status.json`: what clients read to check the server (version ≥ 15) and the units and targets. */
    async status(p: NsPrincipal | null): Promise<Doc> {
      const s = p ? await monitorSettingsOf(ctx.db, p.patientId) : undefined;
      const t = now();
      const units = s?.unit === 'mmol/L' ? 'mmol' : 'mg/dl';
      return {
        status: 'ok',
        name: 'nightscout',
        version: NS_VERSION,
        serverTime: new Date(t).toISOString(),
        serverTimeEpoch: t,
        apiEnabled: true,
        careportalEnabled: true,
        boluscalcEnabled: false,
        settings: {
          units,
          timeFormat: 24,
          customTitle: 'CGM Portal',
          theme: 'colors',
          enable: ['careportal', 'iob', 'cob', 'basal', 'devicestatus', 'api'],
          authDefaultRoles: 'denied',
          thresholds: {
            bgHigh: 250,
            bgTargetTop: s?.target_high ?? 180,
            bgTargetBottom: s?.target_low ?? 70,
            bgLow: s?.hypo ?? 54,
          },
          alarmTypes: ['predict'],
        },
        extendedSettings: { devicestatus: { advanced: true } },
        authorized: p ? await authorized(p) : null,
        runtimeState: 'loaded',
      };
    },

    /** A document as the API shows it (v3 adds its server fields). */
    present: presentDoc,
  };
}

export type NightscoutService = ReturnType<typeof createNightscoutService>;
