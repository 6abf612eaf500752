import { createHash } from 'node:crypto';
import { ErrorCode } from '@cgm/domain';
import type { AppContext } from '../../platform/context';
import type { Actor } from '../../platform/http/auth';
import { fail, invalidInput } from '../../platform/http/api-error';
import { assertMayReadPortrait } from '../../access/portrait';
import { detectImageType, PORTRAIT_MAX_BYTES } from './image-type';
import { loadPortrait, savePortrait } from './profile.repository';

/** The profile portrait (spec §3 "Portrait", §7 person/{uid}/portrait). */
export function createPortraitService(ctx: AppContext) {
  /** Stores the decoded image under the type its bytes prove, not the type the data URL claims. */
  async function upload(userId: string, dataUrl: string): Promise<{ error: 0 }> {
    const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1);
    const bytes = Buffer.from(base64, 'base64');
    if (bytes.length > PORTRAIT_MAX_BYTES) return invalidInput('data_url', 'validation.portraitTooLarge');
    const type = detectImageType(bytes);
    if (!type) return invalidInput('data_url', 'validation.portrait');
    await savePortrait(ctx.db, userId, bytes, type, ctx.clock.now());
    return { error: 0 };
  }

  /** 403 when the policy says no, 404 when there is no portrait; the ETag lets browsers revalidate. */
  async function read(actor: Actor, uid: string): Promise<{ data: Buffer; type: string; etag: string }> {
    await assertMayReadPortrait(ctx.db, actor, uid);
    const portrait = await loadPortrait(ctx.db, uid);
    if (!portrait) return fail(ErrorCode.NOT_FOUND);
    const data = Buffer.from(portrait.data);
    const etag = `"${createHash('sha256').update(data).digest('base64url').slice(0, 27)}"`;
    return { data, type: portrait.type, etag };
  }

  return { upload, read };
}
