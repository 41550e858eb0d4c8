import type { ErasureResult } from '@pharmacy/contracts';
import { openStore, type Collection, type DocumentStore } from '@pharmacy/db';
import { createMailer, type OutboxDoc } from '@pharmacy/service-kit';
import type { PersonalDataEraser } from '../src';
import { PASSWORD, buildTestApp, eventually, get, login, send, signedIn, type TestApp } from './helpers';

/** Another service's erase call as the account service sees it; `down` makes it fail like an unreachable service. */
class RecordingEraser implements PersonalDataEraser {
  readonly calls: string[] = [];
  readonly erased = new Set<string>();
  down = false;
  constructor(readonly service: string) {}
  async erase(userId: string): Promise<ErasureResult> {
    this.calls.push(userId);
    if (this.down) throw new Error(`${this.service} is not responding`);
    this.erased.add(userId);
    return { things: 1 };
  }
}

const ticket = { subject: 'Where is my order?', message: 'It has not arrived after a week.' };

describe('DELETE /api/account/profile erases the personal data here and asks every other service to', () => {
  let t: TestApp;
  const checkout = new RecordingEraser('checkout');
  const catalog = new RecordingEraser('catalog');
  beforeAll(async () => {
    t = await buildTestApp({ erasers: [checkout, catalog], erasureRetryMs: 0 });
  });
  afterAll(() => t.close());

  it('removes the user, sessions, tickets, reset links and queued mail, and has checkout and catalog erase theirs', async () => {
    const { jar, user, email } = await signedIn(t.app);
    expect((await send(t.app, 'POST', '/api/account/need-help', ticket, jar)).statusCode).toBe(201);
    await send(t.app, 'POST', '/api/auth/forgot-password', { email });
    await eventually(async () => (await t.outbox()).find((m) => m.to === email));
    const someoneElse = await signedIn(t.app);
    await send(t.app, 'POST', '/api/account/need-help', ticket, someoneElse.jar);

    const res = await send(t.app, 'DELETE', '/api/account/profile', { password: PASSWORD }, jar);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Your account has been deleted.');

    expect(await t.store.collection('users').countDocuments({ _id: user._id })).toBe(0);
    expect(await t.store.collection('sessions').countDocuments({ userId: user._id })).toBe(0);
    expect(await t.store.collection('tickets').countDocuments({ userId: user._id })).toBe(0);
    expect(await t.store.collection('reset_tokens').countDocuments({ userId: user._id })).toBe(0);
    expect(await t.store.collection('outbox').countDocuments({ to: email })).toBe(0);
    expect(checkout.erased.has(user._id)).toBe(true);
    expect(catalog.erased.has(user._id)).toBe(true);
    expect(await t.store.collection('erasures').countDocuments({})).toBe(0);
    // Nobody else's data goes.
    expect(await t.store.collection('tickets').countDocuments({ userId: someoneElse.user._id })).toBe(1);
    expect((await get(t.app, '/api/auth/me', someoneElse.jar)).statusCode).toBe(200);
    // The account is gone: no sign-in, no session.
    expect((await get(t.app, '/api/auth/me', jar)).statusCode).toBe(401);
    await expect(login(t.app, email)).rejects.toThrow(/401/);
  });

  it('keeps the erasure while checkout is down and retries it until checkout confirms; a retry repeats nothing', async () => {
    const { jar, user } = await signedIn(t.app);
    checkout.down = true;
    expect((await send(t.app, 'DELETE', '/api/account/profile', { password: PASSWORD }, jar)).statusCode).toBe(200);
    expect(await t.store.collection('users').countDocuments({ _id: user._id })).toBe(0);
    expect(catalog.erased.has(user._id)).toBe(true);
    const pending = await t.store.collection('erasures').findOne({ _id: user._id });
    expect(pending).toMatchObject({ pending: ['checkout'], attempts: 1 });
    expect(pending).not.toHaveProperty('email'); // nothing personal waits with it once this service's part is done

    expect(await t.controls.retryErasures()).toBe(1);
    expect(await t.store.collection('erasures').findOne({ _id: user._id })).toMatchObject({ pending: ['checkout'], attempts: 2 });

    checkout.down = false;
    const catalogCalls = catalog.calls.filter((id) => id === user._id).length;
    expect(await t.controls.retryErasures()).toBe(0);
    expect(checkout.erased.has(user._id)).toBe(true);
    expect(catalog.calls.filter((id) => id === user._id)).toHaveLength(catalogCalls);
    expect(await t.store.collection('erasures').countDocuments({})).toBe(0);
  });

  it('needs the password: a wrong one deletes nothing', async () => {
    const { jar, user } = await signedIn(t.app);
    const res = await send(t.app, 'DELETE', '/api/account/profile', { password: 'Not-my-password-1' }, jar);
    expect(res.statusCode).toBe(400);
    expect(await t.store.collection('users').countDocuments({ _id: user._id })).toBe(1);
    expect(checkout.calls).not.toContain(user._id);
  });
});

describe('an erasure interrupted by a stop continues when the account service starts again', () => {
  it('finishes at start what a crash left unfinished', async () => {
    const checkout = new RecordingEraser('checkout');
    checkout.down = true;
    const first = await buildTestApp({ erasers: [checkout], erasureRetryMs: 0 });
    const { jar, user } = await signedIn(first.app);
    await send(first.app, 'DELETE', '/api/account/profile', { password: PASSWORD }, jar);
    expect(checkout.erased.has(user._id)).toBe(false);
    await first.app.close(); // the process stops; its store stays

    checkout.down = false;
    const again = await buildTestApp({ store: first.store, erasers: [checkout], erasureRetryMs: 60_000 });
    try {
      await eventually(async () => checkout.erased.has(user._id));
      await eventually(async () => (await first.store.collection('erasures').countDocuments({})) === 0);
    } finally {
      await again.close();
      await first.store.close();
    }
  });
});

describe("when this service's own part fails half-way", () => {
  it('the account is gone at once (no sign-in), the shopper is told it completes shortly, and the retry finishes it', async () => {
    const real = await openStore({ name: 'account', inMemory: true });
    let ticketsFail = true;
    // The store as the service sees it, with deleting tickets failing (a full disk, a lost database connection).
    const flaky: DocumentStore = {
      kind: real.kind,
      close: () => real.close(),
      collection<T extends { _id: string }>(name: string): Collection<T> {
        const c = real.collection<T>(name);
        if (name !== 'tickets') return c;
        return new Proxy(c, {
          get(target, prop) {
            if (prop === 'deleteMany' && ticketsFail) return async () => Promise.reject(new Error('disk full'));
            const v = Reflect.get(target, prop) as unknown;
            return typeof v === 'function' ? v.bind(target) : v;
          },
        });
      },
    } as DocumentStore;
    const mailer = createMailer({ outbox: real.collection<OutboxDoc>('outbox'), log: { info: () => undefined } });
    const t = await buildTestApp({ store: flaky, mailer, erasureRetryMs: 0 });
    try {
      const { jar, user, email } = await signedIn(t.app);
      await send(t.app, 'POST', '/api/account/need-help', ticket, jar);
      await send(t.app, 'POST', '/api/auth/forgot-password', { email });
      await eventually(async () => (await real.collection('outbox').countDocuments({ to: email })) > 0);

      const res = await send(t.app, 'DELETE', '/api/account/profile', { password: PASSWORD }, jar);
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe('Your request to delete your account is recorded. It will be completed within a few minutes.');
      expect(await real.collection('users').countDocuments({ _id: user._id })).toBe(0);
      await expect(login(t.app, email)).rejects.toThrow(/401/);
      expect(await real.collection('tickets').countDocuments({ userId: user._id })).toBe(1);
      expect(await real.collection('erasures').findOne({ _id: user._id })).toMatchObject({ pending: ['account'], email });

      ticketsFail = false;
      expect(await t.controls.retryErasures()).toBe(0);
      expect(await real.collection('tickets').countDocuments({ userId: user._id })).toBe(0);
      expect(await real.collection('outbox').countDocuments({ to: email })).toBe(0);
      expect(await real.collection('erasures').countDocuments({})).toBe(0);
    } finally {
      await t.close();
      await real.close();
    }
  });
});
