/** Where a failed start is reported: stderr and the process exit code, unless a test gives its own. */
export interface StartupOutput {
  print(line: string): void;
  exit(code: number): void;
}

const processOutput: StartupOutput = {
  print: (line) => console.error(line),
  exit: (code) => process.exit(code),
};

/**
 * Runs a server's start-up. What stops a start (a damaged datafile, a data folder another process holds, production
 * without a payment provider) is for the person starting it, not a bug: they get the message plainly, without a stack
 * trace, and exit code 1 so a supervisor sees the failure.
 */
export async function startOrExit(what: string, start: () => Promise<unknown>, output: StartupOutput = processOutput): Promise<void> {
  try {
    await start();
  } catch (err) {
    output.print(`Could not start the ${what}: ${err instanceof Error ? err.message : String(err)}`);
    output.exit(1);
  }
}
