import { AccountRoutes, pathTo, type SignInChallenge } from '@pharmacy/contracts';
import { apiData } from '@pharmacy/session';

/*
 * The proof-of-work check of sign-in (docs/api.md#sign-in-limits): while failed sign-ins across the shop run above
 * normal, a browser the account does not know solves an ALTCHA check before it may sign in. The browser does it by
 * itself (nothing to read, type or pick); the solver is ALTCHA's own, loaded only when a check is needed, over the
 * browser's WebCrypto. No third party is involved: the check comes from the shop and goes back to it.
 */

export type OfferedCheck = SignInChallenge & { challenge: NonNullable<SignInChallenge['challenge']> };

/** Whether sign-in needs the check now, with the check to solve when it does. */
export async function fetchSignInCheck(signal?: AbortSignal): Promise<OfferedCheck | null> {
  const offered = await apiData.get<SignInChallenge>(pathTo(AccountRoutes.auth.signInChallenge), { noCache: true, signal });
  return offered?.required && offered.challenge ? (offered as OfferedCheck) : null;
}

export const NO_WEBCRYPTO =
  'This browser cannot run the security check on this connection. Open the shop over https (or from this computer), or try another browser.';

/**
 * Solves the check, telling `onProgress` the share done of the most attempts it can take; resolves with the sign-in's
 * `altcha` field (ALTCHA's payload: the check and its solution, base64 JSON).
 */
export async function solveSignInCheck(check: OfferedCheck, onProgress: (share: number) => void, signal: AbortSignal): Promise<string> {
  if (!globalThis.crypto?.subtle) throw new Error(NO_WEBCRYPTO);
  const [{ solveChallenge }, { deriveKey }] = await Promise.all([import('altcha-lib'), import('altcha-lib/algorithms/web/pbkdf2')]);
  let attempts = 0;
  let shown = 0;
  const counted: typeof deriveKey = (parameters, salt, password) => {
    attempts += 1;
    // A few times a second is enough for a bar, and spares the page a render per attempt.
    if (performance.now() - shown > 150) {
      shown = performance.now();
      onProgress(Math.min(attempts / check.maxAttempts, 0.99));
    }
    return deriveKey(parameters, salt, password);
  };
  const controller = new AbortController();
  signal.addEventListener('abort', () => controller.abort(), { once: true });
  const solution = await solveChallenge({ challenge: check.challenge, deriveKey: counted, controller });
  if (!solution) throw new Error(signal.aborted ? 'The security check was stopped.' : 'The security check took too long. Please try again.');
  onProgress(1);
  return btoa(JSON.stringify({ challenge: check.challenge, solution }));
}
