/**
 * Group commit for one store folder: a write is acknowledged once a flush that started after its append has put
 * every datafile with appends on disk. Writes that append while a flush is in flight wait for the next one, which
 * then serves all of them, so 20 writers cost about one fdatasync per file per flush, not one each
 * (docs/operations.md#data-on-disk). A flush starts once the event loop has run what was ready when it was asked
 * for (setImmediate), not at once: the other requests of that turn append to the same files and share it, which
 * about halved the fdatasyncs of a purchase (pnpm bench:orders) at no added wait for a timer.
 */
export interface Flushable {
  sync(): Promise<void>;
}

export class GroupCommit {
  /** Files with appends no flush has started on yet. */
  private dirty = new Set<Flushable>();
  private inFlight: Promise<void> | null = null;
  /** The flush that starts when the one in flight ends; every append since that one started waits for it. */
  private next: Promise<void> | null = null;

  /** `file` has an append that is not on disk yet. */
  appended(file: Flushable): void {
    this.dirty.add(file);
  }

  /** Resolves once every append made before the call is on disk; rejects if a flush it needed failed. */
  durable(): Promise<void> {
    if (this.dirty.size === 0) return this.inFlight ?? Promise.resolve();
    const start = () => new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.flush());
    this.next ??= this.inFlight ? this.inFlight.then(start, start) : start();
    return this.next;
  }

  private flush(): Promise<void> {
    this.next = null;
    const files = [...this.dirty];
    this.dirty = new Set();
    const flushing = Promise.all(files.map((f) => f.sync())).then(() => undefined);
    this.inFlight = flushing;
    const settled = () => {
      if (this.inFlight === flushing) this.inFlight = null;
    };
    flushing.then(settled, settled);
    return flushing;
  }
}
