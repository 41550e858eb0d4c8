/** `pnpm data:check` / `pnpm data:repair` as a person runs them, and temporary data folders for the tests that use them. */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const TOOL = path.join(__dirname, '../../../tools/data.js');

export function runDataTool(command: 'check' | 'repair', dataDir: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [TOOL, command], { env: { ...process.env, DATA_DIR: dataDir } }, (error, stdout, stderr) =>
      resolve({ code: error ? (error.code as number) : 0, stdout, stderr }),
    );
  });
}

/** A maker of temporary folders, all removed after the file's tests. */
export function tempDirs(prefix: string): () => string {
  const made: string[] = [];
  afterAll(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })));
  return () => {
    const dir = mkdtempSync(path.join(tmpdir(), prefix));
    made.push(dir);
    return dir;
  };
}
