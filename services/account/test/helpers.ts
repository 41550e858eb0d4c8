import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { ACCESS_COOKIE, CSRF_HEADER, CSRF_HEADER_VALUE, REFRESH_COOKIE, type SignInChallenge, type StaffRole } from '@pharmacy/contracts';
import { openStore, type DocumentStore } from '@pharmacy/db';
import { createAccessTokenSigner, createApp, createMailer, generateTestKeys, type App, type Mailer, type OutboxDoc } from '@pharmacy/service-kit';
import { buildAccountService, type AccountControls, type AccountDeps, type RateLimits } from '../src';

type InjectResponse = Awaited<ReturnType<App['inject']>>;

const generous = { max: 10_000, timeWindow: '1 minute' };
export const GENEROUS_LIMITS: RateLimits = {
  login: generous,
  register: generous,
  forgotPassword: generous,
  resetPassword: generous,
  passwordCheck: generous,
  tickets: generous,
};

export interface TestApp {
  app: App;
  store: DocumentStore;
  keys: ReturnType<typeof generateTestKeys>;
  /** Moves the service's clock (expiry decisions) by this many milliseconds. */
  advance(ms: number): void;
  /** Retry unfinished account erasures now. */
  controls: AccountControls;
  outbox(): Promise<OutboxDoc[]>;
  close(): Promise<void>;
}

/** `logStream`: where the service's log lines go, at info (silent without one). */
export async function buildTestApp(options: Partial<AccountDeps> & { mailer?: Mailer; logStream?: { write(line: string): void } } = {}): Promise<TestApp> {
  const { logStream, ...overrides } = options;
  const keys = generateTestKeys();
  const store = await openStore({ name: 'account', inMemory: true });
  let offset = 0;
  let controls: AccountControls | undefined;
  const app = await createApp({ publicKey: keys.publicKey, logLevel: logStream ? 'info' : 'silent', logStream });
  const mailer = overrides.mailer ?? createMailer({ outbox: store.collection<OutboxDoc>('outbox'), log: { info: () => undefined } });
  await app.register(
    buildAccountService({
      store,
      privateKey: keys.privateKey,
      mailer,
      internalToken: keys.internalToken,
      publicOrigin: 'http://shop.test',
      rateLimits: GENEROUS_LIMITS,
      now: () => new Date(Date.now() + offset),
      passwordCost: { memoryCost: 1024, timeCost: 1 },
      // The check's work is the browser's; tests keep it to a few attempts.
      challengeWork: { cost: 10, minAttempts: 5, maxAttempts: 40 },
      ...overrides,
    }, { onReady: (c) => (controls = c) }),
  );
  await app.ready();
  return {
    app,
    store,
    keys,
    advance: (ms) => {
      offset += ms;
    },
    controls: controls!,
    outbox: () => store.collection<OutboxDoc>('outbox').find({}, { sort: { createdAt: 1 } }),
    close: async () => {
      await app.close();
      await store.close();
    },
  };
}

export const PASSWORD = 'Correct-horse-9';

let seq = 0;
export const newShopper = (over: Record<string, unknown> = {}) => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: `ada${++seq}.${Date.now()}@example.com`,
  password: PASSWORD,
  ...over,
});

/** Cookies a browser would hold after a response, as a Cookie header. */
export class Jar {
  private cookies = new Map<string, string>();
  constructor(private readonly path = '/api/auth') {}
  take(res: InjectResponse): this {
    for (const c of res.cookies as Array<{ name: string; value: string; maxAge?: number; expires?: Date }>) {
      const expired = c.maxAge === 0 || (c.expires !== undefined && c.expires.getTime() <= Date.now()) || c.value === '';
      if (expired) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return this;
  }
  get(name: string) {
    return this.cookies.get(name);
  }
  set(name: string, value: string) {
    this.cookies.set(name, value);
    return this;
  }
  clone() {
    const j = new Jar(this.path);
    for (const [k, v] of this.cookies) j.set(k, v);
    return j;
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  /** Headers of a browser request from this site (CSRF header included, as the api client sends it). */
  headers(extra: Record<string, string> = {}) {
    return { cookie: this.header(), [CSRF_HEADER]: CSRF_HEADER_VALUE, ...extra };
  }
}

export async function register(app: App, body = newShopper()) {
  const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  return { body, user: res.json().user as { _id: string; email: string } };
}

export async function login(app: App, email: string, password = PASSWORD) {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return new Jar().take(res);
}

/** A registered and signed-in shopper. */
export async function signedIn(app: App, over: Record<string, unknown> = {}) {
  const { body, user } = await register(app, newShopper(over));
  const jar = await login(app, body.email, body.password as string);
  return { jar, user, email: body.email, password: body.password as string };
}

export const get = (app: App, url: string, jar?: Jar) => app.inject({ method: 'GET', url, headers: jar ? jar.headers() : {} });
export const send = (app: App, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, jar?: Jar) =>
  app.inject({ method, url, payload: payload as object, headers: jar ? jar.headers() : {} });

export { ACCESS_COOKIE, REFRESH_COOKIE };

/** The sign-in check the service hands out now (GET /api/auth/challenge). */
export async function challengeNow(app: App): Promise<SignInChallenge> {
  const res = await app.inject({ method: 'GET', url: '/api/auth/challenge' });
  expect(res.statusCode).toBe(200);
  return res.json().data as SignInChallenge;
}

/** A sign-in's `altcha` field: a fresh check solved as the sign-in page solves it (ALTCHA's payload, base64 JSON). */
export async function solvedChallenge(app: App): Promise<string> {
  const { challenge } = await challengeNow(app);
  if (!challenge) throw new Error('no check is handed out now');
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** Polls until the check passes (mail is sent without blocking the response). */
export async function eventually<T>(check: () => Promise<T | undefined | null | false>, timeoutMs = 3000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Every response body of the service, checked for the password hash. */
export const noHash = (res: InjectResponse) => {
  expect(res.body).not.toMatch(/passwordHash|\$argon2/);
};

/**
 * A signed-in member of staff with these roles (and a pharmacist's registration number). Their access token carries
 * the roles and full name as the account service's sign-in gives staff (docs/architecture.md#security).
 */
export async function staffMember(t: TestApp, roles: StaffRole[], over: { registrationNumber?: string; firstName?: string; lastName?: string } = {}) {
  const { registrationNumber, ...names } = over;
  const { body, user } = await register(t.app, newShopper(names));
  await t.store.collection('users').updateOne({ _id: user._id }, { $set: { admin: true, roles, ...(registrationNumber ? { registrationNumber } : {}) } });
  const jar = await login(t.app, body.email, body.password as string);
  const sid = (await t.store.collection('sessions').findOne({ userId: user._id }))!._id as string;
  const staffName = `${body.firstName} ${body.lastName}`;
  const token = createAccessTokenSigner(t.keys.privateKey)({ sub: user._id, admin: true, sid, userName: body.firstName, roles, staffName });
  jar.set(ACCESS_COOKIE, token);
  return { jar, user, name: staffName };
}
