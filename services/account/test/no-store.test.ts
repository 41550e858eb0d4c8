import { PASSWORD, buildTestApp, get, login, newShopper, register, send, signedIn, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Res = Awaited<ReturnType<typeof send>>;
const expectNoStore = (label: string, res: Res, status: number) => {
  expect([label, res.statusCode, res.headers['cache-control']]).toEqual([label, status, 'no-store']);
};

it('every answer of the account service carrying personal data is Cache-Control: no-store', async () => {
  const shopper = newShopper();
  const reg = await send(t.app, 'POST', '/api/auth/register', shopper);
  expectNoStore('register', reg, 201);
  expectNoStore('login', await send(t.app, 'POST', '/api/auth/login', { email: shopper.email, password: PASSWORD }), 200);
  expectNoStore('failed login', await send(t.app, 'POST', '/api/auth/login', { email: shopper.email, password: 'Wrong-pass-1' }), 401);
  const jar = await login(t.app, shopper.email);
  const refreshJar = jar.clone();
  const refresh = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: refreshJar.headers() });
  expectNoStore('refresh', refresh, 200);
  jar.take(refresh);
  expectNoStore('me', await get(t.app, '/api/auth/me', jar), 200);
  expectNoStore('check-auth', await get(t.app, '/api/auth/check-auth', jar), 200);
  expectNoStore('check-auth signed out', await get(t.app, '/api/auth/check-auth'), 401);
  expectNoStore('profile', await get(t.app, '/api/account/profile', jar), 200);
  expectNoStore('profile update', await send(t.app, 'PUT', '/api/account/profile', { firstName: 'Grace' }, jar), 200);
  expectNoStore('need help', await send(t.app, 'POST', '/api/account/need-help', { subject: 'Late parcel', message: 'Where is my order?' }, jar), 201);
  expectNoStore('suggest idea', await send(t.app, 'POST', '/api/account/suggest-idea', { title: 'Night delivery', description: 'Please deliver at night.' }, jar), 201);
  expectNoStore('change password', await send(t.app, 'POST', '/api/account/change-password', { currentPassword: PASSWORD, newPassword: 'Copper-kettle-meadow' }, jar), 200);
  expectNoStore('forgot password', await send(t.app, 'POST', '/api/auth/forgot-password', { email: shopper.email }), 200);
  expectNoStore('reset password', await send(t.app, 'POST', '/api/auth/reset-password', { token: 'made-up', password: 'Copper-kettle-meadow' }), 400);

  const admin = await register(t.app);
  await t.store.collection('users').updateOne({ _id: admin.user._id }, { $set: { admin: true, roles: ['admin'] } });
  const adminJar = await login(t.app, admin.body.email);
  expectNoStore('admin users', await get(t.app, '/api/admin/users/get', adminJar), 200);
  expectNoStore('admin user details', await get(t.app, `/api/admin/users/details/${reg.json().user._id}`, adminJar), 200);

  const other = await signedIn(t.app);
  expectNoStore('delete account', await send(t.app, 'DELETE', '/api/account/profile', { password: other.password }, other.jar), 200);
  expectNoStore('logout', await send(t.app, 'POST', '/api/auth/logout', undefined, jar), 200);
  expectNoStore('signout', await get(t.app, '/api/auth/signout'), 200);
});
