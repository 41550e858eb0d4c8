/**
 * Request bodies the distributed gateway (each service listening on its own port) must answer exactly as embedded
 * mode does, over real sockets: encoded sign-ins reach the account service decoded, and a body that is too large,
 * not in the encoding it declares or in one the shop does not read is refused at once by the gateway, without a
 * word in the log about a service being unavailable (docs/operations.md#distributed-mode).
 */
import fs from 'node:fs';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { loadConfig, type App } from '@pharmacy/service-kit';
import { buildGateway } from '../src';
import { startRealServices, type RealServices } from './realServices';

// sign-ins enough for every case in both modes (the default is 10 a minute per client address)
const ENV = { NODE_ENV: 'test', CATALOG_SEED: 'false', RATE_LIMIT_LOGIN: '100' };
const SIGN_IN = JSON.stringify({ email: 'shopper@pharmacy.local', password: 'Shopper123!demo' });
const WRONG = JSON.stringify({ email: 'shopper@pharmacy.local', password: 'Not-the-password-1' });
// 2 MB of JSON: twenty times the body limit, and under 10 KB once gzipped
const HUGE = JSON.stringify({ email: 'shopper@pharmacy.local', password: 'x'.repeat(2 * 1024 * 1024) });

interface Case {
  label: string;
  headers: Record<string, string>;
  body: () => Buffer | ReadableStream<Uint8Array>;
  status: number;
}

const CASES: Case[] = [
  { label: 'gzip', headers: { 'content-encoding': 'gzip' }, body: () => zlib.gzipSync(SIGN_IN), status: 200 },
  { label: 'deflate', headers: { 'content-encoding': 'deflate' }, body: () => zlib.deflateSync(SIGN_IN), status: 200 },
  { label: 'brotli', headers: { 'content-encoding': 'br' }, body: () => zlib.brotliCompressSync(SIGN_IN), status: 200 },
  { label: 'gzip with a wrong password', headers: { 'content-encoding': 'gzip' }, body: () => zlib.gzipSync(WRONG), status: 401 },
  // no Content-Length: the decoded length is only known at its end
  { label: 'gzip sent chunked', headers: { 'content-encoding': 'gzip' }, body: () => new Blob([zlib.gzipSync(SIGN_IN)]).stream(), status: 200 },
  { label: 'gzip declared, plain JSON sent', headers: { 'content-encoding': 'gzip' }, body: () => Buffer.from(SIGN_IN), status: 400 },
  { label: 'an encoding the shop does not read', headers: { 'content-encoding': 'compress' }, body: () => Buffer.from(SIGN_IN), status: 415 },
  { label: '2 MB', headers: {}, body: () => Buffer.from(HUGE), status: 413 },
  { label: '2 MB sent chunked', headers: {}, body: () => new Blob([HUGE]).stream(), status: 413 },
  { label: '2 MB once decoded, gzipped small', headers: { 'content-encoding': 'gzip' }, body: () => zlib.gzipSync(HUGE), status: 413 },
];

interface Answer {
  status: number;
  body: { success: boolean; code?: string; message?: string };
  ms: number;
}

async function signIn(origin: string, c: Case): Promise<Answer> {
  const started = Date.now();
  const res = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...c.headers },
    body: c.body(),
    duplex: 'half',
    // far longer than the 5 s allowed: a hang shows as a failed expectation, not a test timeout
    signal: AbortSignal.timeout(10_000),
  } as RequestInit);
  const body = (await res.json()) as Answer['body'];
  return { status: res.status, body: body.success ? { success: true } : body, ms: Date.now() - started };
}

const originOf = (app: App) => `http://127.0.0.1:${(app.server.address() as net.AddressInfo).port}`;

let services: RealServices;
let distributed: App;
let embedded: App;
let logs: Array<{ level: number; msg: string; upstream?: string }> = [];

beforeAll(async () => {
  services = await startRealServices('gw-bodies-', { RATE_LIMIT_LOGIN: ENV.RATE_LIMIT_LOGIN });
  const logStream = { write: (line: string) => void logs.push(JSON.parse(line)) };
  distributed = await buildGateway({ mode: 'distributed', config: { ...loadConfig({ ...ENV, DATA_DIR: services.dataDir }), logLevel: 'info' }, serviceUrls: services.urls, logStream });
  await distributed.listen({ port: 0, host: '127.0.0.1' });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-bodies-emb-'));
  embedded = await buildGateway({ mode: 'embedded', config: { ...loadConfig({ ...ENV, DATA_DIR: dataDir }), logLevel: 'silent' } });
  await embedded.listen({ port: 0, host: '127.0.0.1' });
  // the first sign-in of each pays for loading the password hasher; the cases below are timed
  const plain: Case = { label: 'plain', headers: {}, body: () => Buffer.from(SIGN_IN), status: 200 };
  for (const app of [embedded, distributed]) expect((await signIn(originOf(app), plain)).status).toBe(200);
}, 120_000);

afterAll(async () => {
  await distributed?.close();
  await embedded?.close();
  await services?.stopAll();
});

beforeEach(() => {
  logs = [];
});

describe('a sign-in body through the distributed gateway', () => {
  it.each(CASES.map((c) => [c.label, c] as const))('%s: the same answer as embedded mode, at once (not held until a timeout)', async (_label, c) => {
    const inProcess = await signIn(originOf(embedded), c);
    const proxied = await signIn(originOf(distributed), c);
    expect(inProcess.status).toBe(c.status);
    expect({ status: proxied.status, body: proxied.body }).toEqual({ status: inProcess.status, body: inProcess.body });
    // a body the gateway misread used to hold both sockets 86 s until a 408: a few seconds is a loaded machine
    expect(proxied.ms).toBeLessThan(5000);
    // the account service answered, or the gateway refused the body: either way nothing is unavailable
    expect(logs.filter((l) => l.upstream || /unavailable/.test(l.msg))).toEqual([]);
    expect(logs.filter((l) => l.level >= 50)).toEqual([]);
  });

  it('refusals say what is wrong with the body in the envelope', async () => {
    const answers = await Promise.all(CASES.filter((c) => c.status >= 400 && c.status !== 401).map((c) => signIn(originOf(distributed), c)));
    expect(answers.map((a) => [a.status, a.body])).toEqual([
      [400, { success: false, code: 'VALIDATION', message: 'The request body is not in the Content-Encoding it declares.' }],
      [415, { success: false, code: 'VALIDATION', message: 'This Content-Encoding is not supported. Send the body uncompressed, or as gzip, deflate or br.' }],
      [413, { success: false, code: 'TOO_LARGE', message: 'The request is too large.' }],
      [413, { success: false, code: 'TOO_LARGE', message: 'The request is too large.' }],
      [413, { success: false, code: 'TOO_LARGE', message: 'The request is too large.' }],
    ]);
  });
});
