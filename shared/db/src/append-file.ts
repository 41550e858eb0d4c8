import { close, closeSync, fdatasync, fstatSync, openSync, writeSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { promisify } from 'node:util';

const fdatasyncAsync = promisify(fdatasync);
const closeAsync = promisify(close);

/**
 * The last byte of each datafile known to be on disk (its length after the latest fdatasync or fsynced rewrite),
 * by absolute path: what a power cut would leave. A test hook (the power-cut tests truncate each file to it); the
 * store itself never reads it.
 */
const flushedBytes = new Map<string, number>();

/** Each datafile's last flushed byte, for tests that simulate a power cut (docs/operations.md#data-on-disk). */
export const lastFlushedBytes = (): ReadonlyMap<string, number> => flushedBytes;

/** A rewrite (temporary file fsynced, renamed, folder fsynced) left `bytes` on disk. */
export const noteFlushed = (filename: string, bytes: number): void => {
  flushedBytes.set(filename, bytes);
};

/**
 * Appends to one datafile through a descriptor kept open, instead of nedb's appendFile, which opens and closes
 * the file for every write and hops through the thread pool (most of a small write's cost: a purchase writes
 * about fifteen times; measured about 70 µs of CPU each against a few µs here). An append is in the operating
 * system's cache when it returns; `sync` (./group-commit) puts everything appended so far on disk. The descriptor
 * must be let go before the file is replaced (a compaction renames a new file over it), so appends after it reach
 * the new file.
 *
 * With `coalesce` (durable stores: every acknowledged write waits for `sync`), an append is only queued, and the
 * lines appended during one turn of the event loop reach the file in one write: at `sync`, at the end of the turn
 * (setImmediate), or before the descriptor is let go, whichever comes first. A purchase appended 21 lines in 21
 * write syscalls on the event loop's thread, about 7 % of its time (pnpm bench:orders); coalesced, the lines of
 * all the requests served in one turn cost one write per file. Nothing is acknowledged before `sync`, which writes
 * what is queued before it flushes, so what an answer confirmed is on disk either way; only lines no answer has
 * confirmed yet can be lost to a kill between the turn and the write, as they could be to a kill before them.
 * Without it (DATA_UNSAFE_NO_FSYNC), each append is written at once, so a killed process loses nothing it answered.
 */
export class DataFileAppender {
  private fd: number | null = null;
  /** The file's length as this descriptor wrote it. */
  private written = 0;
  /** fdatasyncs running on a descriptor: it is closed after them, never under them (its number could be reused). */
  private syncing = new Map<number, Promise<void>>();
  /** A rewrite of the file in progress: what was appended before it is on disk once it is done. */
  private replacing: Promise<void> | null = null;

  /** Lines appended and not written yet (coalesce only). */
  private queued: string[] = [];
  private writeScheduled = false;
  /** A queued write that failed: the next `sync` rejects with it, so no write it held is acknowledged. */
  private writeFailure: unknown = null;

  constructor(
    private readonly filename: string,
    private readonly mode: number,
    private readonly coalesce = false,
  ) {}

  append(text: string): void {
    if (!this.coalesce) return this.write(text);
    this.queued.push(text);
    if (this.writeScheduled) return;
    this.writeScheduled = true;
    setImmediate(() => {
      this.writeScheduled = false;
      this.writeQueued();
    });
  }

  /** Writes the queued lines; a failure is kept for the next `sync` (nothing waits on this call). */
  private writeQueued(): void {
    if (this.queued.length === 0) return;
    const text = this.queued.length === 1 ? this.queued[0] : this.queued.join('');
    this.queued = [];
    try {
      this.write(text);
    } catch (err) {
      this.writeFailure ??= err;
    }
  }

  private write(text: string): void {
    const bytes = Buffer.from(text, 'utf8');
    try {
      if (this.fd === null) {
        this.fd = openSync(this.filename, 'a', this.mode);
        this.written = fstatSync(this.fd).size;
      }
      for (let done = 0; done < bytes.length; ) done += writeSync(this.fd, bytes, done, bytes.length - done);
      this.written += bytes.length;
    } catch (err) {
      // Opened again by the next append: a failed open or write must not stick to the descriptor.
      this.release();
      throw err;
    }
  }

  /**
   * Puts every byte appended before the call on disk. After a release it waits for the rewrite that let the
   * descriptor go: that file, fsynced and renamed over this one, holds every document.
   */
  async sync(): Promise<void> {
    this.writeQueued();
    if (this.writeFailure) {
      const failure = this.writeFailure;
      this.writeFailure = null;
      throw failure;
    }
    const fd = this.fd;
    if (fd === null) return this.replacing ?? undefined;
    const length = this.written;
    const running = (this.syncing.get(fd) ?? Promise.resolve()).then(() => fdatasyncAsync(fd));
    this.syncing.set(fd, running);
    try {
      await running;
    } finally {
      if (this.syncing.get(fd) === running) this.syncing.delete(fd);
    }
    // Only while the descriptor is still the file's: after a release the path names the compaction's new file.
    if (this.fd === fd) noteFlushed(this.filename, length);
  }

  /**
   * Replaces the file by `rewrite` (which resolves with the new file's length once it is fsynced and renamed into
   * place). The caller makes sure no append runs meanwhile (nedb's executor).
   */
  async replace(rewrite: () => Promise<number>): Promise<void> {
    this.release();
    const done = rewrite().then((bytes) => {
      noteFlushed(this.filename, bytes);
      // The new file holds every document, those of a queued write that failed too.
      this.writeFailure = null;
    });
    this.replacing = done;
    try {
      await done;
    } finally {
      if (this.replacing === done) this.replacing = null;
    }
  }

  /**
   * The file was loaded and found as a rewrite would leave it, so it is kept: its length now is the baseline a
   * power cut keeps (./power-cut), as after a rewrite.
   */
  async loadedAsIs(): Promise<void> {
    try {
      noteFlushed(this.filename, (await stat(this.filename)).size);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
  }

  /** Closes the descriptor (the next append opens the file at its path again). */
  release(): void {
    this.writeQueued();
    const fd = this.fd;
    this.fd = null;
    if (fd === null) return;
    const running = this.syncing.get(fd);
    if (running) {
      running.then(
        () => closeAsync(fd),
        () => closeAsync(fd),
      ).catch(() => undefined); // already unusable: nothing more to let go
      return;
    }
    try {
      closeSync(fd);
    } catch {
      // already unusable: nothing more to let go
    }
  }
}
