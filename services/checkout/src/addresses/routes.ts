import { CheckoutRoutes, Address, AddressAddBody, AddressParams, AddressUpdateBody, CheckoutUserParams, Ok } from '@pharmacy/contracts';
import { assertBodyUser, assertSelf, ok, requireUser, responses, type FastifyPluginAsyncTypebox } from '@pharmacy/service-kit';
import { Type } from '@sinclair/typebox';
import type { RateLimits } from '../deps';
import type { AddressStore } from './store';

/** The address book (docs/api.md#addresses): only the owner can read or change an address. */
export const addressRoutes: FastifyPluginAsyncTypebox<{ addresses: AddressStore; limits: RateLimits }> = async (app, { addresses, limits }) => {
  const tags = ['address'];
  const write = { preHandler: requireUser, config: { rateLimit: limits.address } };

  app.post(CheckoutRoutes.addresses.add.path, { ...write, preHandler: [requireUser, assertBodyUser], schema: { tags, body: AddressAddBody, response: responses(Ok(Address)) } }, async (request) => {
    const { userId: _named, ...input } = request.body;
    return ok(await addresses.add(request.user.sub, input), 'Address saved.');
  });

  app.get(CheckoutRoutes.addresses.list.path, { preHandler: requireUser, schema: { tags, params: CheckoutUserParams, response: responses(Ok(Type.Array(Address))) } }, async (request) => {
    assertSelf(request, request.params.userId);
    return ok(await addresses.list(request.params.userId));
  });

  app.put(CheckoutRoutes.addresses.update.path, { ...write, schema: { tags, params: AddressParams, body: AddressUpdateBody, response: responses(Ok(Address)) } }, async (request) => {
    assertSelf(request, request.params.userId);
    return ok(await addresses.update(request.params.userId, request.params.addressId, request.body), 'Address updated.');
  });

  app.delete(CheckoutRoutes.addresses.delete.path, { ...write, schema: { tags, params: AddressParams, response: responses(Ok(Type.Null())) } }, async (request) => {
    assertSelf(request, request.params.userId);
    await addresses.remove(request.params.userId, request.params.addressId);
    return ok(null, 'Address deleted.');
  });
};
