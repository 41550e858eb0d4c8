/**
 * The demo data shows every path (README "Demo accounts"): the demo shopper has a prescription waiting to be
 * checked, a verified one with repeats and an expired one, seeded once however often the service starts.
 */
import { DEMO_PHARMACIST, DEMO_SHOPPER } from '@pharmacy/contracts';
import { MemoryBlobStore } from '@pharmacy/db';
import { createCatalogClient } from '../src/clients/catalog';
import { createAccountClient } from '../src/clients/account';
import { seedDemoPrescriptions, type DemoPrescriptionDeps } from '../src/prescriptions/demo';
import { createPrescriptionStore } from '../src/prescriptions/store';
import { createHarness, type Harness } from './harness';
import { injectFetch } from '@pharmacy/service-kit';

jest.setTimeout(30_000);

let h: Harness;
const files = new MemoryBlobStore();
let deps: DemoPrescriptionDeps;
beforeAll(async () => {
  h = await createHarness({ deps: { prescriptionFiles: files } });
  const fetch = injectFetch(h.app);
  deps = {
    prescriptions: await createPrescriptionStore(h.store, () => new Date()),
    files,
    account: createAccountClient({ baseUrl: 'http://account.internal', token: h.internalToken, fetch }),
    catalog: createCatalogClient({ baseUrl: 'http://catalog.internal', token: h.internalToken, fetch }),
    market: 'GB',
    now: () => new Date(),
  };
});
afterAll(() => h.close());

const mine = async () => (await h.app.inject({ url: '/api/shop/prescriptions', headers: h.as('u-demo-shopper') })).json().data as Array<Record<string, unknown>>;

test('waits for the demo shopper and the catalogue, then seeds the three paths once', async () => {
  expect(await seedDemoPrescriptions(deps)).toBe(false);
  h.emails.set('u-demo-shopper', DEMO_SHOPPER.email);
  h.emails.set('u-demo-pharmacist', DEMO_PHARMACIST.email);
  expect(await seedDemoPrescriptions(deps)).toBe(false);
  await h.addProduct({ title: 'Co-codamol 30/500mg Tablets', requiresPrescription: true });
  await h.addProduct({ title: 'Tretinoin 0.025% Cream', requiresPrescription: true });

  expect(await seedDemoPrescriptions(deps)).toBe(true);
  expect(await seedDemoPrescriptions(deps)).toBe(true);
  const shown = await mine();
  expect(shown.map((p) => p.standing)).toEqual(['awaiting_check', 'verified', 'expired']);
  expect(shown[1]).toMatchObject({ items: [{ quantityLeft: 2, repeatsAllowed: 3, repeatsUsed: 0 }], hasFile: true });
  expect(shown[2].refusal).toContain('expired');
  // The waiting one's photo opens for the shopper.
  const file = await h.app.inject({ url: `/api/shop/prescriptions/${shown[0]._id}/file`, headers: h.as('u-demo-shopper') });
  expect(file.headers['content-type']).toBe('image/png');
});
