import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp, generateTestKeys, httpPeers, loadConfig, type App, type ServiceHandle } from '@pharmacy/service-kit';
import { openStore } from '@pharmacy/db';
import { openAccountService } from '../src';
import { Jar, get, send } from './helpers';

const keys = generateTestKeys();
const dirs: string[] = [];

async function start(env: Record<string, string>): Promise<{ app: App; handle: ServiceHandle; dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'account-'));
  dirs.push(dataDir);
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env });
  const app = await createApp({ publicKey: keys.publicKey, logLevel: 'silent' });
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
  return { app, handle, dataDir };
}

afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

it('outside production, seeds a demo admin who reaches the admin routes and a demo shopper with an allergy', async () => {
  const { app } = await start({ NODE_ENV: 'development' });
  try {
    const res = await send(app, 'POST', '/api/auth/login', { email: 'admin@pharmacy.local', password: 'Admin123!demo' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.admin).toBe(true);
    const admin = new Jar().take(res);
    const users = await get(app, '/api/admin/users/get', admin);
    expect(users.statusCode).toBe(200);
    // Lists never carry health data (docs/domain.md#health-data): the details do, to an administrator.
    const listed = (users.json().data as Array<{ _id: string; email: string }>).find((u) => u.email === 'shopper@pharmacy.local')!;
    const shopper = (await get(app, `/api/admin/users/details/${listed._id}`, admin)).json().data;
    expect(shopper).toMatchObject({ allergies: ['NSAIDs', 'Penicillin'], healthConditions: ['High blood pressure'], admin: false });
    const login = await send(app, 'POST', '/api/auth/login', { email: 'shopper@pharmacy.local', password: 'Shopper123!demo' });
    expect(login.statusCode).toBe(200);
  } finally {
    await app.close();
  }
});

it('in production, creates no demo users and refuses the demo admin', async () => {
  const { app, dataDir } = await start({ NODE_ENV: 'production' });
  try {
    const res = await send(app, 'POST', '/api/auth/login', { email: 'admin@pharmacy.local', password: 'Admin123!demo' });
    expect(res.statusCode).toBe(403);
    // Registration is still open, and a real account is not an admin.
    const reg = await send(app, 'POST', '/api/auth/register', { firstName: 'Real', lastName: 'Person', email: 'real@example.com', password: 'Real-person-1' });
    expect(reg.statusCode).toBe(201);
    expect(reg.json().user.admin).toBe(false);
  } finally {
    await app.close();
  }
  const store = await openStore({ name: 'account', dataDir });
  try {
    expect(await store.collection('users').countDocuments({ email: { $in: ['admin@pharmacy.local', 'shopper@pharmacy.local'] } })).toBe(0);
    expect(await store.collection('users').countDocuments({})).toBe(1);
  } finally {
    await store.close();
  }
});
