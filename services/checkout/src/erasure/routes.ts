import { CheckoutRoutes, ErasureParams, ErasureResponse, type ErasureResult, type OrderAddress } from '@pharmacy/contracts';
import type { Collection } from '@pharmacy/db';
import { REVOCATION_KEEP_MS, ok, requireInternal, responses, type FastifyPluginAsyncTypebox } from '@pharmacy/service-kit';
import type { OrderDoc } from '../orders/store';

/** What erasing a customer touches here: each store removes its own documents of the user. */
export interface ErasureStores {
  addresses: { eraseUser(userId: string): Promise<number> };
  carts: { eraseUser(userId: string): Promise<number> };
  orders: Collection<OrderDoc>;
  /** Prescriptions never verified, and their files (verified ones stay: prescriptions/store.ts). */
  prescriptions?: { eraseUser(userId: string): Promise<number> };
}

export const FORMER_CUSTOMER = 'Former customer';
const ERASED = '(erased)';

/** What an order of a deleted account shows instead of the shopper's name, address and phone. */
export const ERASED_ORDER_ADDRESS: OrderAddress = {
  addressId: '',
  fullName: FORMER_CUSTOMER,
  line1: ERASED,
  line2: '',
  city: ERASED,
  region: '',
  postalCode: ERASED,
  country: '',
  phone: ERASED,
  notes: '',
};

/**
 * A deleted account's data here: the address book and the cart go; orders stay for the pharmacy's records
 * (items, amounts, payment references, acknowledged safety warnings) with the delivery name, address and phone
 * replaced and `anonymisedAt` set. Running it again changes nothing.
 */
export async function eraseCustomer(stores: ErasureStores, userId: string, now: () => Date): Promise<ErasureResult> {
  const addresses = await stores.addresses.eraseUser(userId);
  const carts = await stores.carts.eraseUser(userId);
  const anonymised = await stores.orders.updateMany(
    { userId, anonymisedAt: null },
    // Mail still owed goes too: there is nobody left to write to.
    { $set: { address: ERASED_ORDER_ADDRESS, anonymisedAt: now().getTime(), mailsDue: [] } },
  );
  const prescriptions = (await stores.prescriptions?.eraseUser(userId)) ?? 0;
  return { addresses, carts, ordersAnonymised: anonymised.modifiedCount, prescriptionsDeleted: prescriptions };
}

/** Called by the account service when an account is deleted, and again until it has confirmed once. */
export const erasureRoutes: FastifyPluginAsyncTypebox<ErasureStores & { internalToken: string; now: () => Date }> = async (
  app,
  opts,
) => {
  app.post(CheckoutRoutes.internal.eraseUser.path, {
    preHandler: requireInternal(opts.internalToken),
    schema: { hide: true, params: ErasureParams, response: responses(ErasureResponse) },
  }, async (request) => {
    // From now on the account's tokens are refused here, even before the next poll: nothing new is written for it.
    request.server.revocations.refuseUser(request.params.userId, REVOCATION_KEEP_MS);
    return ok(await eraseCustomer(opts, request.params.userId, opts.now));
  });
};
