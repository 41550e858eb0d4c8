/**
 * Service-to-service clients answer the same over both transports: in process (app.inject, embedded mode) and
 * over HTTP. The internal token is checked by the route either way; the other service's refusals keep their
 * status, code and message; a failing, hung or unreachable service is a 503.
 */
import type net from 'node:net';
import { ErrorCodes } from '@pharmacy/contracts';
import {
  HttpError,
  createApp,
  createServiceClient,
  generateTestKeys,
  httpTransport,
  injectTransport,
  notFound,
  ok,
  requireInternal,
  type App,
  type ServiceTransport,
} from '../src';

const TOKEN = 'internal-token-for-tests-0123456789';
let app: App;
let calls = 0;
let transports: Array<[string, ServiceTransport]>;

beforeAll(async () => {
  app = await createApp({ publicKey: generateTestKeys().publicKey, logLevel: 'silent' });
  app.addHook('onRequest', async () => void calls++);
  const internal = { preHandler: requireInternal(TOKEN) };
  app.post<{ Body: { n: number } }>('/internal/echo', internal, async (request) => ok({ twice: request.body.n * 2 }));
  app.get('/internal/missing', internal, async () => {
    throw notFound('No such thing.');
  });
  app.get('/internal/broken', internal, async () => {
    throw new Error('boom');
  });
  app.get('/internal/hang', internal, () => new Promise(() => undefined));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as net.AddressInfo).port}`;
  transports = [
    ['in process', injectTransport(app)],
    ['HTTP', httpTransport(base)],
  ];
});

afterAll(() => app.close());

const each = (name: string, fn: (transport: ServiceTransport) => Promise<void>) =>
  it(name, async () => {
    for (const [label, transport] of transports) {
      try {
        await fn(transport);
      } catch (err) {
        throw new Error(`${label}: ${(err as Error).message}`);
      }
    }
  });

const refusal = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => e as HttpError);

describe('a service client', () => {
  each('sends the body and returns the envelope data, through the route', async (transport) => {
    const before = calls;
    const call = createServiceClient({ transport, token: TOKEN });
    await expect(call('POST', '/internal/echo', { n: 21 })).resolves.toEqual({ twice: 42 });
    expect(calls).toBe(before + 1);
  });

  each('is refused by the route without the right token (403)', async (transport) => {
    const err = await refusal(createServiceClient({ transport, token: 'x'.repeat(TOKEN.length) })('POST', '/internal/echo', { n: 1 }));
    expect(err).toBeInstanceOf(HttpError);
    expect(err).toMatchObject({ statusCode: 403, code: ErrorCodes.FORBIDDEN, message: 'Internal route.' });
  });

  each("keeps the other service's refusal", async (transport) => {
    const err = await refusal(createServiceClient({ transport, token: TOKEN })('GET', '/internal/missing'));
    expect(err).toMatchObject({ statusCode: 404, code: ErrorCodes.NOT_FOUND, message: 'No such thing.' });
  });

  each('turns a failing service into 503', async (transport) => {
    const err = await refusal(createServiceClient({ transport, token: TOKEN })('GET', '/internal/broken'));
    expect(err).toMatchObject({ statusCode: 503, code: ErrorCodes.UNAVAILABLE });
  });

  each('gives up on a hung service after its timeout with 503', async (transport) => {
    const started = Date.now();
    const err = await refusal(createServiceClient({ transport, token: TOKEN, timeoutMs: 200 })('GET', '/internal/hang'));
    expect(err).toMatchObject({ statusCode: 503, code: ErrorCodes.UNAVAILABLE });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('turns an unreachable service into 503 (HTTP)', async () => {
    const err = await refusal(createServiceClient({ baseUrl: 'http://127.0.0.1:1', token: TOKEN })('GET', '/internal/echo'));
    expect(err).toMatchObject({ statusCode: 503, code: ErrorCodes.UNAVAILABLE });
  });
});
