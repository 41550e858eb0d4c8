/**
 * A test hook, not a production path: what a data folder would hold after a power cut now. Every datafile the
 * store has written in this process is cut at its last flushed byte (./append-file); what it never wrote since
 * it loaded (and so never changed) is copied whole, like the folder's other files (keys, media). The copy goes to
 * a new folder, so the running store and its lock are left alone and the services can be started on the copy.
 */
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { lastFlushedBytes } from './append-file';

const LOCK = /(^|\.)lock$/;

export function copyAsAfterPowerCut(dataDir: string, target: string): void {
  const flushed = lastFlushedBytes();
  const copy = (from: string, to: string) => {
    mkdirSync(to, { recursive: true });
    for (const entry of readdirSync(from, { withFileTypes: true })) {
      if (LOCK.test(entry.name)) continue;
      const source = path.join(from, entry.name);
      const destination = path.join(to, entry.name);
      if (entry.isDirectory()) copy(source, destination);
      else if (!entry.isFile()) continue;
      else if (flushed.has(path.resolve(source))) writeFileSync(destination, readFileSync(source).subarray(0, flushed.get(path.resolve(source))));
      else copyFileSync(source, destination);
    }
  };
  copy(dataDir, target);
}
