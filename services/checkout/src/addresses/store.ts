import { randomUUID } from 'node:crypto';
import { ADDRESS_LIMIT, addressProblems, cleanAddress, type Address, type AddressInput, type AddressUpdateBody, type Market } from '@pharmacy/contracts';
import type { Collection, DocumentStore } from '@pharmacy/db';
import { badRequest, notFound, unprocessable } from '@pharmacy/service-kit';
import { readAddress } from './legacy';

/** An address on disk: today's fields, or an older version's (legacy.ts reads both). */
interface AddressDoc {
  _id: string;
  userId: string;
  createdAt: number;
  updatedAt: number;
  [key: string]: unknown;
}

/** The fields older versions kept, removed when an address is saved in today's shape. */
const LEGACY_FIELDS = { addressLine: true, address: true, pincode: true, postcode: true, town: true, county: true, state: true } as const;

/** A user's address book in the market's shape: every lookup is scoped to its owner. */
export async function createAddressStore(store: DocumentStore, market: Market, now: () => Date) {
  const addresses: Collection<AddressDoc> = store.collection<AddressDoc>('addresses');
  await addresses.createIndex({ userId: 1 });

  const toApi = (d: AddressDoc): Address => ({
    _id: d._id,
    userId: d.userId,
    ...readAddress(d, market.country.code),
    addressId: d._id,
    createdAt: new Date(d.createdAt).toISOString(),
    updatedAt: new Date(d.updatedAt).toISOString(),
  });

  /** The address as it is kept, or a 400 naming everything the market's rules refuse (the form's own messages). */
  function valid(input: AddressInput) {
    const problems = Object.values(addressProblems(input, market));
    if (problems.length > 0) throw badRequest(problems.join(' '));
    return cleanAddress(input, market);
  }

  return {
    /** A deleted account's address book goes; how many addresses were removed. */
    async eraseUser(userId: string): Promise<number> {
      return (await addresses.deleteMany({ userId })).deletedCount;
    },
    async list(userId: string): Promise<Address[]> {
      return (await addresses.find({ userId }, { sort: { createdAt: 1 } })).map(toApi);
    },
    async get(userId: string, addressId: string): Promise<Address | null> {
      const d = await addresses.findOne({ _id: addressId, userId });
      return d ? toApi(d) : null;
    },
    async add(userId: string, input: AddressInput): Promise<Address> {
      const address = valid(input);
      const limitMessage = `You can keep at most ${ADDRESS_LIMIT} addresses. Delete one to add another.`;
      if ((await addresses.countDocuments({ userId })) >= ADDRESS_LIMIT) throw unprocessable(limitMessage);
      const t = now().getTime();
      const doc: AddressDoc = { _id: randomUUID(), userId, ...address, createdAt: t, updatedAt: t };
      await addresses.insertOne(doc);
      // Two adds at once can both pass the count: the later one(s) step back, so the limit always holds.
      const mine = await addresses.find({ userId }, { sort: { createdAt: 1, _id: 1 } });
      if (mine.slice(ADDRESS_LIMIT).some((d) => d._id === doc._id)) {
        await addresses.deleteOne({ _id: doc._id });
        throw unprocessable(limitMessage);
      }
      return toApi(doc);
    },
    /** Any subset of the fields, checked with the rest of the address as it is (an older one's included). */
    async update(userId: string, addressId: string, input: AddressUpdateBody): Promise<Address> {
      const current = await addresses.findOne({ _id: addressId, userId });
      if (!current) throw notFound('That address was not found.');
      const { addressId: _id, ...kept } = readAddress(current, market.country.code);
      const address = valid({ ...kept, ...input });
      const d = await addresses.findOneAndUpdate(
        { _id: addressId, userId },
        { $set: { ...address, updatedAt: now().getTime() }, $unset: LEGACY_FIELDS },
        { returnDocument: 'after' },
      );
      if (!d) throw notFound('That address was not found.');
      return toApi(d);
    },
    async remove(userId: string, addressId: string): Promise<void> {
      const { deletedCount } = await addresses.deleteOne({ _id: addressId, userId });
      if (deletedCount === 0) throw notFound('That address was not found.');
    },
  };
}
export type AddressStore = Awaited<ReturnType<typeof createAddressStore>>;
