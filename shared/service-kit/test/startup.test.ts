import { DataFolderInUseError } from '@pharmacy/db';
import { startOrExit } from '../src';

/** Records what a failed start prints and the code it exits with, instead of ending the test run. */
function recorder() {
  const lines: string[] = [];
  const codes: number[] = [];
  return { lines, codes, output: { print: (line: string) => lines.push(line), exit: (code: number) => codes.push(code) } };
}

describe('startOrExit', () => {
  it('prints one plain line naming the service and the reason, and exits with code 1', async () => {
    const r = recorder();
    await startOrExit('checkout service', async () => {
      throw new Error('No payment provider is configured for production. Set PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET.');
    }, r.output);
    expect(r.lines).toEqual([
      'Could not start the checkout service: No payment provider is configured for production. Set PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET.',
    ]);
    expect(r.codes).toEqual([1]);
  });

  it('gives the store\'s own refusal without a stack trace', async () => {
    const r = recorder();
    await startOrExit('catalog service', async () => {
      throw new DataFolderInUseError('/srv/data/catalog', 4242);
    }, r.output);
    expect(r.lines).toEqual([
      'Could not start the catalog service: Data folder /srv/data/catalog is in use by another process (pid 4242). Stop it or set DATA_DIR to another folder.',
    ]);
    expect(r.lines[0]).not.toContain('    at ');
    expect(r.codes).toEqual([1]);
  });

  it('prints a thrown non-Error as text', async () => {
    const r = recorder();
    await startOrExit('gateway', () => Promise.reject('port 5000 refused'), r.output);
    expect(r.lines).toEqual(['Could not start the gateway: port 5000 refused']);
    expect(r.codes).toEqual([1]);
  });

  it('prints nothing and does not exit when the start succeeds', async () => {
    const r = recorder();
    let started = false;
    await startOrExit('account service', async () => {
      started = true;
    }, r.output);
    expect(started).toBe(true);
    expect(r.lines).toEqual([]);
    expect(r.codes).toEqual([]);
  });
});
