import {
  ACCESS_COOKIE,
  CatalogRoutes,
  SafetyCheckBody,
  SafetyCheckResponse,
  SafetyRecogniseBody,
  SafetyRecogniseResponse,
  SafetyTermsQuery,
  SafetyTermsResponse,
  StrictObject,
  type SafetyProfile,
} from '@pharmacy/contracts';
import { ok, okList, requireUser, responses, sendCached, unavailable, type FastifyPluginAsyncTypebox, type SafetyProfileSource } from '@pharmacy/service-kit';
import type { RateLimits } from '../deps';
import type { ProductReadModel } from '../products/readModel';
import { productSafety } from './answer';
import { unrecognisedTerms } from './match';
import { TABLE_VERSION } from './table';
import { recogniseTerms, suggestTerms } from './terms';

const NoQuery = StrictObject({});

/** Never "no warnings" when the profile cannot be read: the shopper is told to try again. */
const profileUnavailable = () => unavailable('We cannot check this against your health profile right now. Please try again in a moment before you buy.');

/** The catalog's safety answers (docs/api.md#safety): the same result the cart, checkout and orders carry. */
export const safetyRoutes: FastifyPluginAsyncTypebox<{
  readModel: ProductReadModel;
  account: SafetyProfileSource | undefined;
  limits: RateLimits;
  now: () => Date;
}> = async (app, { readModel, account, limits, now }) => {
  app.post(
    CatalogRoutes.safety.check.path,
    {
      config: { rateLimit: limits.safetyCheck },
      schema: {
        tags: ['shop'],
        summary: "Safety answer for the caller: warnings from their own health profile, and blocks (age, prescription); a visitor gets prescription blocks only",
        querystring: NoQuery,
        body: SafetyCheckBody,
        response: responses(SafetyCheckResponse),
      },
    },
    async (request, reply) => {
      let profile: SafetyProfile | null = null;
      // A session cookie that no longer verifies is a 401 (the browser refreshes and asks again), never a
      // visitor's answer: that would show a signed-in shopper no warnings.
      if (request.cookies[ACCESS_COOKIE]) {
        await requireUser(request);
        if (!account) throw profileUnavailable();
        try {
          profile = await account.safetyProfile(request.user.sub);
        } catch (err) {
          request.log.warn({ err }, 'safety profile unavailable');
          throw profileUnavailable();
        }
      }
      // The answer is the caller's own: never kept by a browser or proxy for the next person.
      reply.header('cache-control', 'no-store');
      const at = now();
      const items = [...new Set(request.body.productIds)].flatMap((id) => {
        const p = readModel.get(id);
        return p ? [productSafety(p, profile, at)] : [];
      });
      return okList(items, { unrecognisedTerms: profile ? unrecognisedTerms(profile) : [] });
    },
  );

  app.get(
    CatalogRoutes.safety.terms.path,
    {
      config: { publicData: true, rateLimit: limits.safetyTerms },
      schema: {
        tags: ['shop'],
        summary: 'Typeahead for allergies (ingredients, classes, excipients) or conditions from the knowledge table: prefix, brand and misspelling aware',
        querystring: SafetyTermsQuery,
        response: responses(SafetyTermsResponse),
      },
    },
    async (request, reply) => {
      const { q, limit = 8 } = request.query;
      const terms = suggestTerms(q, request.query.for, limit);
      // The table only changes with a release, so one suggestion list is written once per question.
      return sendCached(reply, terms, okList(terms, { tableVersion: TABLE_VERSION }));
    },
  );

  app.post(
    CatalogRoutes.safety.recognise.path,
    {
      config: { rateLimit: limits.safetyTerms },
      schema: {
        tags: ['shop'],
        summary: 'Which of these profile terms the knowledge table knows, with its name for them (nothing is kept)',
        querystring: NoQuery,
        body: SafetyRecogniseBody,
        response: responses(SafetyRecogniseResponse),
      },
    },
    async (request) => ok(recogniseTerms(request.body.terms)),
  );
};
