import { ConfigError, assertDevMailboxPrivate, createApp, fromThisMachine, generateTestKeys, isLoopbackAddress, isLoopbackHost, loadConfig } from '../src';

describe('what counts as this machine', () => {
  it.each(['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1', '0:0:0:0:0:0:0:1'])('%s is loopback', (address) => {
    expect(isLoopbackAddress(address)).toBe(true);
  });

  it.each(['10.0.0.5', '192.0.2.7', '::ffff:10.0.0.5', 'fd00::2', '0.0.0.0', '::', '128.0.0.1', 'localhost', '', undefined])('%s is not', (address) => {
    expect(isLoopbackAddress(address)).toBe(false);
  });

  it('a HOST of localhost or a loopback address listens for this machine only; anything else does not', () => {
    for (const host of ['127.0.0.1', 'localhost', 'LOCALHOST', '::1', '[::1]']) expect([host, isLoopbackHost(host)]).toEqual([host, true]);
    for (const host of ['0.0.0.0', '::', '192.0.2.2', 'shop.example.com']) expect([host, isLoopbackHost(host)]).toEqual([host, false]);
  });

  it('a request is from this machine by its socket and only when nothing relayed it', async () => {
    const app = await createApp({ publicKey: generateTestKeys().publicKey, logLevel: 'silent' });
    app.get('/here', async (request) => ({ here: fromThisMachine(request) }));
    const here = async (remoteAddress: string, headers: Record<string, string> = {}) =>
      (await app.inject({ url: '/here', remoteAddress, headers })).json().here as boolean;
    expect(await here('127.0.0.1')).toBe(true);
    expect(await here('10.0.0.5')).toBe(false);
    expect(await here('10.0.0.5', { 'x-forwarded-for': '127.0.0.1' })).toBe(false);
    expect(await here('127.0.0.1', { 'x-forwarded-for': '10.0.0.5' })).toBe(false);
    expect(await here('127.0.0.1', { forwarded: 'for=10.0.0.5' })).toBe(false);
    expect(await here('127.0.0.1', { 'x-real-ip': '10.0.0.5' })).toBe(false);
    await app.close();
  });
});

describe('a shop that keeps its mail listens for this machine only', () => {
  const refusal = (env: Record<string, string>) => {
    try {
      assertDevMailboxPrivate(loadConfig(env));
      return null;
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      return (err as Error).message;
    }
  };

  it('refuses a HOST other machines reach without SMTP_URL, naming both', () => {
    expect(refusal({ HOST: '0.0.0.0' })).toBe(
      'HOST=0.0.0.0 lets other machines reach the shop, and with no SMTP_URL its mail (password reset links included) is kept for the ' +
        'dev mailbox. Set SMTP_URL to send mail through a mail server, or leave HOST unset to listen on 127.0.0.1 only',
    );
    expect(refusal({ HOST: '192.0.2.2', NODE_ENV: 'test' })).toMatch(/^HOST=192\.0\.2\.2 lets other machines reach the shop, and with no SMTP_URL /);
  });

  it('starts on loopback, with SMTP_URL, or in production (where there is no dev mailbox)', () => {
    expect(refusal({})).toBeNull();
    expect(refusal({ HOST: 'localhost' })).toBeNull();
    expect(refusal({ HOST: '0.0.0.0', SMTP_URL: 'smtp://mail.example.com' })).toBeNull();
    expect(refusal({ HOST: '0.0.0.0', NODE_ENV: 'production' })).toBeNull();
  });
});
