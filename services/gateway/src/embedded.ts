import type { OpenService } from '@pharmacy/service-kit';
import type { ServiceName } from './routes-table';

/**
 * The services' own code, loaded only when the gateway runs them in its process (embedded mode). The distributed
 * gateway runs on contracts and service-kit alone (docs/architecture.md#services): it never loads a service, and a
 * deployment that only proxies can leave them uninstalled (they are optional dependencies).
 */
export async function embeddedServices(): Promise<Record<ServiceName, OpenService>> {
  try {
    const [account, catalog, checkout] = await Promise.all([
      import('@pharmacy/account-service'),
      import('@pharmacy/catalog-service'),
      import('@pharmacy/checkout-service'),
    ]);
    return { account: account.openAccountService, catalog: catalog.openCatalogService, checkout: checkout.openCheckoutService };
  } catch (err) {
    throw new Error('Embedded mode runs every service in the gateway: install @pharmacy/account-service, catalog-service and checkout-service, or run GATEWAY_MODE=distributed.', { cause: err });
  }
}
