import type { FastifyReply } from 'fastify';
import { ErrorCodes, normalizeEmail } from '@pharmacy/contracts';
import { HttpError } from '@pharmacy/service-kit';
import type { AccountContext } from '../deps';

/** The key wrong passwords are counted under: the account's normalised email, whether or not it exists. */
export const loginFailureKey = (email: string) => `login:${normalizeEmail(email)}`;

const waitText = (seconds: number) => {
  const minutes = Math.ceil(seconds / 60);
  return seconds < 60 ? `${seconds} seconds` : `${minutes} minute${minutes === 1 ? '' : 's'}`;
};

/**
 * Checks a password of the account named by `email` (hash null: no such account, the check still takes the
 * time of a real one). Every wrong password counts toward the account's limit from any address; past it the
 * answer is 429 with Retry-After, before the password is even tried, and the owner is pointed to the reset
 * by email, which this limit never blocks.
 */
export async function checkPasswordCounted(
  ctx: AccountContext,
  reply: FastifyReply,
  email: string,
  passwordHash: string | null,
  password: string,
): Promise<boolean> {
  const attempt = await ctx.loginFailures.begin(loginFailureKey(email));
  if (!attempt.allowed) {
    reply.header('retry-after', String(attempt.retryAfterSeconds));
    throw new HttpError(
      429,
      ErrorCodes.RATE_LIMITED,
      `Too many wrong passwords for this account. Please wait ${waitText(attempt.retryAfterSeconds)} and try again, or reset your password with "Forgot password".`,
    );
  }
  let correct = false;
  if (passwordHash) correct = await ctx.hasher.verify(passwordHash, password);
  else await ctx.hasher.burn(password);
  if (correct) await ctx.loginFailures.forget(attempt.attemptId);
  return correct;
}
