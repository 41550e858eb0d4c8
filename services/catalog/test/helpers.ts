import { ACCESS_COOKIE, CSRF_HEADER, CSRF_HEADER_VALUE, type StaffRole } from '@pharmacy/contracts';
import { MemoryBlobStore, openStore, type BlobInfo, type DocumentStore } from '@pharmacy/db';
import type { SafetyProfile } from '@pharmacy/contracts';
import { INTERNAL_HEADER, createAccessTokenSigner, createApp, generateTestKeys, unavailable, type App, type SafetyProfileSource } from '@pharmacy/service-kit';
import { buildCatalogService, createProductReadModel, type ProductReadModel, type PurchaseChecker } from '../src';
import { PRODUCTS, type ProductDoc } from '../src/products/model';
import { seedProductDoc } from '../src/seed/seed';
import type { SeedProduct } from '../src/seed/products';

const keys = generateTestKeys();
const sign = createAccessTokenSigner(keys.privateKey);

/** A real in-memory blob store that also lists what it holds (to prove failed uploads store nothing). */
export class ListingBlobStore extends MemoryBlobStore {
  readonly stored: BlobInfo[] = [];
  override async put(data: Buffer, info: { contentType: string; filename?: string }) {
    const blob = await super.put(data, info);
    this.stored.push(blob);
    return blob;
  }
}

/** The one test double: checkout's answer to "did this user buy this product, and has it reached them?". */
export class FakePurchases implements PurchaseChecker {
  readonly bought = new Map<string, { delivered: boolean }>();
  /** A buyer whose order was delivered: they may review. */
  allow(userId: string, productId: string) {
    this.bought.set(`${userId}/${productId}`, { delivered: true });
  }
  /** A buyer whose paid order is still on its way. */
  paidOnly(userId: string, productId: string) {
    this.bought.set(`${userId}/${productId}`, { delivered: false });
  }
  async purchaseOf(userId: string, productId: string) {
    const found = this.bought.get(`${userId}/${productId}`);
    return { purchased: found !== undefined, delivered: found?.delivered ?? false };
  }
}

/** The other double: the account service's stored health profiles, which can be taken down. */
export class FakeAccount implements SafetyProfileSource {
  readonly profiles = new Map<string, SafetyProfile>();
  down = false;
  set(userId: string, profile: Partial<SafetyProfile>) {
    this.profiles.set(userId, { allergies: [], healthConditions: [], DOB: null, ...profile });
  }
  async safetyProfile(userId: string): Promise<SafetyProfile> {
    if (this.down) throw unavailable();
    return this.profiles.get(userId) ?? { allergies: [], healthConditions: [], DOB: null };
  }
}

export interface TestCatalog {
  app: App;
  store: DocumentStore;
  blobs: ListingBlobStore;
  purchases: FakePurchases;
  account: FakeAccount;
  readModel: ProductReadModel;
  internalToken: string;
  close(): Promise<void>;
}

export async function buildTestCatalog(
  opts: { products?: ProductDoc[]; reviewLimit?: { max: number; timeWindow: string }; store?: DocumentStore; now?: () => Date; expirySweepMs?: number } = {},
): Promise<TestCatalog> {
  // A given store (data on disk, a store that fails on cue) is closed with the catalog like the in-memory one.
  const store = opts.store ?? (await openStore({ name: 'catalog', inMemory: true }));
  if (opts.products?.length) await store.collection<ProductDoc>(PRODUCTS).insertMany(opts.products);
  const blobs = new ListingBlobStore();
  const purchases = new FakePurchases();
  const account = new FakeAccount();
  const readModel = createProductReadModel();
  const app = await createApp({ publicKey: keys.publicKey, logLevel: 'silent' });
  await app.register(
    buildCatalogService({
      store,
      blobs,
      purchases,
      account,
      now: opts.now,
      expirySweepMs: opts.expirySweepMs,
      readModel,
      internalToken: keys.internalToken,
      rateLimits: opts.reviewLimit ? { reviewAdd: opts.reviewLimit } : undefined,
    }),
  );
  await app.ready();
  return {
    app,
    store,
    blobs,
    purchases,
    account,
    readModel,
    internalToken: keys.internalToken,
    async close() {
      await app.close();
      await store.close();
    },
  };
}

/**
 * Cookie and CSRF headers of a signed-in user: a shopper, an administrator (`true`) or staff with these roles; a
 * member of staff's token carries `staffName` when given.
 */
export const as = (userId: string, staff: boolean | StaffRole[] = false, staffName?: string) => {
  const roles: StaffRole[] = staff === true ? ['admin'] : staff || [];
  const claims = roles.length ? { admin: true, roles, ...(staffName ? { staffName } : {}) } : { admin: false };
  return { cookie: `${ACCESS_COOKIE}=${sign({ sub: userId, sid: `s-${userId}`, ...claims })}`, [CSRF_HEADER]: CSRF_HEADER_VALUE };
};
export const internal = (token: string) => ({ [INTERNAL_HEADER]: token });

let n = 0;
/** A product document with sensible defaults (prices as decimals like the seed data). */
export function product(over: Partial<SeedProduct> & { id?: string } = {}): ProductDoc {
  n++;
  const { id, ...rest } = over;
  const doc = seedProductDoc(
    {
      title: `Product ${n}`,
      description: 'A test product.',
      category: 'first-aid',
      brand: 'MediPlast',
      price: 5,
      totalStock: 50,
      activeIngredients: [],
      dosageForm: 'Tablets',
      packSize: '10 tablets',
      ...rest,
    },
    '/api/media/00000000-0000-4000-8000-000000000000',
    new Date(Date.UTC(2024, 0, 1, 0, n)),
  );
  return id ? { ...doc, _id: id } : doc;
}

export const PNG_BYTES = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4f10000000049454e44ae426082', 'hex');

/** A multipart/form-data body with one file field. */
export function multipart(field: string, filename: string, contentType: string, data: Buffer) {
  const boundary = '----catalogtest' + Math.random().toString(16).slice(2);
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, data, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
