import { PASSWORD, buildTestApp, newShopper, register, send, signedIn, type TestApp } from './helpers';

let t: TestApp;
const tight = { max: 2, timeWindow: '1 minute' };
beforeAll(async () => {
  t = await buildTestApp({
    rateLimits: { login: tight, register: tight, forgotPassword: tight, resetPassword: tight, passwordCheck: tight, tickets: tight },
  });
});
afterAll(() => t.close());

const expect429 = (res: Awaited<ReturnType<typeof send>>) => {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toMatchObject({ success: false, code: 'RATE_LIMITED', message: expect.stringMatching(/^Too many attempts\. Please wait \d+ seconds/) });
};

it('limits login attempts per IP (429 with a message saying how long to wait)', async () => {
  for (let i = 0; i < 2; i++) expect((await send(t.app, 'POST', '/api/auth/login', { email: 'x@example.com', password: PASSWORD })).statusCode).toBe(401);
  expect429(await send(t.app, 'POST', '/api/auth/login', { email: 'x@example.com', password: PASSWORD }));
});

it('limits registrations per IP', async () => {
  await register(t.app);
  await register(t.app);
  expect429(await send(t.app, 'POST', '/api/auth/register', newShopper()));
});

it('limits forgot-password and reset-password per IP', async () => {
  for (let i = 0; i < 2; i++) expect((await send(t.app, 'POST', '/api/auth/forgot-password', { email: 'x@example.com' })).statusCode).toBe(200);
  expect429(await send(t.app, 'POST', '/api/auth/forgot-password', { email: 'x@example.com' }));
  for (let i = 0; i < 2; i++) expect((await send(t.app, 'POST', '/api/auth/reset-password', { token: 'guess', password: PASSWORD })).statusCode).toBe(400);
  expect429(await send(t.app, 'POST', '/api/auth/reset-password', { token: 'guess', password: PASSWORD }));
});

it('limits current-password guesses and ticket spam', async () => {
  // The limiter for these routes is separate from login's, so a fresh app avoids the spent login budget.
  const fresh = await buildTestApp({ rateLimits: { passwordCheck: tight, tickets: tight } });
  try {
    const { jar } = await signedIn(fresh.app);
    for (let i = 0; i < 2; i++) {
      expect((await send(fresh.app, 'POST', '/api/account/change-password', { currentPassword: 'Wrong-pass-1', newPassword: 'Whatever-pass-2' }, jar)).statusCode).toBe(400);
    }
    expect429(await send(fresh.app, 'POST', '/api/account/change-password', { currentPassword: 'Wrong-pass-1', newPassword: 'Whatever-pass-2' }, jar));
    const idea = { title: 'Good idea', description: 'Long enough text' };
    for (let i = 0; i < 2; i++) expect((await send(fresh.app, 'POST', '/api/account/suggest-idea', idea, jar)).statusCode).toBe(201);
    expect429(await send(fresh.app, 'POST', '/api/account/suggest-idea', idea, jar));
  } finally {
    await fresh.close();
  }
});
