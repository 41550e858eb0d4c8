/**
 * One MongoClient per process and server (docs/operations.md#mongodb). In the gateway's embedded mode the three
 * services and the media store run in one process; each used to open its own client, so its own connection pool and
 * server monitoring. Clients are now shared by URL (and server-selection timeout) and counted: the last release closes.
 */
export interface Closable {
  close(): Promise<void>;
}

export interface SharedClient<C> {
  client: C;
  /** Once per acquire; the client closes when its last user releases it. */
  release(): Promise<void>;
}

interface Entry<C> {
  client: Promise<C>;
  users: number;
}

export class ClientPool<C extends Closable> {
  private readonly clients = new Map<string, Entry<C>>();

  constructor(private readonly connect: (url: string, serverSelectionTimeoutMS?: number) => Promise<C>) {}

  /** Clients currently open (or opening). */
  get size(): number {
    return this.clients.size;
  }

  async acquire(url: string, serverSelectionTimeoutMS?: number): Promise<SharedClient<C>> {
    const id = `${serverSelectionTimeoutMS ?? ''} ${url}`;
    let entry = this.clients.get(id);
    if (!entry) {
      const fresh: Entry<C> = { client: this.connect(url, serverSelectionTimeoutMS), users: 0 };
      // A failed connect is not kept: the next caller tries again.
      fresh.client.catch(() => this.clients.get(id) === fresh && this.clients.delete(id));
      this.clients.set(id, fresh);
      entry = fresh;
    }
    const owner = entry;
    owner.users++;
    let client: C;
    try {
      client = await owner.client;
    } catch (e) {
      owner.users--;
      throw e;
    }
    let released = false;
    return {
      client,
      release: async () => {
        if (released) return;
        released = true;
        owner.users--;
        if (owner.users > 0) return;
        if (this.clients.get(id) === owner) this.clients.delete(id);
        await client.close();
      },
    };
  }
}
