/**
 * Request body limits, sized to what each route really receives (issue 15, finding 6). Fastify reads
 * no more than a route's limit and answers 413 past it, so the cost of an oversized post is bounded
 * by the route, not by the largest upload the portal accepts anywhere. Every access guard runs
 * `onRequest`, before a byte of the body is read (access/route-access.ts), so only a caller the
 * route admits gets this far.
 *
 * The server-wide default (config BODY_LIMIT_BYTES) covers every form of the web app: the largest
 * ordinary body is a firmware release's notes (4,000 characters) or a profile, a few kilobytes.
 */
const KIB = 1024;
const MIB = 1024 * KIB;

/** The server-wide default: every route not listed below. */
export const DEFAULT_BODY_LIMIT = 64 * KIB;

export const BODY_LIMITS = {
  /** A portrait: a data URL of at most 720,000 characters (contract `portraitUpload`). */
  portrait: 1 * MIB,
  /** New events (≤ 100) or records (≤ 50), each with notes of up to 1,000 characters. */
  clinicalBatch: 512 * KIB,
  /** A firmware release targeting up to 1,000 serials and 300 regions, with 4,000 characters of notes. */
  firmware: 256 * KIB,
} as const;
