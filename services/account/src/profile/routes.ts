import {
  AccountRoutes,
  DeleteAccountBody,
  NoQuery,
  MessageResponse,
  UpdateProfileBody,
  UserResponse,
  dobProblem,
  emailProblem,
  listProblem,
  nameProblem,
  normalizeEmail,
  normalizeList,
  phoneProblem,
  type Market,
} from '@pharmacy/contracts';
import { isDuplicateKeyError } from '@pharmacy/db';
import { badRequest, conflict, HttpError, ok, responses, unauthorized, type FastifyPluginAsyncTypebox } from '@pharmacy/service-kit';
import type { RateLimits } from '../deps';
import { userReply } from '../auth/routes';
import type { PasswordChecks } from '../auth/password-check';
import type { Erasure } from '../erasure/service';
import type { SessionKit } from '../sessions/guard';
import { EMAIL_TAKEN, type UserDoc, type Users } from '../users/store';
import { pendingHealthChanges } from '../health/store';
import type { HealthOutbox } from '../health/outbox';


export const EMAIL_CHANGE_NEEDS_PASSWORD = 'Enter your current password to change your email address.';
export const EMAIL_CHANGE_WRONG_PASSWORD = 'Your current password is not correct, so your email address was not changed.';
export const PROFILE_CHANGED = 'Your profile was being changed somewhere else at the same time. Please try again.';
/** Writes that land between reading the profile and updating it: beyond this many in a row, the shopper retries. */
const PROFILE_WRITE_ATTEMPTS = 3;
const tags = ['account'];

/**
 * The validated changes of a profile update, or the first problem found. A phone is checked against the market's
 * rule when it changes: one saved under an older rule is kept as it is while the shopper edits something else.
 */
function profileChanges(body: UpdateProfileBody, user: UserDoc, market: Market, now: Date): Partial<UserDoc> {
  const set: Partial<UserDoc> = {};
  const check = (problem: string | null) => {
    if (problem) throw badRequest(problem);
  };
  if (body.firstName !== undefined) {
    check(nameProblem(body.firstName, 'First name'));
    set.firstName = body.firstName.trim();
  }
  if (body.lastName !== undefined) {
    check(nameProblem(body.lastName, 'Last name'));
    set.lastName = body.lastName.trim();
  }
  if (body.email !== undefined) {
    check(emailProblem(body.email));
    set.email = normalizeEmail(body.email);
  }
  if (body.phone !== undefined) {
    const phone = (body.phone ?? '').trim();
    if (phone !== (user.phone ?? '')) check(phoneProblem(phone, market.phone));
    set.phone = phone || null;
  }
  if (body.DOB !== undefined) {
    const dob = (body.DOB ?? '').trim();
    check(dobProblem(dob, now));
    set.DOB = dob || null;
  }
  if (body.allergies !== undefined) {
    check(listProblem(body.allergies, 'Allergies'));
    set.allergies = normalizeList(body.allergies);
  }
  if (body.healthConditions !== undefined) {
    check(listProblem(body.healthConditions, 'Health conditions'));
    set.healthConditions = normalizeList(body.healthConditions);
  }
  return set;
}

export interface ProfileRoutesDeps {
  users: Users;
  /** Every change to the health profile is kept (docs/domain.md#health-history). */
  health: HealthOutbox;
  kit: SessionKit;
  passwords: PasswordChecks;
  /** Deleting an account: here and in every other service, retried until confirmed. */
  erasure: Pick<Erasure, 'request'>;
  limits: Pick<RateLimits, 'passwordCheck'>;
  /** Its phone rule checks the profile's phone. */
  market: Market;
  now: () => Date;
}

/** The signed-in user's own profile: read, update, delete. */
export const profileRoutes: FastifyPluginAsyncTypebox<ProfileRoutesDeps> = async (app, deps) => {
  const { users, health, kit, passwords, erasure, limits, market, now } = deps;
  const profile = AccountRoutes.profile;

  app.get(
    profile.get.path,
    { onRequest: kit.signedIn, schema: { tags, summary: 'Your profile', querystring: NoQuery, response: responses(UserResponse) } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return userReply(kit.current(request).user);
    },
  );

  app.put(
    profile.update.path,
    {
      onRequest: kit.signedIn,
      schema: { tags, summary: 'Update your profile (any subset of the fields; an email change needs currentPassword)', body: UpdateProfileBody, response: responses(UserResponse) },
    },
    async (request, reply) => {
      const { session } = kit.current(request);
      let { user } = kit.current(request);
      const set = profileChanges(request.body, user, market, now());
      // Whoever controls the email controls the account (reset links go there), so moving it takes the
      // password, not only a session that may have been left open; wrong guesses are limited per session.
      if (set.email !== undefined && set.email !== user.email) {
        const { currentPassword } = request.body;
        if (!currentPassword) throw badRequest(EMAIL_CHANGE_NEEDS_PASSWORD, 'PASSWORD_REQUIRED');
        if (!(await passwords.current(reply, session._id, user.passwordHash, currentPassword))) {
          throw new HttpError(403, 'WRONG_PASSWORD', EMAIL_CHANGE_WRONG_PASSWORD);
        }
      }
      let updated: UserDoc | null = null;
      for (let attempt = 1; !updated; attempt++) {
        // The history's "before" is the profile this write replaces: the update applies only to the user as read
        // (by `updatedAt`); another write landing first means reading them again. Stamped after the write it
        // replaces, so the history reads in the order the writes were made.
        const at = new Date(Math.max(now().getTime(), new Date(user.updatedAt).getTime() + 1));
        const pending = pendingHealthChanges(user._id, user, { ...user, ...set }, at);
        try {
          updated = await users.findOneAndUpdate(
            { _id: user._id, updatedAt: user.updatedAt },
            health.withPending({ $set: { ...set, updatedAt: at } }, pending),
            { returnDocument: 'after' },
          );
        } catch (err) {
          if (isDuplicateKeyError(err)) throw conflict(EMAIL_TAKEN);
          throw err;
        }
        if (updated) break;
        const again = await users.findOne({ _id: user._id });
        if (!again) throw unauthorized('You have been signed out. Please sign in again.');
        if (attempt === PROFILE_WRITE_ATTEMPTS) throw new HttpError(409, 'PROFILE_CHANGED', PROFILE_CHANGED);
        user = again;
      }
      try {
        // With any a stop left there before: all of them reach the history now.
        await health.deliver(user._id, updated.pendingHealthChanges ?? []);
      } catch (err) {
        // Saved, and the changes are kept on the user until they reach the history (the next read or the next start).
        request.log.warn({ err, userId: user._id }, 'health history: changes left on the user, moved on the next read');
      }
      return userReply(updated, 'Your profile has been saved.');
    },
  );

  app.delete(
    profile.delete.path,
    {
      onRequest: kit.signedIn,
      config: { rateLimit: limits.passwordCheck },
      schema: { tags, summary: 'Delete your account (needs your password)', body: DeleteAccountBody, response: responses(MessageResponse) },
    },
    async (request, reply) => {
      const { user, session } = kit.current(request);
      if (!request.body.password) throw badRequest('Enter your password to delete your account.');
      if (!(await passwords.current(reply, session._id, user.passwordHash, request.body.password))) {
        throw badRequest('The password is not correct.', 'WRONG_PASSWORD');
      }
      // Erased here at once; a service that cannot confirm now is retried until it does (see erasure/service).
      const pending = await erasure.request(user);
      kit.clearCookies(reply);
      // When this service's own part failed half-way (its store), the retry finishes it: say so, not "deleted".
      const message = pending.includes('account')
        ? 'Your request to delete your account is recorded. It will be completed within a few minutes.'
        : 'Your account has been deleted.';
      return ok(null, message);
    },
  );
};

