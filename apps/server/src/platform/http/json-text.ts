import type { FastifyReply } from 'fastify';

/**
 * Sends JSON the route serialised itself: Fastify sends a string with a JSON content type as it is,
 * without its serializer (and without checking it against the route's response schema again).
 */
export function sendJsonText(reply: { type(contentType: string): unknown }, text: string): FastifyReply {
  return (reply.type('application/json; charset=utf-8') as FastifyReply).send(text);
}
