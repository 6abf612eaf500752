import type { FastifySchema } from 'fastify';
import type { FastifyRouteSchemaDef } from 'fastify/types/schema';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';

/**
 * The serializer of the report routes. A report answer is large (the daily report of 14 days is
 * about 600 KiB of number arrays) and zod's encode walks every element before JSON.stringify:
 * about 13 ms of a 50 ms budget (issue "Reports" target). The answers are built field by field in
 * the contract's types (builders, blocks.ts), so a 200 answer is written with JSON.stringify
 * directly; refusals keep the zod serializer. The zod schema stays on the route for the OpenAPI
 * document, and reports.int.test.ts checks that every report answer equals its zod encoding.
 */
export function reportSerializerCompiler<T extends FastifySchema>(
  route: FastifyRouteSchemaDef<T>,
): (data: unknown) => string {
  if (route.httpStatus === '200') return (data) => JSON.stringify(data);
  // The schema handed to a serializer is the response schema of that status: a zod type here.
  return serializerCompiler(route as unknown as FastifyRouteSchemaDef<ZodType>);
}
