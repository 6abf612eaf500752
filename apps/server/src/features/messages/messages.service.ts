import { maskRealname } from '@cgm/domain';
import type { MessageItem } from '@cgm/contract';
import type { AppContext } from '../../platform/context';
import type { Actor } from '../../platform/http/auth';
import { countUnreadMessages } from '../../accounts/waiting-counts';
import { createMessagesRepository } from './messages.repository';

/**
 * A follower's messages (spec §3 "Message", §4 "Messages tell users of acceptance, cancellation,
 * rejection"). The sender's real name and portrait are shown only while the patient lets this
 * follower see their data: a rejection or a removal tells the outcome, not the person (real name
 * and alias are masked alike).
 */
export function createMessagesService(ctx: AppContext) {
  const repo = createMessagesRepository(ctx.db);

  return {
    async list(actor: Actor): Promise<{ error: 0; messages: MessageItem[] }> {
      const rows = await repo.list(actor.userId);
      return {
        error: 0,
        messages: rows.map((r) => {
          const consented = r.consented;
          return {
            id: r.id,
            message_type: r.type,
            uid: r.senderId,
            username: r.username,
            realname: r.realname === null ? null : consented ? r.realname : maskRealname(r.realname),
            alias: r.alias === null ? null : consented ? r.alias : maskRealname(r.alias),
            timestamp: r.createdAt.getTime(),
            read: r.readAt !== null,
            portrait: consented && Boolean(r.hasPortrait),
          };
        }),
      };
    },

    async unread(actor: Actor): Promise<{ error: 0; count: number }> {
      return { error: 0, count: await countUnreadMessages(ctx.db, actor.userId) };
    },

    async markRead(actor: Actor, ids: string[] | undefined): Promise<{ error: 0; count: number }> {
      await repo.markRead(actor.userId, ids, ctx.clock.now());
      return { error: 0, count: await countUnreadMessages(ctx.db, actor.userId) };
    },
  };
}
