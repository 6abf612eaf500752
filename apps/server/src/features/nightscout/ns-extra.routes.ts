import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context';
import { principal, type NsPrincipal } from '../../access/nightscout-principal';
import { createNightscoutService } from './ns-service';
import { storedBytes } from './ns-documents.repository';
import { nightscoutProperties, pebble, type PropertyInputs } from './ns-properties';
import { nsRoute } from './ns-v1.routes';
import { parseV1Find } from './ns-find';
import type { Doc } from './ns-docs';

// What Nightscout serves besides the collections: `/api/v2/properties` (Nightguard, LoopFollow),
// `/pebble` (Pebble and Garmin watch faces) and the v1 `activity` collection.

const CARE_EVENTS = ['Site Change', 'Sensor Start', 'Sensor Change', 'Insulin Change', 'Pump Battery Change'];
const THIRTY_DAYS = 30 * 86_400_000;
/** Nightscout's dbsize default limit (the free MongoDB tier), the base of its percentage. */
const DBSIZE_MAX_MIB = 496;

export function registerNightscoutExtraRoutes(app: FastifyInstance, ctx: AppContext): void {
  const svc = createNightscoutService(ctx);
  const now = () => ctx.clock.now().getTime();

  async function inputs(p: NsPrincipal, sgvCount: number): Promise<PropertyInputs> {
    const t = now();
    const [sgvs, statuses, care, site] = await Promise.all([
      svc.findV1(p, 'entries', { 'find[type]': 'sgv', count: String(Math.max(sgvCount, 2)) }),
      svc.findV1(p, 'devicestatus', { count: '10' }),
      svc.findV1(p, 'treatments', {
        'find[eventType][$in]': CARE_EVENTS.join('|'),
        'find[created_at][$gte]': new Date(t - THIRTY_DAYS).toISOString(),
        count: '20',
      }),
      svc.status(p),
    ]);
    const units = (site.settings as { units: string }).units === 'mmol' ? 'mmol' : 'mg/dl';
    const docs = (list: typeof sgvs) => list.map((d) => svc.present(d) as Doc);
    return { sgvs: docs(sgvs), deviceStatus: docs(statuses), careEvents: docs(care), units, nowMs: t };
  }

  async function dbsize(p: NsPrincipal): Promise<Doc> {
    const mib = (await storedBytes(ctx.db, p.patientId)) / (1024 * 1024);
    const percentage = Math.floor((mib * 100) / DBSIZE_MAX_MIB);
    // The portal has no per-site storage limit, so the size never warns.
    return {
      display: `${percentage}%`,
      status: 'current',
      totalDataSize: mib,
      dataPercentage: percentage,
      notificationLevel: 0,
      details: { maxSize: DBSIZE_MAX_MIB, dataSize: Number(mib.toFixed(2)) },
    };
  }

  async function properties(req: FastifyRequest, reply: FastifyReply, names: string[]) {
    const p = principal(req);
    const all: Doc = { ...nightscoutProperties(await inputs(p, 2)) };
    if (names.length === 0 || names.includes('dbsize')) all.dbsize = await dbsize(p);
    if (names.length === 0) return all;
    return Object.fromEntries(names.filter((n) => n in all).map((n) => [n, all[n]]));
  }

  // Nightscout asks for entries and treatments read permission (lib/api2/properties.js).
  const propertiesReads = { reads: ['entries', 'treatments'] } as const;
  nsRoute(app, 'GET', '/api/v2/properties', propertiesReads, (req, reply) => properties(req, reply, []));
  nsRoute(app, 'GET', '/api/v2/properties/:names', propertiesReads, (req, reply) =>
    properties(
      req,
      reply,
      (req.params as { names: string }).names.split(',').filter((n) => n !== ''),
    ),
  );

  nsRoute(app, 'GET', '/pebble', { reads: ['entries'] }, async (req) => {
    const p = principal(req);
    const q = req.query as { count?: string; units?: string };
    const count = Math.min(Math.max(Number.parseInt(q.count ?? '', 10) || 1, 1), 288);
    const i = await inputs(p, count);
    return pebble(q.units === 'mmol' || q.units === 'mg/dl' ? { ...i, units: q.units } : i, count);
  });

  // Activity: a plain collection (lib/api/activity), kept and read back like food.
  nsRoute(app, 'GET', '/api/v1/activity', { reads: ['activity'] }, async (req) => {
    const p = principal(req);
    const docs = await svc.findV1(p, 'activity', req.query as Record<string, unknown>);
    return docs.map((d) => svc.present(d));
  });
  const save = async (req: FastifyRequest, reply: FastifyReply) => {
    const body = Array.isArray(req.body) ? req.body : [req.body];
    const out = await svc.write(principal(req), 'activity', body, 'v1');
    if (out.rejected > 0 && out.rejected === out.outcomes.length)
      return reply.code(400).send({ status: 400, message: 'Bad Request', description: 'Not a document' });
    return out.docs;
  };
  nsRoute(app, 'POST', '/api/v1/activity', 'write', save);
  nsRoute(app, 'PUT', '/api/v1/activity', 'write', save);
  nsRoute(app, 'DELETE', '/api/v1/activity/:spec', 'write', async (req) => {
    const spec = (req.params as { spec: string }).spec;
    const find = parseV1Find(req.query as Record<string, unknown>);
    const n = await svc.removeV1(
      principal(req),
      'activity',
      spec === '*' ? find : [...find, { field: '_id', op: '$eq', values: [spec] }],
    );
    return { result: { n, ok: 1 }, n, ok: 1, deletedCount: n };
  });
}
