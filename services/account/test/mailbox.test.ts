import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createApp, devMailboxPages, textWithLinks, ensureKeys, generateTestKeys, httpPeers, injectTransport, INTERNAL_HEADER, loadConfig, loadInternalToken, type App } from '@pharmacy/service-kit';
import { openAccountService } from '../src';
import { buildTestApp, eventually, register, send } from './helpers';

const REPO = path.resolve(__dirname, '..', '..', '..');

const keys = generateTestKeys();
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

/**
 * The account service as the embedded gateway opens it, from environment variables, with its log lines kept, and the
 * dev mailbox pages the gateway serves beside it (reading the outbox in process).
 */
type LogLine = { msg: string; mailbox?: string; to?: string };

async function start(env: Record<string, string>): Promise<{ app: App; log: () => LogLine[] }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'account-mailbox-'));
  dirs.push(dataDir);
  const lines: string[] = [];
  const config = loadConfig({ DATA_DIR: dataDir, PUBLIC_ORIGIN: 'http://shop.test', ...env });
  const app = await createApp({ publicKey: keys.publicKey, logLevel: 'info', logStream: { write: (l) => void lines.push(l) } });
  const handle = await openAccountService({
    config,
    log: app.log,
    internalToken: keys.internalToken,
    peers: httpPeers({ account: '', catalog: '', checkout: '' }),
    privateKey: keys.privateKey,
  });
  await handle.register(app);
  await app.register(devMailboxPages, { transport: injectTransport(app), token: keys.internalToken });
  app.addHook('onClose', () => handle.close());
  await app.ready();
  return { app, log: () => lines.map((l) => JSON.parse(l) as LogLine) };
}

/** A page request from this machine (fastify.inject's socket is 127.0.0.1) unless `from` says otherwise. */
const page = (app: App, url: string, from: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
  app.inject({ method: 'GET', url, remoteAddress: from.remoteAddress, headers: { accept: 'text/html', ...from.headers } });

const expectNotFound = (res: Awaited<ReturnType<typeof page>>) => {
  expect(res.statusCode).toBe(404);
  expect(res.json()).toEqual({ success: false, code: 'NOT_FOUND', message: 'Not found.' });
};

describe('the dev mailbox on a default install (no SMTP_URL, not production)', () => {
  let app: App;
  let log: () => LogLine[];
  beforeAll(async () => {
    ({ app, log } = await start({ NODE_ENV: 'development' }));
  });
  afterAll(() => app.close());

  it('the forgot-password answer points to it, for a known and an unknown email alike, on this machine only', async () => {
    const known = await send(app, 'POST', '/api/auth/forgot-password', { email: 'shopper@pharmacy.local' });
    const unknown = await send(app, 'POST', '/api/auth/forgot-password', { email: 'nobody@example.com' });
    expect(known.json()).toEqual({ success: true, data: null, message: expect.any(String), mailbox: '/dev/mailbox' });
    expect(unknown.json()).toEqual(known.json());
    const remote = await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'nobody@example.com' }, remoteAddress: '10.0.0.5' });
    expect(remote.json()).toEqual({ success: true, data: null, message: known.json().message });
  });

  it('answers another machine as if it did not exist, whatever headers it sends, and nothing a proxy relayed', async () => {
    await send(app, 'POST', '/api/auth/forgot-password', { email: 'shopper@pharmacy.local' });
    const id = (await eventually(async () => log().find((l) => l.to === 'shopper@pharmacy.local' && l.mailbox)))!.mailbox!.split('/').pop()!;
    expect((await page(app, '/dev/mailbox')).statusCode).toBe(200);
    expect((await page(app, `/dev/mailbox/${id}`)).statusCode).toBe(200);
    const forwarded = { 'x-forwarded-for': '127.0.0.1', 'x-real-ip': '127.0.0.1', forwarded: 'for=127.0.0.1' };
    for (const url of ['/dev/mailbox', `/dev/mailbox/${id}`, '/dev/mailbox/..%2F..%2Fetc']) {
      expectNotFound(await page(app, url, { remoteAddress: '10.0.0.5' }));
      expectNotFound(await page(app, url, { remoteAddress: '::ffff:192.0.2.7' }));
      expectNotFound(await page(app, url, { remoteAddress: '10.0.0.5', headers: { 'x-forwarded-for': '127.0.0.1' } }));
      // A proxy on this machine would make every visitor's socket look local: what it relays is refused.
      for (const [name, value] of Object.entries(forwarded)) expectNotFound(await page(app, url, { headers: { [name]: value } }));
    }
    expect((await page(app, '/dev/mailbox', { remoteAddress: '::1' })).statusCode).toBe(200);
    expect((await page(app, '/dev/mailbox', { remoteAddress: '::ffff:127.0.0.1' })).statusCode).toBe(200);
  });

  it('keeps the outbox behind the internal token', async () => {
    expect((await app.inject({ method: 'GET', url: '/internal/account/outbox' })).statusCode).toBe(403);
    const listed = await app.inject({ method: 'GET', url: '/internal/account/outbox', headers: { [INTERNAL_HEADER]: keys.internalToken } });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.mails.length).toBeGreaterThan(0);
  });

  it('lists the reset mail newest first and shows it with its reset link clickable; the log links to that mail', async () => {
    await send(app, 'POST', '/api/auth/forgot-password', { email: 'shopper@pharmacy.local' });
    await eventually(async () => log().find((l) => l.to === 'shopper@pharmacy.local' && l.mailbox));
    await register(app, { firstName: 'Ada', lastName: 'Lovelace', email: 'ada.mailbox@example.com', password: 'Correct-horse-9' });
    await send(app, 'POST', '/api/auth/forgot-password', { email: 'ada.mailbox@example.com' });
    const logged = await eventually(async () => log().find((l) => l.to === 'ada.mailbox@example.com' && l.mailbox));
    const id = logged.mailbox!.split('/').pop()!;
    expect(logged.msg).toBe(`mail kept in the outbox (no SMTP_URL set): read it at http://shop.test/dev/mailbox/${id}`);

    const list = await page(app, '/dev/mailbox');
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-type']).toBe('text/html; charset=utf-8');
    const items = [...list.body.matchAll(/<li><a href="\/dev\/mailbox\/([^"]+)"><span class="subject">([^<]+)<\/span><span class="meta">To ([^ ]+) · <time datetime="([^"]+)">/g)];
    // The newest mail comes first: Ada's reset mail, written after the demo shopper's.
    expect(items[0].slice(1, 4)).toEqual([id, 'Reset your Pharmacy &amp; Care password', 'ada.mailbox@example.com']);
    expect(items.map((m) => m[3])).toContain('shopper@pharmacy.local');
    const times = items.map((m) => Date.parse(m[4]));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const mail = await page(app, `/dev/mailbox/${id}`);
    expect(mail.statusCode).toBe(200);
    expect(mail.body).toContain('<h1>Reset your Pharmacy &amp; Care password</h1>');
    expect(mail.body).toContain('<dt>To</dt><dd>ada.mailbox@example.com</dd>');
    const link = /<a href="(http:\/\/shop\.test\/reset-password\?token=[^"]+)">\1<\/a>/.exec(mail.body);
    expect(link).not.toBeNull();
    expect(mail.body).toContain('<a class="back" href="/dev/mailbox">Back to the mailbox</a>');

    // The link works: the token in it resets the password.
    const token = decodeURIComponent(new URL(link![1]).searchParams.get('token')!);
    const reset = await send(app, 'POST', '/api/auth/reset-password', { token, password: 'Brand-new-pass-7' });
    expect(reset.statusCode).toBe(200);
  });

  it('is kept out of caches and search engines and runs no script', async () => {
    for (const url of ['/dev/mailbox', `/dev/mailbox/${'0'.repeat(36)}`]) {
      const res = await page(app, url);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.body).toContain('<meta name="robots" content="noindex, nofollow">');
      expect(res.body).not.toContain('<script');
    }
  });

  it('a mail that is not there is a 404 page; an id that is not an id is refused', async () => {
    const missing = await page(app, `/dev/mailbox/${'0'.repeat(36)}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<h1>Mail not found</h1>');
    expect((await page(app, '/dev/mailbox/..%2F..%2Fetc')).statusCode).toBe(400);
    expect((await page(app, '/dev/mailbox?all=1')).statusCode).toBe(400);
  });
});

describe('mail text on the page', () => {
  it('is escaped, and only http(s) addresses become links, without the sentence’s closing punctuation', () => {
    expect(textWithLinks('Open <b>https://shop.test/reset-password?token=a&b=1</b>. Or javascript:alert(1), see http://x.test/a.')).toBe(
      'Open &lt;b&gt;<a href="https://shop.test/reset-password?token=a&amp;b=1">https://shop.test/reset-password?token=a&amp;b=1</a>&lt;/b&gt;. ' +
        'Or javascript:alert(1), see <a href="http://x.test/a">http://x.test/a</a>.',
    );
  });

  it('a subject or address written by a user is shown as text, never as markup', async () => {
    const t = await buildTestApp();
    // The pages on another app reading this service's outbox, as the distributed gateway does.
    const gateway = await createApp({ publicKey: t.keys.publicKey, logLevel: 'silent' });
    await gateway.register(devMailboxPages, { transport: injectTransport(t.app), token: t.keys.internalToken });
    try {
      await t.store.collection('outbox').insertOne({
        _id: 'evil',
        to: '"<img src=x onerror=alert(1)>"@example.com',
        subject: '<script>alert(1)</script>',
        text: 'hi',
        html: '<script>alert(2)</script>',
        createdAt: new Date(),
      });
      for (const url of ['/dev/mailbox', '/dev/mailbox/evil']) {
        const res = await page(gateway, url);
        expect(res.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
        expect(res.body).toContain('&quot;&lt;img src=x onerror=alert(1)&gt;&quot;@example.com');
        expect(res.body).not.toMatch(/<script|<img|alert\(2\)/);
      }
    } finally {
      await gateway.close();
      await t.close();
    }
  });
});

describe('where the dev mailbox does not exist', () => {
  const expectNoMailbox = async (app: App) => {
    const forgot = await send(app, 'POST', '/api/auth/forgot-password', { email: 'someone@example.com' });
    expect(forgot.statusCode).toBe(200);
    expect(forgot.json()).not.toHaveProperty('mailbox');
    for (const url of ['/internal/account/outbox', '/internal/account/outbox/some-id']) {
      const res = await app.inject({ method: 'GET', url, headers: { [INTERNAL_HEADER]: keys.internalToken } });
      expect([url, res.statusCode]).toEqual([url, 404]);
      expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
  };

  it('in production: no page, no field, nothing about it in the log', async () => {
    const { app, log } = await start({ NODE_ENV: 'production', JWT_PRIVATE_KEY: keys.privateKey, JWT_PUBLIC_KEY: keys.publicKey, INTERNAL_TOKEN: keys.internalToken });
    try {
      await register(app, { firstName: 'Real', lastName: 'Person', email: 'someone@example.com', password: 'Real-person-1' });
      await expectNoMailbox(app);
      // The reset mail is still kept (production without SMTP_URL), but its log line links to nothing.
      await eventually(async () => log().find((l) => l.to === 'someone@example.com'));
      expect(log().some((l) => l.mailbox || /mailbox/.test(l.msg))).toBe(false);
    } finally {
      await app.close();
    }
  });

  it('with SMTP_URL set: mail is sent, not kept, so there is nothing to show', async () => {
    const { app } = await start({ NODE_ENV: 'development', SMTP_URL: 'smtp://127.0.0.1:9' });
    try {
      await expectNoMailbox(app);
    } finally {
      await app.close();
    }
  });
});

describe('the account service run alone', () => {
  it('does not serve the mailbox on its own port, though it keeps the mail', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'account-alone-'));
    dirs.push(dataDir);
    ensureKeys(dataDir);
    const token = loadInternalToken(dataDir);
    const port = await new Promise<number>((resolve) => {
      const srv = net.createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = srv.address() as net.AddressInfo;
        srv.close(() => resolve(free));
      });
    });
    const child = spawn(process.execPath, ['--conditions=source', '-r', 'ts-node/register', path.join(REPO, 'services/account/src/server.ts')], {
      cwd: REPO,
      env: { ...process.env, NODE_ENV: 'development', PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const url = `http://127.0.0.1:${port}`;
    try {
      await eventually(async () => (await fetch(`${url}/api/health`).catch(() => null))?.ok, 60_000);
      const forgot = await fetch(`${url}/api/auth/forgot-password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'shopper@pharmacy.local' }),
      });
      expect(await forgot.json()).toMatchObject({ success: true, mailbox: '/dev/mailbox' });
      for (const at of ['/dev/mailbox', '/dev/mailbox/x']) {
        const res = await fetch(`${url}${at}`, { headers: { accept: 'text/html' } });
        expect([at, res.status]).toEqual([at, 404]);
      }
      const kept = await fetch(`${url}/internal/account/outbox`, { headers: { [INTERNAL_HEADER]: token } });
      expect(((await kept.json()) as { data: { mails: Array<{ to: string }> } }).data.mails.map((m) => m.to)).toContain('shopper@pharmacy.local');
    } finally {
      await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : (child.once('exit', resolve), child.kill('SIGTERM'))));
    }
  }, 90_000);
});
