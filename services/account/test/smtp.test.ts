import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { createMailer } from '@pharmacy/service-kit';
import { PASSWORD, buildTestApp, eventually, login, register, send, type TestApp } from './helpers';

/** A real SMTP peer on a free port: the reset mail travels over the wire through nodemailer. */
let server: SMTPServer;
let t: TestApp;
const received: Array<{ to: string[]; raw: string }> = [];

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const smtpUrl = `smtp://127.0.0.1:${port}`;
  t = await buildTestApp({ mailer: createMailer({ smtpUrl, log: { info: () => undefined } }) });
});

afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

it('sends the reset link over SMTP, and the link resets the password', async () => {
  const { body } = await register(t.app);
  const res = await send(t.app, 'POST', '/api/auth/forgot-password', { email: body.email });
  expect(res.statusCode).toBe(200);

  const mail = await eventually(async () => received.find((m) => m.to.includes(body.email)), 10_000);
  expect(mail.raw).toMatch(/Subject: Reset your Pharmacy & Care password/);
  // Quoted-printable may wrap long lines ("=\r\n") and encode "=" as "=3D".
  const text = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = /http:\/\/shop\.test\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(text);
  expect(match).not.toBeNull();
  expect(await t.outbox()).toHaveLength(0); // SMTP mode: nothing in the outbox

  const reset = await send(t.app, 'POST', '/api/auth/reset-password', { token: match![1], password: 'Mailed-link-pass-3' });
  expect(reset.statusCode).toBe(200);
  await login(t.app, body.email, 'Mailed-link-pass-3');
  expect((await send(t.app, 'POST', '/api/auth/login', { email: body.email, password: PASSWORD })).statusCode).toBe(401);
});
