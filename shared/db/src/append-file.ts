import { open, type FileHandle } from 'node:fs/promises';

/**
 * Appends to one datafile through a handle kept open, instead of nedb's appendFile, which opens and closes the
 * file for every write (most of a small write's cost: a purchase writes about fifteen times). The guarantee is
 * the same: an append is in the operating system's cache when it resolves, not fsynced. The handle must be let
 * go before the file is replaced (a compaction renames a new file over it), so appends after it reach the new file.
 */
export class DataFileAppender {
  private handle: Promise<FileHandle> | null = null;

  constructor(
    private readonly filename: string,
    private readonly mode: number,
  ) {}

  async append(text: string): Promise<void> {
    const opened = (this.handle ??= open(this.filename, 'a', this.mode));
    try {
      await (await opened).appendFile(text, 'utf8');
    } catch (err) {
      // Opened again by the next append: a failed open or write must not stick to the handle.
      await this.release().catch(() => undefined);
      throw err;
    }
  }

  /** Closes the handle (the next append opens the file at its path again). */
  async release(): Promise<void> {
    const opened = this.handle;
    this.handle = null;
    if (opened) await (await opened).close();
  }
}
