import type { UploadItem, UploadsResponse } from '@cgm/contract';
import type { AppContext } from '../../platform/context';
import type { Actor } from '../../platform/http/auth';
import { assertMayAccessPatient } from '../../access/patient-data';
import { createUploadsRepository } from './uploads.repository';

type Row = Awaited<ReturnType<ReturnType<typeof createUploadsRepository>['page']>>[number];

function toItem({ upload, device, deletion }: Row): UploadItem {
  return {
    id: upload.id,
    source: deletion?.source ?? upload.source,
    label: upload.label,
    device: device ? { id: device.id, kind: device.kind, serial: device.serial, name: device.name } : null,
    received_at: upload.receivedAt.getTime(),
    stored: upload.stored,
    duplicates: upload.duplicates,
    rejected: upload.rejected,
    first_time: upload.firstTime?.getTime() ?? null,
    last_time: upload.lastTime?.getTime() ?? null,
    deletion: deletion
      ? {
          kinds: deletion.kinds,
          deleted: deletion.counts,
          total: Object.values(deletion.counts).reduce((a, b) => a + (b ?? 0), 0),
        }
      : null,
  };
}

/** The upload history (every batch, import and deletion), paged newest first. */
export function createUploadsService(ctx: AppContext) {
  const repo = createUploadsRepository(ctx.db);
  return {
    async list(actor: Actor, patientId: string, page: number, size: number): Promise<UploadsResponse> {
      await assertMayAccessPatient(ctx.db, actor, patientId, 'read');
      const [total, rows] = await Promise.all([
        repo.count(patientId),
        repo.page(patientId, (page - 1) * size, size),
      ]);
      const pages = Math.ceil(total / size);
      return {
        error: 0,
        uploads: {
          items: rows.map(toItem),
          page,
          size,
          total,
          pages,
          has_next: page < pages,
          has_prev: page > 1,
        },
      };
    },
  };
}
