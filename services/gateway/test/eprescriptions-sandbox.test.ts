/**
 * The demo prescriber in the shop as it runs (embedded, the demo catalogue seeded, test payments): reached at its
 * path through the gateway, listing the catalogue's prescription-only medicines, and issuing a token from a plain
 * form POST as a browser without script sends it (docs/api.md#electronic-prescriptions-sandbox).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EPRESCRIPTION_TOKEN_PATTERN } from '@pharmacy/contracts';
import { loadConfig, type App } from '@pharmacy/service-kit';
import { buildGateway } from '../src';

const PRESCRIBER = '/api/shop/prescriptions/sandbox/prescriber';
const ORIGIN = 'http://127.0.0.1';

let app: App;
let dataDir: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-eps-'));
  app = await buildGateway({ mode: 'embedded', config: { ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }), logLevel: 'silent' } });
  await app.ready();
}, 120_000);
afterAll(async () => {
  await app?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The options of the first item's medicine select: [value, title]. */
const medicinesOn = (html: string) =>
  [...(/<select id="item0-product"[^>]*>(.*?)<\/select>/s.exec(html)?.[1] ?? '').matchAll(/<option value="([^"]*)"[^>]*>([^<]*)</g)]
    .map((m) => [m[1], m[2]] as const)
    .filter(([value]) => value);

it('lists the demo catalogue prescription-only medicines and issues a token from the form', async () => {
  const page = await app.inject({ url: PRESCRIBER, headers: { accept: 'text/html' } });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('SANDBOX — demo prescriber, not a real prescription service');
  const medicines = medicinesOn(page.body);
  const titles = medicines.map(([, title]) => title);
  // More prescription-only products may join the demo data; over-the-counter ones never show.
  expect(titles).toEqual(expect.arrayContaining(['Adrenaline Auto-Injector 300mcg', 'Co-codamol 30/500mg Tablets', 'Tretinoin 0.025% Cream']));
  expect(titles).not.toContain('Paracetamol 500mg Tablets');
  const cocodamol = medicines.find(([, title]) => title === 'Co-codamol 30/500mg Tablets')![0];

  const form = new URLSearchParams({ patientName: 'Ada Lovelace', dateOfBirth: '', prescriberName: 'Dr Sam Okafor', registration: 'GMC 7012345' });
  form.append('writtenOn', /name="writtenOn" value="([^"]+)"/.exec(page.body)![1]);
  for (const [productId, quantity, directions] of [[cocodamol, '32', 'One or two tablets every six hours when needed'], ['', '', '']]) {
    form.append('productId', productId);
    form.append('quantity', quantity);
    form.append('repeats', '0');
    form.append('directions', directions);
  }
  const issued = await app.inject({
    method: 'POST',
    url: PRESCRIBER,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN, accept: 'text/html' },
    payload: form.toString(),
  });
  expect(issued.statusCode).toBe(201);
  expect(/data-testid="eprescription-token">([^<]+)</.exec(issued.body)?.[1]).toMatch(new RegExp(EPRESCRIPTION_TOKEN_PATTERN));
  expect(issued.body).toContain('Co-codamol 30/500mg Tablets</strong> × 32: One or two tablets every six hours when needed');
});
