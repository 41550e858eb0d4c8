import { CatalogRoutes, CheckoutRoutes, type ErasureResult } from '@pharmacy/contracts';
import { createRouteClient, type ServiceClientOptions } from '@pharmacy/service-kit';

/** Another service's part of deleting an account: erases or anonymises what it holds about the user. */
export interface PersonalDataEraser {
  service: string;
  /** Idempotent; throws when the service could not confirm (the erasure is then retried). */
  erase(userId: string): Promise<ErasureResult>;
}

/** Where each service that holds personal data takes the erase call. */
const ERASE = { checkout: CheckoutRoutes.internal.eraseUser, catalog: CatalogRoutes.internal.eraseUser };

/** The erase call of another service (its `/internal/<service>/users/{userId}/erase` route). */
export function serviceEraser(service: keyof typeof ERASE, opts: ServiceClientOptions): PersonalDataEraser {
  const call = createRouteClient({ ...opts, timeoutMs: 3000 });
  return {
    service,
    erase: (userId) => call(ERASE[service], { params: { userId } }),
  };
}
