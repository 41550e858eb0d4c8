import { randomUUID } from 'node:crypto';
import { ADDRESS_LIMIT, type Address, type AddressInput, type AddressUpdateBody } from '@pharmacy/contracts';
import type { Collection, DocumentStore } from '@pharmacy/db';
import { badRequest, notFound, unprocessable } from '@pharmacy/service-kit';

interface AddressDoc {
  _id: string;
  userId: string;
  fullName: string;
  addressLine: string;
  city: string;
  postalCode: string;
  phone: string;
  notes: string;
  createdAt: number;
  updatedAt: number;
  [key: string]: unknown;
}

const FIELDS = ['fullName', 'addressLine', 'city', 'postalCode', 'phone', 'notes'] as const;
const LABELS: Record<(typeof FIELDS)[number], string> = {
  fullName: 'Full name', addressLine: 'Address line', city: 'City', postalCode: 'Postal code', phone: 'Phone', notes: 'Notes',
};

/** Trims what the schema let through; a field of spaces only is as empty as a missing one. */
function clean<T extends Partial<AddressInput>>(input: T): T {
  const out = { ...input };
  for (const f of FIELDS) {
    const v = out[f];
    if (typeof v !== 'string') continue;
    const t = v.trim().replace(/\s+/g, ' ');
    if (f !== 'notes' && t.length < 2) throw badRequest(`${LABELS[f]} is required.`);
    (out as Record<string, unknown>)[f] = t;
  }
  return out;
}

const toApi = (d: AddressDoc): Address => ({
  _id: d._id, addressId: d._id, userId: d.userId, fullName: d.fullName, addressLine: d.addressLine, city: d.city,
  postalCode: d.postalCode, phone: d.phone, notes: d.notes ?? '',
  createdAt: new Date(d.createdAt).toISOString(), updatedAt: new Date(d.updatedAt).toISOString(),
});

/** A user's address book: every lookup is scoped to its owner. */
export async function createAddressStore(store: DocumentStore, now: () => Date) {
  const addresses: Collection<AddressDoc> = store.collection<AddressDoc>('addresses');
  await addresses.createIndex({ userId: 1 });

  return {
    async list(userId: string): Promise<Address[]> {
      return (await addresses.find({ userId }, { sort: { createdAt: 1 } })).map(toApi);
    },
    async get(userId: string, addressId: string): Promise<Address | null> {
      const d = await addresses.findOne({ _id: addressId, userId });
      return d ? toApi(d) : null;
    },
    async add(userId: string, input: AddressInput): Promise<Address> {
      const c = clean(input);
      const limitMessage = `You can keep at most ${ADDRESS_LIMIT} addresses. Delete one to add another.`;
      if ((await addresses.countDocuments({ userId })) >= ADDRESS_LIMIT) throw unprocessable(limitMessage);
      const t = now().getTime();
      const doc: AddressDoc = {
        _id: randomUUID(), userId, fullName: c.fullName, addressLine: c.addressLine, city: c.city,
        postalCode: c.postalCode, phone: c.phone, notes: c.notes ?? '', createdAt: t, updatedAt: t,
      };
      await addresses.insertOne(doc);
      // Two adds at once can both pass the count: the later one(s) step back, so the limit always holds.
      const mine = await addresses.find({ userId }, { sort: { createdAt: 1, _id: 1 } });
      if (mine.slice(ADDRESS_LIMIT).some((d) => d._id === doc._id)) {
        await addresses.deleteOne({ _id: doc._id });
        throw unprocessable(limitMessage);
      }
      return toApi(doc);
    },
    async update(userId: string, addressId: string, input: AddressUpdateBody): Promise<Address> {
      const c = clean(input);
      const set: Record<string, unknown> = { updatedAt: now().getTime() };
      for (const f of FIELDS) if (c[f] !== undefined) set[f] = c[f];
      const d = await addresses.findOneAndUpdate({ _id: addressId, userId }, { $set: set }, { returnDocument: 'after' });
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
