/**
 * A shopper's order mail is one write in the outbox, which keeps its key (services/account internal routes): sent
 * once per key whoever asks how often, in the order asked, and after a power cut a retried call neither loses a
 * mail the service acknowledged nor sends it twice (docs/operations.md#data-on-disk).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { copyAsAfterPowerCut, openStore, type DocumentStore } from '@pharmacy/db';
import { createMailer, INTERNAL_HEADER, keptMailId, type OutboxDoc } from '@pharmacy/service-kit';
import { buildTestApp, signedIn, type TestApp } from './helpers';

const folders: string[] = [];
afterAll(() => Promise.all(folders.map((d) => rm(d, { recursive: true, force: true }))));
const folder = async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'account-notify-'));
  folders.push(dir);
  return dir;
};

/** The account service on `dataDir`, mailing into the outbox there. */
async function onDisk(dataDir: string): Promise<{ t: TestApp; store: DocumentStore }> {
  const store = await openStore({ name: 'account', dataDir });
  const mailer = createMailer({ outbox: store.collection<OutboxDoc>('outbox'), log: { info: () => undefined } });
  const t = await buildTestApp({ store, mailer });
  return { t, store };
}
const close = async ({ t, store }: { t: TestApp; store: DocumentStore }) => {
  await t.close();
  await store.close();
};

const notify = (t: TestApp, userId: string, key: string, subject = 'Your order is paid') =>
  t.app.inject({
    method: 'POST',
    url: `/internal/account/users/${userId}/notify`,
    headers: { [INTERNAL_HEADER]: t.keys.internalToken },
    payload: { subject, text: `${subject}.`, key },
  });
const kept = (store: DocumentStore) => store.collection<OutboxDoc>('outbox').find({}, { sort: { createdAt: 1, _id: 1 } });

it('keeps a keyed mail as one outbox write carrying its key, and no record apart', async () => {
  const dataDir = await folder();
  const service = await onDisk(dataDir);
  const { user } = await signedIn(service.t.app);
  const before = await kept(service.store);
  expect((await notify(service.t, user._id, 'order-paid:o-1')).json()).toEqual({ success: true, data: { sent: true } });
  const [mail] = (await kept(service.store)).slice(before.length);
  expect(mail).toMatchObject({ _id: keptMailId('order-paid:o-1'), key: 'order-paid:o-1', to: user.email, subject: 'Your order is paid' });
  expect(await service.store.collection('sentNotifications').countDocuments({})).toBe(0);
  await close(service);
  // One line on disk for the mail (the outbox compacts at close, so the file holds one line per mail).
  const lines = (await readFile(path.join(dataDir, 'account', 'outbox.db'), 'utf8')).split('\n').filter((l) => l.includes('order-paid:o-1'));
  expect(lines).toHaveLength(1);
});

it('sends once per key, however often and however concurrently it is asked, in the order asked', async () => {
  const service = await onDisk(await folder());
  const { user } = await signedIn(service.t.app);
  const answers = await Promise.all([notify(service.t, user._id, 'order-paid:o-2'), notify(service.t, user._id, 'order-paid:o-2')]);
  expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
  expect((await notify(service.t, user._id, 'order-paid:o-2')).json().data).toEqual({ sent: false });
  await notify(service.t, user._id, 'order-dispatched:o-2', 'Your order is on its way');
  const mine = (await kept(service.store)).filter((m) => m.to === user.email);
  expect(mine.map((m) => m.key)).toEqual(['order-paid:o-2', 'order-dispatched:o-2']);
  await close(service);
});

it('a key recorded apart from the mail (SMTP, or the outbox before it kept keys) still sends nothing twice', async () => {
  const service = await onDisk(await folder());
  const { user } = await signedIn(service.t.app);
  await service.store.collection('sentNotifications').insertOne({ _id: 'order-paid:o-old', at: new Date() });
  expect((await notify(service.t, user._id, 'order-paid:o-old')).json().data).toEqual({ sent: false });
  expect((await kept(service.store)).filter((m) => m.to === user.email)).toEqual([]);
  await close(service);
});

it('after a power cut, an acknowledged mail is there once and a retry adds nothing; one cut before it is sent by the retry, once', async () => {
  const live = await folder();
  const service = await onDisk(live);
  const { user } = await signedIn(service.t.app);
  const cutBefore = await folder();
  copyAsAfterPowerCut(live, cutBefore);
  expect((await notify(service.t, user._id, 'order-paid:o-3')).json().data).toEqual({ sent: true });
  await notify(service.t, user._id, 'order-dispatched:o-3', 'Your order is on its way');
  const cutAfter = await folder();
  copyAsAfterPowerCut(live, cutAfter);
  await close(service);

  // Cut after both were acknowledged: both are on disk, in order, and the caller's retries send nothing more.
  const after = await onDisk(cutAfter);
  expect((await notify(after.t, user._id, 'order-paid:o-3')).json().data).toEqual({ sent: false });
  expect((await notify(after.t, user._id, 'order-dispatched:o-3')).json().data).toEqual({ sent: false });
  expect((await kept(after.store)).filter((m) => m.to === user.email).map((m) => m.key)).toEqual(['order-paid:o-3', 'order-dispatched:o-3']);
  await close(after);

  // Cut before the call: nothing was acknowledged, so the caller still owes the mails and sends them, once each.
  const before = await onDisk(cutBefore);
  for (const key of ['order-paid:o-3', 'order-paid:o-3', 'order-dispatched:o-3']) await notify(before.t, user._id, key);
  expect((await kept(before.store)).filter((m) => m.to === user.email).map((m) => m.key)).toEqual(['order-paid:o-3', 'order-dispatched:o-3']);
  await close(before);
});
