import type { ErasureResult } from '@pharmacy/contracts';
import { createServiceClient, type ServiceClientOptions } from '@pharmacy/service-kit';

/** Another service's part of deleting an account: erases or anonymises what it holds about the user. */
export interface PersonalDataEraser {
  service: string;
  /** Idempotent; throws when the service could not confirm (the erasure is then retried). */
  erase(userId: string): Promise<ErasureResult>;
}

/** The erase call of a service that follows the `/internal/<service>/users/{userId}/erase` convention. */
export function serviceEraser(service: 'checkout' | 'catalog', opts: ServiceClientOptions): PersonalDataEraser {
  const call = createServiceClient({ ...opts, timeoutMs: 3000 });
  return {
    service,
    erase: (userId) => call<ErasureResult>('POST', `/internal/${service}/users/${encodeURIComponent(userId)}/erase`),
  };
}
