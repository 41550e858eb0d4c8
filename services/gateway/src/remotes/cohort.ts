import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { COHORT_COOKIE, type RemoteName } from '@pharmacy/contracts';

/** A visitor id as the gateway makes them: 16 random bytes, base64url. Anything else in the cookie is replaced. */
const VISITOR_ID = /^[A-Za-z0-9_-]{22}$/;
/** The cohort cookie lives a year: a visitor stays on one side of every canary for as long as it runs. */
const COHORT_MAX_AGE_SECONDS = 365 * 24 * 3600;

/**
 * The visitor's bucket (0–99) for one remote's canary: they are in it while the bucket is under its percent, so
 * raising the percent only adds visitors, and each remote's canary draws its own, independent cohort.
 */
export function cohortBucket(visitor: string, name: RemoteName): number {
  return createHash('sha256').update(`${name}\n${visitor}`).digest().readUInt32BE(0) % 100;
}

export const newVisitorId = (): string => randomBytes(16).toString('base64url');

/**
 * The visitor id of this request, from the cohort cookie; a request without one (or with one the gateway did not
 * make) is given a new one on its answer, so the page and everything it loads next agree on the builds it runs
 * (docs/operations.md#canary-releases). HttpOnly: only the gateway decides.
 */
export function visitorOf(request: FastifyRequest, reply: FastifyReply, secure: boolean): string {
  const given = request.cookies?.[COHORT_COOKIE];
  if (given && VISITOR_ID.test(given)) return given;
  const visitor = newVisitorId();
  void reply.setCookie(COHORT_COOKIE, visitor, { path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge: COHORT_MAX_AGE_SECONDS });
  return visitor;
}
