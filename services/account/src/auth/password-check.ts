import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCodes, SIGN_IN_CHALLENGE_CODE } from '@pharmacy/contracts';
import { HttpError } from '@pharmacy/service-kit';
import type { PasswordHasher } from '../users/passwords';
import type { AccountLimiters } from '../throttle/limits';
import { take, type Taken } from '../throttle/store-limiter';
import type { SignInChallenges } from './challenge';
import type { Devices } from './devices';

/*
 * Wrong passwords are limited where they cannot be used against the owner (docs/api.md#sign-in-limits): per account
 * only from devices the account does not know (a stranger's guesses lock strangers out), per device on a device it
 * knows and per session once signed in (the owner's own typos). Each attempt is counted before the password is
 * tried, so parallel guesses cannot all slip under a limit, and a correct password takes its count back.
 */

const waitText = (seconds: number) => {
  const minutes = Math.ceil(seconds / 60);
  return seconds < 60 ? `${seconds} seconds` : `${minutes} minute${minutes === 1 ? '' : 's'}`;
};

function tooMany(reply: FastifyReply, refused: Extract<Taken, { allowed: false }>, where: string): HttpError {
  reply.header('retry-after', String(refused.retryAfterSeconds));
  return new HttpError(
    429,
    ErrorCodes.RATE_LIMITED,
    `Too many wrong passwords ${where}. Please wait ${waitText(refused.retryAfterSeconds)} and try again, or reset your password with "Forgot password".`,
  );
}

/** The password checks of sign-in and of account changes, with the counters that limit them. */
export interface PasswordChecks {
  /**
   * A sign-in's password check. `deviceId` is the device this browser is for the account (null: unknown to it), which
   * the caller remembers again on success.
   */
  signIn(
    request: FastifyRequest,
    reply: FastifyReply,
    attempt: { email: string; passwordHash: string | null; password: string; altcha?: string },
  ): Promise<{ correct: boolean; deviceId: string | null }>;
  /** The current password asked for by an account change (email, password, deletion): limited per session. */
  current(reply: FastifyReply, sessionId: string, passwordHash: string, password: string): Promise<boolean>;
}

export function createPasswordChecks(deps: {
  hasher: PasswordHasher;
  limiters: Pick<AccountLimiters, 'deviceFailures' | 'accountFailures'>;
  devices: Pick<Devices, 'known'>;
  challenges: Pick<SignInChallenges, 'problem' | 'failed'>;
}): PasswordChecks {
  const { hasher, limiters, devices, challenges } = deps;
  const { deviceFailures, accountFailures } = limiters;

  /** The password against the stored hash (null: no such account, and the check still takes the time of a real one). */
  async function verify(passwordHash: string | null, password: string): Promise<boolean> {
    if (passwordHash) return hasher.verify(passwordHash, password);
    await hasher.burn(password);
    return false;
  }

  return {
    async signIn(request, reply, attempt) {
      const deviceId = devices.known(request, attempt.email);
      if (deviceId) {
        const key = `device:${deviceId}`;
        const counted = await take(deviceFailures, key);
        if (!counted.allowed) throw tooMany(reply, counted, 'on this device');
        const correct = await verify(attempt.passwordHash, attempt.password);
        if (correct) await deviceFailures.delete(key);
        return { correct, deviceId };
      }
      // Checked before anything is counted: an attempt without a solution is not a guess.
      const problem = await challenges.problem(attempt.altcha);
      if (problem) throw new HttpError(403, SIGN_IN_CHALLENGE_CODE, problem);
      // Unknown emails are counted too, so the limit's answer does not tell which accounts exist.
      const counted = await take(accountFailures, attempt.email);
      if (!counted.allowed) throw tooMany(reply, counted, 'for this account');
      const correct = await verify(attempt.passwordHash, attempt.password);
      if (correct) await accountFailures.reward(attempt.email);
      else await challenges.failed();
      return { correct, deviceId: null };
    },

    async current(reply, sessionId, passwordHash, password) {
      const key = `session:${sessionId}`;
      const counted = await take(deviceFailures, key);
      if (!counted.allowed) throw tooMany(reply, counted, 'in this session');
      const correct = await hasher.verify(passwordHash, password);
      if (correct) await deviceFailures.reward(key);
      return correct;
    },
  };
}
