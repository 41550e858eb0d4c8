import { createApi, fakeBaseQuery } from '@reduxjs/toolkit/query/react';
import type { Address, AddressInput, DeliveryOptions, PaymentConfig, ShopperPrescription } from '@pharmacy/contracts';
import { fromCall, useInjectModule, type ShopQueryError } from '@pharmacy/session';
import { addressApi, deliveryApi, paymentApi, prescriptionsApi, safetyApi } from './cart/api';

/**
 * The plain reads of this remote and the single writes that change them (docs/architecture.md#reading-server-data):
 * RTK Query keeps each answer, its loading and its failure in the store. The cart, placing an order and paying stay
 * in sagas and the pages that run them: they are flows of several steps.
 */
export const checkoutQueries = createApi({
  reducerPath: 'cartCheckoutQueries',
  baseQuery: fakeBaseQuery<ShopQueryError>(),
  tagTypes: ['Address'],
  endpoints: (build) => ({
    /** The methods with their fees, the free-delivery threshold and the pharmacies to collect from. */
    deliveryOptions: build.query<DeliveryOptions, void>({ queryFn: fromCall((_: void, signal) => deliveryApi.options(signal)) }),
    /** Which provider takes payments: it does not change while the shop runs, so it is asked once per page load. */
    paymentConfig: build.query<PaymentConfig, void>({
      queryFn: fromCall((_: void, signal) => paymentApi.config(signal)),
      keepUnusedDataFor: Infinity,
    }),
    /** The shopper's address book. */
    addresses: build.query<Address[], string>({
      queryFn: fromCall((userId: string, signal) => addressApi.list(userId, signal)),
      providesTags: ['Address'],
    }),
    addAddress: build.mutation<Address, { userId: string; input: AddressInput }>({
      queryFn: fromCall(({ userId, input }: { userId: string; input: AddressInput }) => addressApi.add(userId, input)),
      invalidatesTags: ['Address'],
    }),
    updateAddress: build.mutation<Address, { userId: string; addressId: string; input: AddressInput }>({
      queryFn: fromCall(({ userId, addressId, input }: { userId: string; addressId: string; input: AddressInput }) =>
        addressApi.update(userId, addressId, input),
      ),
      invalidatesTags: ['Address'],
    }),
    removeAddress: build.mutation<unknown, { userId: string; addressId: string }>({
      queryFn: fromCall(({ userId, addressId }: { userId: string; addressId: string }) => addressApi.remove(userId, addressId)),
      invalidatesTags: ['Address'],
    }),
    /** The shopper's prescriptions: whether a prescription-only medicine can be added, and how many. */
    myPrescriptions: build.query<ShopperPrescription[], void>({
      queryFn: fromCall((_: void, signal) => prescriptionsApi.list(signal)),
    }),
    /** The shopper's health terms the catalog's medicine list does not know, for these products. */
    unrecognisedTerms: build.query<string[], string[]>({
      queryFn: fromCall(async (productIds: string[], signal): Promise<string[]> => (await safetyApi.check(productIds, signal)).unrecognisedTerms),
    }),
  }),
});

/** Injects the queries' reducer and middleware once (idempotent): every hook below calls it first. */
export function useCheckoutQueries(): void {
  useInjectModule({ key: checkoutQueries.reducerPath, reducer: checkoutQueries.reducer, middleware: checkoutQueries.middleware });
}
