// No server: how the processes' MongoDB clients are shared (the pool is given a fake connect).
import { ClientPool } from '../src/mongo-clients';

class FakeClient {
  closed = 0;
  constructor(readonly url: string) {}
  async close() {
    this.closed++;
  }
}

const pool = () => {
  const opened: FakeClient[] = [];
  const clients = new ClientPool<FakeClient>(async (url) => {
    const client = new FakeClient(url);
    opened.push(client);
    return client;
  });
  return { clients, opened };
};

describe('one MongoDB client per process and server', () => {
  it('stores opened on one URL share one client, even when they open at the same moment', async () => {
    const { clients, opened } = pool();
    const [a, b, c] = await Promise.all([clients.acquire('mongodb://db/'), clients.acquire('mongodb://db/'), clients.acquire('mongodb://db/')]);
    expect(opened).toHaveLength(1);
    expect(a.client).toBe(b.client);
    expect(c.client).toBe(a.client);
  });

  it('closes the client when the last store closes, not before, and a release counts once', async () => {
    const { clients, opened } = pool();
    const a = await clients.acquire('mongodb://db/');
    const b = await clients.acquire('mongodb://db/');
    await a.release();
    await a.release();
    expect(opened[0].closed).toBe(0);
    await b.release();
    expect(opened[0].closed).toBe(1);
    expect(clients.size).toBe(0);
    // The next store opens a new client.
    const c = await clients.acquire('mongodb://db/');
    expect(c.client).not.toBe(a.client);
    expect(opened).toHaveLength(2);
  });

  it('other servers or timeouts get their own client', async () => {
    const { clients, opened } = pool();
    await clients.acquire('mongodb://one/');
    await clients.acquire('mongodb://two/');
    await clients.acquire('mongodb://one/', 300);
    expect(opened.map((c) => c.url)).toEqual(['mongodb://one/', 'mongodb://two/', 'mongodb://one/']);
  });

  it('a failed connect is not kept: every waiting store gets the error and the next one tries again', async () => {
    let attempts = 0;
    const clients = new ClientPool<FakeClient>(async (url) => {
      attempts++;
      if (attempts === 1) throw new Error('no server');
      return new FakeClient(url);
    });
    const both = await Promise.allSettled([clients.acquire('mongodb://db/'), clients.acquire('mongodb://db/')]);
    expect(both.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(clients.size).toBe(0);
    await expect(clients.acquire('mongodb://db/')).resolves.toMatchObject({ client: expect.any(FakeClient) });
    expect(attempts).toBe(2);
  });
});
