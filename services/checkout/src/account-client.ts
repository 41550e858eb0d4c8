import { createServiceClient } from '@pharmacy/service-kit';
import type { SafetyProfile } from '@pharmacy/contracts';

/** The user's allergies, health conditions and DOB, read from the account service (never sent by the browser). */
export interface AccountClient {
  safetyProfile(userId: string): Promise<SafetyProfile>;
}

export function createAccountClient(opts: { baseUrl: string; token: string; fetch?: typeof fetch; timeoutMs?: number }): AccountClient {
  const call = createServiceClient(opts);
  return {
    safetyProfile: async (userId) => {
      const p = await call<Partial<SafetyProfile>>('GET', `/internal/account/users/${encodeURIComponent(userId)}/safety-profile`);
      return {
        allergies: Array.isArray(p.allergies) ? p.allergies : [],
        healthConditions: Array.isArray(p.healthConditions) ? p.healthConditions : [],
        DOB: typeof p.DOB === 'string' && p.DOB ? p.DOB : null,
      };
    },
  };
}
