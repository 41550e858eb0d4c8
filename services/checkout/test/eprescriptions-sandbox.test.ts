/**
 * The sandbox e-prescription provider (docs/api.md#electronic-prescriptions-sandbox): a demo prescriber issues a
 * token through the page's plain form POST, and the provider's lookup reads back what was written, after a restart
 * too. Bad input is refused in words with what was typed kept; the page is not there where the sandbox is off, and
 * a production start with a real payment provider has none.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { EPRESCRIPTION_TOKEN_PATTERN, PRESCRIPTION_LIMITS } from '@pharmacy/contracts';
import { createApp, generateTestKeys, httpPeers, loadConfig } from '@pharmacy/service-kit';
import { openCheckout } from '../src/index';
import {
  EPRESCRIPTIONS_NOT_OFFERED,
  PRESCRIBER_PATH,
  SANDBOX_NOTICE,
  chooseEPrescriptionProvider,
  createSandboxEPrescriptions,
  newEPrescriptionToken,
  noEPrescriptions,
} from '../src/prescriptions/eprescriptions';
import { createHarness, type Harness } from './harness';

const FORM = 'application/x-www-form-urlencoded';
const TOKEN = new RegExp(EPRESCRIPTION_TOKEN_PATTERN.slice(1, -1));

/** A form as a browser sends it: every row's four fields, in row order, the repeats select saying 0 when untouched. */
function formBody(fields: Record<string, string>, rows: Array<Partial<Record<'productId' | 'quantity' | 'directions' | 'repeats', string>>>): string {
  const body = new URLSearchParams(fields);
  for (let i = 0; i < Math.max(rows.length, 4); i++) {
    const row = rows[i] ?? {};
    body.append('productId', row.productId ?? '');
    body.append('quantity', row.quantity ?? '');
    body.append('repeats', row.repeats ?? '0');
    body.append('directions', row.directions ?? '');
  }
  return body.toString();
}

const PATIENT = { patientName: 'Ada Lovelace', dateOfBirth: '1985-12-10', prescriberName: 'Dr Sam Okafor', registration: 'GMC 7012345', writtenOn: '2026-11-20' };

/** The lookup a shopper's token reaches: the same provider over the same store. */
const providerOf = (h: Harness) => createSandboxEPrescriptions({ store: h.store, catalog: { quote: async () => ({ items: [], totalCents: 0, unrecognisedTerms: [] }), prescriptionOnly: async () => [] }, market: 'GB' });
const issue = (h: Harness, payload: string) => h.app.inject({ method: 'POST', url: PRESCRIBER_PATH, headers: { 'content-type': FORM }, payload });
const tokenIn = (html: string) => /data-testid="eprescription-token">([^<]+)</.exec(html)?.[1];
const issuedCount = (h: Harness) => h.store.collection('sandbox_eprescriptions').countDocuments({});

describe('sandbox e-prescriptions', () => {
  let h: Harness;
  let tretinoin: string;
  let adrenaline: string;
  let paracetamol: string;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'eps-'));
    h = await createHarness({ dataDir });
    tretinoin = await h.addProduct({ title: 'Tretinoin 0.025% Cream', requiresPrescription: true });
    adrenaline = await h.addProduct({ title: 'Adrenaline Auto-Injector 300mcg', requiresPrescription: true });
    paracetamol = await h.addProduct({ title: 'Paracetamol 500mg Tablets' });
  });
  afterAll(async () => {
    await h.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('serves a labelled page offering only the prescription-only medicines, dated today, under the shop CSP with no inline script', async () => {
    const res = await h.app.inject({ method: 'GET', url: PRESCRIBER_PATH });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).toMatch(/form-action 'self'/);
    expect(res.body).toContain(SANDBOX_NOTICE);
    expect(res.body).not.toMatch(/<script(?![^>]*\bsrc=)/);
    expect(res.body).toContain(`<form method="post" action="${PRESCRIBER_PATH}"`);
    expect(res.body).toContain(`value="${tretinoin}"`);
    expect(res.body).toContain(`value="${adrenaline}"`);
    expect(res.body).not.toContain(paracetamol);
    expect(res.body).toContain('name="viewport" content="width=device-width, initial-scale=1"');
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
    expect(res.body).toMatch(new RegExp(`name="writtenOn" value="${today}"`));
  });

  it('issues a token through the form POST that lookup reads back as written, after a restart too', async () => {
    const res = await issue(
      h,
      formBody(PATIENT, [
        { productId: adrenaline, quantity: '2', directions: 'Inject into the outer thigh in an emergency', repeats: '1' },
        {},
        { productId: tretinoin, quantity: '1', directions: 'Apply thinly at night' },
      ]),
    );
    expect(res.statusCode).toBe(201);
    expect(res.body).toContain(SANDBOX_NOTICE);
    expect(res.body).toContain('href="/prescriptions"');
    const token = tokenIn(res.body);
    expect(token).toMatch(TOKEN);
    expect(res.body).toContain(`data-copy="${token}"`);
    // The copy button's script is a file of the page's own origin (the CSP runs no inline script), and it parses.
    const script = /<script src="([^"]+)"/.exec(res.body)?.[1];
    const copy = await h.app.inject({ method: 'GET', url: script! });
    expect(copy.statusCode).toBe(200);
    expect(copy.headers['content-type']).toMatch(/^text\/javascript/);
    expect(() => new Function(copy.body)).not.toThrow();

    const expected = {
      token,
      provider: 'sandbox',
      prescriber: { name: 'Dr Sam Okafor', registration: 'GMC 7012345' },
      writtenOn: '2026-11-20',
      patient: { name: 'Ada Lovelace', dateOfBirth: '1985-12-10' },
      items: [
        { productId: adrenaline, title: 'Adrenaline Auto-Injector 300mcg', quantity: 2, directions: 'Inject into the outer thigh in an emergency', repeatsAllowed: 1 },
        { productId: tretinoin, title: 'Tretinoin 0.025% Cream', quantity: 1, directions: 'Apply thinly at night', repeatsAllowed: 0 },
      ],
    };
    expect(await providerOf(h).lookup(token!)).toEqual(expected);
    expect(await providerOf(h).lookup(` ${token!.toLowerCase()} `)).toEqual(expected);

    await h.close();
    h = await createHarness({ dataDir });
    expect(await providerOf(h).lookup(token!)).toEqual(expected);
  });

  it('round trip: a token the demo prescriber issued is added by a shopper, with what the prescriber wrote, once', async () => {
    const res = await issue(h, formBody(PATIENT, [{ productId: tretinoin, quantity: '3', directions: 'Apply thinly at night', repeats: '1' }]));
    const token = tokenIn(res.body)!;
    const added = await h.app.inject({ method: 'POST', url: '/api/shop/prescriptions', headers: h.as('u-round-trip'), payload: { token } });
    expect(added.statusCode).toBeLessThan(300);
    expect(added.json().data).toMatchObject({ source: 'electronic', status: 'awaiting_check', standing: 'awaiting_check', token, hasFile: false });
    const stored = await h.store.collection('prescriptions').findOne({ token });
    expect(stored).toMatchObject({
      userId: 'u-round-trip',
      eprescription: { provider: 'sandbox', prescriber: { name: 'Dr Sam Okafor' }, items: [{ productId: tretinoin, quantity: 3, directions: 'Apply thinly at night', repeatsAllowed: 1 }] },
    });
    const again = await h.app.inject({ method: 'POST', url: '/api/shop/prescriptions', headers: h.as('u-someone-else'), payload: { token } });
    expect(again.statusCode).toBe(409);
  });

  it('issues a token to a signed-in shopper’s browser: the page lets it send the shop’s Origin, which the CSRF guard accepts', async () => {
    const page = await h.app.inject({ method: 'GET', url: PRESCRIBER_PATH });
    // no-referrer would make the browser send `Origin: null` with the form, refused when the shopper's cookies go too
    expect(page.headers['referrer-policy']).toBe('same-origin');
    const payload = formBody(PATIENT, [{ productId: tretinoin, quantity: '1', directions: 'Apply thinly at night' }]);
    const signedIn = { 'content-type': FORM, cookie: 'pharmacy_session=abc' };
    const res = await h.app.inject({ method: 'POST', url: PRESCRIBER_PATH, headers: { ...signedIn, origin: 'http://localhost' }, payload });
    expect(res.statusCode).toBe(201);
    expect(tokenIn(res.body)).toMatch(TOKEN);
    const opaque = await h.app.inject({ method: 'POST', url: PRESCRIBER_PATH, headers: { ...signedIn, origin: 'null' }, payload });
    expect(opaque.statusCode).toBe(403);
  });

  it('knows no token it did not issue', async () => {
    expect(await providerOf(h).lookup(newEPrescriptionToken())).toBeNull();
    expect(await providerOf(h).lookup('not a token')).toBeNull();
  });

  it('draws every token at random in the shape a shopper types', () => {
    const tokens = Array.from({ length: 500 }, newEPrescriptionToken);
    for (const token of tokens) expect(token).toMatch(TOKEN);
    expect(new Set(tokens).size).toBe(tokens.length);
  });

  it('refuses a medicine that needs no prescription, keeping everything typed, and issues nothing', async () => {
    const before = await issuedCount(h);
    const res = await issue(h, formBody(PATIENT, [{ productId: paracetamol, quantity: '16', directions: 'Two tablets up to four times a day' }]));
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain('Paracetamol 500mg Tablets is not a prescription-only medicine');
    expect(res.body).toContain('The prescription was not issued');
    expect(res.body).toContain('value="Ada Lovelace"');
    expect(res.body).toContain('value="Two tablets up to four times a day"');
    expect(tokenIn(res.body)).toBeUndefined();
    expect(await issuedCount(h)).toBe(before);
  });

  it('says what is wrong with each field of a bad form, at once', async () => {
    const before = await issuedCount(h);
    const res = await issue(
      h,
      formBody({ patientName: '', dateOfBirth: '2030-01-01', prescriberName: 'Dr Okafor', registration: 'GMC<7012345>', writtenOn: '2999-01-01' }, [
        { productId: tretinoin, quantity: '0', directions: '', repeats: String(PRESCRIPTION_LIMITS.repeats + 1) },
        { productId: tretinoin, quantity: '1', directions: 'Apply at night' },
        { quantity: '3' },
        { productId: 'no-such-product', quantity: '1', directions: 'Daily' },
      ]),
    );
    expect(res.statusCode).toBe(422);
    for (const words of [
      "Enter the patient&#39;s name.",
      'Date of birth must be in the past.',
      'A registration number is letters and digits only',
      'A prescription cannot be dated in the future.',
      'Enter a quantity from 1 to 10,000.',
      'Enter the directions the patient will read',
      `Repeats are from 0 to ${PRESCRIPTION_LIMITS.repeats}.`,
      'Tretinoin 0.025% Cream is already on this prescription',
      'Choose the medicine for this item, or clear the item.',
      'This medicine is no longer in the catalogue.',
    ]) {
      expect(res.body).toContain(words);
    }
    expect(res.body).toContain('aria-invalid="true"');
    expect(await issuedCount(h)).toBe(before);
  });

  it('asks for at least one medicine', async () => {
    const res = await issue(h, formBody(PATIENT, []));
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain('Add at least one medicine to the prescription.');
  });

  it('refuses a POST the form never sends (an unknown field, a product id of no product shape) with a page, not a JSON error', async () => {
    const res = await issue(h, `${formBody(PATIENT, [{ productId: tretinoin, quantity: '1', directions: 'Daily' }])}&provider=real`);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('This form could not be read');
    const odd = await issue(h, formBody(PATIENT, [{ productId: '../products', quantity: '1', directions: 'Daily' }]));
    expect(odd.statusCode).toBe(400);
    expect(odd.body).toContain('This form could not be read');
  });

  it('says so on the page when the catalogue cannot be read', async () => {
    const down = { on: false };
    const h2 = await createHarness({
      wrapCatalogFetch: (fetch) => async (input, init) => (down.on ? new Response('{}', { status: 503 }) : fetch(input, init)),
    });
    try {
      down.on = true;
      const res = await h2.app.inject({ method: 'GET', url: PRESCRIBER_PATH });
      expect(res.statusCode).toBe(503);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('The product catalogue is temporarily unavailable.');
    } finally {
      await h2.close();
    }
  });
});

describe('where the sandbox is off', () => {
  it('runs exactly where payments are test payments', () => {
    expect(chooseEPrescriptionProvider('sandbox')).toBe('sandbox');
    expect(chooseEPrescriptionProvider('paypal')).toBe('none');
  });

  it('serves no prescriber page, and a token is answered in words', async () => {
    const h = await createHarness({ deps: { eprescriptions: noEPrescriptions } });
    try {
      await h.addProduct({ title: 'Tretinoin 0.025% Cream', requiresPrescription: true });
      expect((await h.app.inject({ method: 'GET', url: PRESCRIBER_PATH })).statusCode).toBe(404);
      const res = await h.app.inject({ method: 'POST', url: PRESCRIBER_PATH, headers: { 'content-type': FORM }, payload: formBody(PATIENT, []) });
      expect([404, 415]).toContain(res.statusCode);
      expect(await h.store.collection('sandbox_eprescriptions').countDocuments({})).toBe(0);
      await expect(noEPrescriptions.lookup(newEPrescriptionToken())).rejects.toMatchObject({ statusCode: 422, message: EPRESCRIPTIONS_NOT_OFFERED });
    } finally {
      await h.close();
    }
  });
});

describe('in production', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'eps-prod-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  /** The checkout as it starts from its environment (its peers unreachable: only its own routes answer). */
  async function started(env: NodeJS.ProcessEnv) {
    const warnings: string[] = [];
    const log = { info: () => {}, debug: () => {}, trace: () => {}, error: () => {}, fatal: () => {}, level: 'info', silent: () => {}, warn: (_: unknown, msg?: string) => warnings.push(msg ?? '') };
    const handle = await openCheckout({
      config: loadConfig({ NODE_ENV: 'production', ...env, DATA_DIR: dir, PORT: '5000' }),
      log: { ...log, child: () => log } as unknown as FastifyBaseLogger,
      internalToken: 'internal-token',
      peers: httpPeers({ account: 'http://127.0.0.1:1', catalog: 'http://127.0.0.1:1', checkout: 'http://127.0.0.1:1' }),
    });
    const app = await createApp({ publicKey: generateTestKeys().publicKey, logLevel: 'silent' });
    await handle.register(app);
    await app.ready();
    return { app, warnings, close: async () => (await app.close(), await handle.close()) };
  }

  it('with a real payment provider, serves no prescriber page', async () => {
    const shop = await started({ PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret' });
    try {
      expect((await shop.app.inject({ method: 'GET', url: PRESCRIBER_PATH })).statusCode).toBe(404);
      expect(shop.warnings).toEqual([]);
    } finally {
      await shop.close();
    }
  });

  it('with PAYMENT_PROVIDER=sandbox on purpose, serves it and its start warning says so', async () => {
    const shop = await started({ PAYMENT_PROVIDER: 'sandbox' });
    try {
      const res = await shop.app.inject({ method: 'GET', url: PRESCRIBER_PATH });
      // The page is there; its catalogue is not (this checkout's peers are unreachable).
      expect(res.statusCode).toBe(503);
      expect(res.body).toContain(SANDBOX_NOTICE);
      expect(shop.warnings).toHaveLength(1);
      expect(shop.warnings[0]).toMatch(/the demo prescriber issues e-prescription tokens to anyone/);
    } finally {
      await shop.close();
    }
  });
});
