import { AccountRoutes, type SafetyProfile } from '@pharmacy/contracts';
import { createRouteClient, type RouteClient, type ServiceClientOptions } from './internal';

/**
 * A user's allergies, health conditions and date of birth as the account service stores them, read by catalog and
 * checkout alike (never taken from a browser). A missing or odd field reads as empty, so a profile saved before a
 * field existed still gives a full answer.
 */
export async function readSafetyProfile(call: RouteClient, userId: string): Promise<SafetyProfile> {
  const p: Partial<SafetyProfile> = await call(AccountRoutes.internal.safetyProfile, { params: { id: userId } });
  const list = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
  return {
    allergies: list(p.allergies),
    healthConditions: list(p.healthConditions),
    DOB: typeof p.DOB === 'string' && p.DOB ? p.DOB : null,
  };
}

/** Where a service gets safety profiles from: the account service, or a double in tests. */
export interface SafetyProfileSource {
  safetyProfile(userId: string): Promise<SafetyProfile>;
}

export function accountSafetyProfiles(opts: ServiceClientOptions): SafetyProfileSource {
  const call = createRouteClient(opts);
  return { safetyProfile: (userId) => readSafetyProfile(call, userId) };
}
