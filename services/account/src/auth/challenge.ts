import { hkdfSync } from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge, type Payload } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { SignInChallenge } from '@pharmacy/contracts';
import { isDuplicateKeyError, type DocumentStore } from '@pharmacy/db';
import { openUsedChallenges } from './store';
import type { AccountLimiters } from '../throttle/limits';
import { take } from '../throttle/store-limiter';

/*
 * The proof-of-work check of sign-in (docs/api.md#sign-in-limits): while failed sign-ins across the shop run above
 * normal (credential stuffing spread over many addresses and accounts, which no per-address or per-account limit
 * sees), a sign-in from a device the account does not know must carry a solved ALTCHA check. The browser solves it
 * by itself in a second or two; a list of stolen passwords costs that much per guess. Each check works once.
 */

/** How hard a check is: PBKDF2 iterations per attempt, and the range the attempts needed are drawn from. */
export interface ChallengeWork {
  cost: number;
  minAttempts: number;
  maxAttempts: number;
  /** How long a check may take to be solved and used. */
  validForMs: number;
}

/**
 * 1,400 attempts on average: 0.4-0.6 s in headless Chromium's WebCrypto on this project's 2-core VM under load, so
 * a second or two on a laptop and a few seconds on a phone at most (2,000 attempts).
 */
export const DEFAULT_CHALLENGE_WORK: ChallengeWork = { cost: 1000, minAttempts: 800, maxAttempts: 2000, validForMs: 10 * 60_000 };
/** Checks handed out per client address (each costs the service one key derivation). */
export const CHALLENGES_PER_ADDRESS = { max: 30, timeWindow: '1 minute' };
/** The check stays on this long after the last minute whose failures were above normal. */
export const CHALLENGE_ON_MS = 15 * 60_000;
const ALGORITHM = 'PBKDF2/SHA-256';

export const CHALLENGE_MISSING =
  'Sign-in needs a short security check first. Your browser does it by itself: wait for it to finish, then sign in again.';
export const CHALLENGE_REFUSED = 'That security check has expired or was already used. Your browser will run a new one: then sign in again.';

export interface SignInChallenges {
  /** Whether sign-ins from unknown devices need the check now. */
  required(): Promise<boolean>;
  /** What GET /api/auth/challenge answers. */
  issue(): Promise<SignInChallenge>;
  /** Null when the sign-in may go on (no check needed, or a fresh solution given), else what to tell the shopper. */
  problem(payload: string | undefined): Promise<string | null>;
  /** A failed sign-in from an unknown device: counted across the shop, and the check turned on when above normal. */
  failed(): Promise<void>;
}

function parsePayload(payload: string): Payload | null {
  try {
    const parsed = JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as Partial<Payload> | null;
    const params = parsed?.challenge?.parameters;
    return params && typeof params === 'object' && typeof params.nonce === 'string' && parsed.solution && typeof parsed.solution === 'object'
      ? (parsed as Payload)
      : null;
  } catch {
    return null;
  }
}

export async function openChallenges(opts: {
  store: DocumentStore;
  privateKey: string;
  limiters: Pick<AccountLimiters, 'shopFailures' | 'challengeOn'>;
  work: ChallengeWork;
}): Promise<SignInChallenges> {
  const { shopFailures, challengeOn } = opts.limiters;
  const used = await openUsedChallenges(opts.store);
  // Derived from the signing key like the device cookies': every process of the service signs and verifies alike.
  const secret = (info: string) => Buffer.from(hkdfSync('sha256', opts.privateKey, '', info, 32)).toString('hex');
  const secrets = { hmacSignatureSecret: secret('pharmacy sign-in challenge'), hmacKeySignatureSecret: secret('pharmacy sign-in challenge key') };

  const required = async () => (await challengeOn.get('all')) !== null;

  return {
    required,
    async issue() {
      if (!(await required())) return { required: false, challenge: null, maxAttempts: 0 };
      const { cost, minAttempts, maxAttempts, validForMs } = opts.work;
      // The server picks the attempt that solves it (ALTCHA's deterministic mode), so the work is bounded and a
      // solution is checked with one HMAC, not a key derivation.
      const challenge = (await createChallenge({
        algorithm: ALGORITHM,
        cost,
        counter: randomInt(maxAttempts, minAttempts),
        deriveKey,
        expiresAt: new Date(Date.now() + validForMs),
        ...secrets,
      })) as Required<Pick<Challenge, 'parameters' | 'signature'>>;
      return { required: true, challenge, maxAttempts };
    },
    async problem(payload) {
      if (!(await required())) return null;
      if (!payload) return CHALLENGE_MISSING;
      const solved = parsePayload(payload);
      if (!solved) return CHALLENGE_REFUSED;
      let verified = false;
      try {
        verified = (await verifySolution({ challenge: solved.challenge, solution: solved.solution, deriveKey, ...secrets })).verified;
      } catch {
        verified = false; // a malformed check or solution is one that does not verify
      }
      if (!verified) return CHALLENGE_REFUSED;
      const { nonce, expiresAt } = solved.challenge.parameters;
      try {
        await used.insertOne({ _id: nonce, expiresAt: new Date((expiresAt ?? 0) * 1000 || Date.now() + opts.work.validForMs) });
      } catch (err) {
        if (isDuplicateKeyError(err)) return CHALLENGE_REFUSED;
        throw err;
      }
      return null;
    },
    async failed() {
      const counted = await take(shopFailures, 'all');
      if (!counted.allowed) await challengeOn.block('all', CHALLENGE_ON_MS / 1000);
    },
  };
}
