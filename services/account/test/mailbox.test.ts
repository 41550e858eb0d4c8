import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp, generateTestKeys, httpPeers, loadConfig, type App } from '@pharmacy/service-kit';
import { openAccountService } from '../src';
import { textWithLinks } from '../src/mailbox/page';
import { buildTestApp, eventually, register, send } from './helpers';

const keys = generateTestKeys();
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

/** The account service as the gateway opens it, from environment variables, with its log lines kept. */
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
  app.addHook('onClose', () => handle.close());
  await app.ready();
  return { app, log: () => lines.map((l) => JSON.parse(l) as LogLine) };
}

const html = (accept = 'text/html') => ({ accept });
const page = (app: App, url: string) => app.inject({ method: 'GET', url, headers: html() });

describe('the dev mailbox on a default install (no SMTP_URL, not production)', () => {
  let app: App;
  let log: () => LogLine[];
  beforeAll(async () => {
    ({ app, log } = await start({ NODE_ENV: 'development' }));
  });
  afterAll(() => app.close());

  it('says at start where mail can be read', () => {
    expect(log().find((l) => l.mailbox === 'http://shop.test/dev/mailbox')?.msg).toBe(
      'No SMTP_URL set: mail is kept and readable at http://shop.test/dev/mailbox',
    );
  });

  it('the forgot-password answer points to it, for a known and an unknown email alike', async () => {
    const known = await send(app, 'POST', '/api/auth/forgot-password', { email: 'shopper@pharmacy.local' });
    const unknown = await send(app, 'POST', '/api/auth/forgot-password', { email: 'nobody@example.com' });
    expect(known.json()).toEqual({ success: true, data: null, message: expect.any(String), mailbox: '/dev/mailbox' });
    expect(unknown.json()).toEqual(known.json());
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
        const res = await page(t.app, url);
        expect(res.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
        expect(res.body).toContain('&quot;&lt;img src=x onerror=alert(1)&gt;&quot;@example.com');
        expect(res.body).not.toMatch(/<script|<img|alert\(2\)/);
      }
    } finally {
      await t.close();
    }
  });
});

describe('where the dev mailbox does not exist', () => {
  const expectNoMailbox = async (app: App) => {
    const forgot = await send(app, 'POST', '/api/auth/forgot-password', { email: 'someone@example.com' });
    expect(forgot.statusCode).toBe(200);
    expect(forgot.json()).not.toHaveProperty('mailbox');
    for (const url of ['/dev/mailbox', '/dev/mailbox/some-id']) {
      const res = await page(app, url);
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
