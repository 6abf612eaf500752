import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API, patientExportQuery, routeOf, uid } from '@cgm/contract';
import type { AppContext } from '../../platform/context';
import { requireActor } from '../../platform/http/auth';
import { createExportService } from './export.service';

/** The clinic's patient data export (spec §2 /ClinicHcp/ClinicExportData). */
export function registerExportRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const exporter = createExportService(ctx);

  r.get(
    routeOf(API.patientExport),
    {
      config: { access: { kind: 'patient', action: 'read', op: 'patient.export' } },
      schema: {
        tags: ['care team'],
        security: [{ bearer: [] }],
        summary:
          "A patient's sensor glucose, BG, basal, boluses and events of up to 90 local days, as a CSV " +
          'or JSON attachment (JSON: contract patientExportJson)',
        params: z.object({ id: uid }),
        querystring: patientExportQuery,
        description:
          'The file as an attachment; refusals as JSON: 400 (error 100, message messages.endBeforeStart, ' +
          'messages.moreThan90Days or messages.dateSelectionWrong), 401, 403 without consent.',
      },
    },
    async (req, reply) => {
      const file = await exporter.build(requireActor(req), req.params.id, req.query);
      // Everything that can fail has run: the rows are read, only their text is still to be written.
      return reply
        .type(file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(file.chunks));
    },
  );
}
