import {
  AccountRoutes,
  ChangePasswordBody,
  ForgotPasswordBody,
  ForgotPasswordResponse,
  MessageResponse,
  RESET_TOKEN_TTL_MINUTES,
  ResetPasswordBody,
  emailProblem,
  normalizeEmail,
  passwordProblem,
} from '@pharmacy/contracts';
import type { Collection } from '@pharmacy/db';
import { badRequest, isLoopbackAddress, ok, responses, type FastifyPluginAsyncTypebox, type Mailer } from '@pharmacy/service-kit';
import type { RateLimits } from '../deps';
import type { SessionKit } from '../sessions/guard';
import { hashToken, newToken, type Sessions } from '../sessions/store';
import type { ResetTokenDoc } from './store';
import type { PasswordHasher } from '../users/passwords';
import type { Users } from '../users/store';
import { weakPasswordProblem } from '../users/strength';
import type { PasswordChecks } from '../auth/password-check';
import type { AccountLimiters } from '../throttle/limits';
import { take } from '../throttle/store-limiter';


export const FORGOT_MESSAGE =
  `If an account exists for that email, we have sent a link to reset the password. The link works for ${RESET_TOKEN_TTL_MINUTES} minutes.`;

const RESET_INVALID = 'This reset link is not valid. Please request a new one.';
const RESET_EXPIRED = 'This reset link has expired. Please request a new one.';
const RESET_USED = 'This reset link has already been used. Please request a new one if you still need it.';

function resetMail(firstName: string, link: string) {
  return {
    subject: 'Reset your Pharmacy & Care password',
    text:
      `Hello ${firstName},\n\nSomeone (hopefully you) asked to reset the password of your Pharmacy & Care account.\n` +
      `Open this link within ${RESET_TOKEN_TTL_MINUTES} minutes to choose a new password:\n\n${link}\n\n` +
      `If you did not ask for this, you can ignore this email: your password stays the same.\n`,
  };
}

export interface RecoveryRoutesDeps {
  users: Users;
  sessions: Sessions;
  kit: SessionKit;
  hasher: PasswordHasher;
  passwords: PasswordChecks;
  tokens: Collection<ResetTokenDoc>;
  /** Reset mails per address; a reset clears the wrong passwords counted against the account. */
  limiters: Pick<AccountLimiters, 'resetMails' | 'accountFailures'>;
  limits: Pick<RateLimits, 'forgotPassword' | 'resetPassword' | 'passwordCheck'>;
  mailer: Mailer;
  /** Origin used in the mailed link, without a trailing slash. */
  publicOrigin: string;
  /** The dev mailbox's path where it exists, else null. */
  mailbox: string | null;
  now: () => Date;
}

/** Forgot/reset password (signed out) and change password (signed in). */
export const recoveryRoutes: FastifyPluginAsyncTypebox<RecoveryRoutesDeps> = async (app, deps) => {
  const { users, sessions, kit, hasher, passwords, tokens, limiters, limits, mailer, publicOrigin, mailbox, now } = deps;

  app.post(
    AccountRoutes.recovery.forgotPassword.path,
    {
      config: { rateLimit: limits.forgotPassword },
      schema: {
        tags: ['auth'],
        summary: 'Mail a reset link (same answer whether or not the account exists; `mailbox` where the dev mailbox exists)',
        body: ForgotPasswordBody,
        response: responses(ForgotPasswordResponse),
      },
    },
    async (request) => {
      const problem = emailProblem(request.body.email);
      if (problem) throw badRequest(problem);
      const email = normalizeEmail(request.body.email);
      // Counted per email whether or not the account exists, and answered the same way past the limit,
      // so neither the mails nor the answers tell who has an account; the inbox is not flooded either.
      const mailAllowed = (await take(limiters.resetMails, email)).allowed;
      const user = mailAllowed ? await users.findOne({ email }) : null;
      if (!mailAllowed) request.log.info('password reset mail not sent: per-account limit reached');
      if (user) {
        const token = newToken();
        const at = now();
        await tokens.insertOne({
          _id: hashToken(token),
          userId: user._id,
          createdAt: at,
          expiresAt: new Date(at.getTime() + RESET_TOKEN_TTL_MINUTES * 60_000),
          usedAt: null,
        });
        const link = `${publicOrigin}/reset-password?token=${encodeURIComponent(token)}`;
        // Not awaited: a slow mail server must not make "account exists" answers slower than the others.
        void mailer
          .send({ to: user.email, ...resetMail(user.firstName, link) })
          .catch((err: unknown) => request.log.error({ err }, 'password reset mail could not be sent'));
      }
      // Given whether or not the account exists, like the message: where the mail can be read on a dev install, to
      // a visitor on the machine the mailbox answers (the client address: the gateway's socket, or what it forwards).
      return mailbox && isLoopbackAddress(request.ip) ? { ...ok(null, FORGOT_MESSAGE), mailbox: mailbox } : ok(null, FORGOT_MESSAGE);
    },
  );

  app.post(
    AccountRoutes.recovery.resetPassword.path,
    {
      config: { rateLimit: limits.resetPassword },
      schema: { tags: ['auth'], summary: 'Set a new password with a mailed token; signs out everywhere', body: ResetPasswordBody, response: responses(MessageResponse) },
    },
    async (request, reply) => {
      const { token, password } = request.body;
      if (!token.trim()) throw badRequest(RESET_INVALID);
      const problem = passwordProblem(password);
      if (problem) throw badRequest(problem);
      const id = hashToken(token);
      const at = now();
      // The strength check needs the account (its own email and name are easy guesses); it runs before the
      // token is claimed, so a refused password leaves the link usable for a better one.
      const pending = await tokens.findOne({ _id: id, usedAt: null, expiresAt: { $gt: at } });
      const owner = pending ? await users.findOne({ _id: pending.userId }) : null;
      const weak = owner ? await weakPasswordProblem(password, owner) : null;
      if (weak) throw badRequest(weak, 'WEAK_PASSWORD');
      // Claim the token atomically: of two concurrent uses only one succeeds.
      const claimed = await tokens.findOneAndUpdate(
        { _id: id, usedAt: null, expiresAt: { $gt: at } },
        { $set: { usedAt: at } },
      );
      if (!claimed) {
        const known = await tokens.findOne({ _id: id });
        throw badRequest(!known ? RESET_INVALID : known.usedAt ? RESET_USED : RESET_EXPIRED, 'RESET_TOKEN');
      }
      const updated = await users.updateOne(
        { _id: claimed.userId },
        { $set: { passwordHash: await hasher.hash(password), updatedAt: at } },
      );
      if (updated.matchedCount === 0) throw badRequest(RESET_INVALID, 'RESET_TOKEN');
      // Every other link mailed before this one dies too, and so does every session.
      await tokens.updateMany({ userId: claimed.userId, usedAt: null }, { $set: { usedAt: at } });
      await sessions.revokeAllOf(claimed.userId);
      // The owner proved control of the mailbox: wrong passwords tried by others no longer lock them out.
      if (owner) await limiters.accountFailures.delete(owner.email);
      kit.clearCookies(reply);
      return ok(null, 'Your password has been reset. Please sign in with the new password.');
    },
  );

  app.post(
    AccountRoutes.recovery.changePassword.path,
    {
      onRequest: kit.signedIn,
      config: { rateLimit: limits.passwordCheck },
      schema: { tags: ['account'], summary: 'Change password; signs out every other session', body: ChangePasswordBody, response: responses(MessageResponse) },
    },
    async (request, reply) => {
      const { user, session } = kit.current(request);
      const { currentPassword, newPassword } = request.body;
      if (!currentPassword) throw badRequest('Enter your current password.');
      const problem = passwordProblem(newPassword, 'New password');
      if (problem) throw badRequest(problem);
      if (!(await passwords.current(reply, session._id, user.passwordHash, currentPassword))) {
        throw badRequest('Your current password is not correct.', 'WRONG_PASSWORD');
      }
      if (currentPassword === newPassword) throw badRequest('The new password must be different from the current one.');
      const weak = await weakPasswordProblem(newPassword, user, 'New password');
      if (weak) throw badRequest(weak, 'WEAK_PASSWORD');
      await users.updateOne({ _id: user._id }, { $set: { passwordHash: await hasher.hash(newPassword), updatedAt: now() } });
      await sessions.revokeAllOf(user._id, session._id);
      // This device stays signed in under a new session: the old refresh token may have been copied, and
      // access tokens issued before the change are refused everywhere with the old session id.
      const renewed = await sessions.renew(session._id);
      if (renewed) kit.setCookies(reply, user, renewed.session._id, renewed.refreshToken);
      return ok(null, 'Your password has been changed. Other devices have been signed out.');
    },
  );
};
