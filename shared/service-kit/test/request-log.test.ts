import { setTimeout as sleep } from 'node:timers/promises';
import { ConfigError, createApp, generateTestKeys, loadConfig, type App } from '../src';
import { loggableUrl } from '../src/plugins/request-log';

const keys = generateTestKeys();

async function build(logLevel: string, slowRequestMs = 200): Promise<{ app: App; lines: Array<Record<string, unknown>> }> {
  const lines: Array<Record<string, unknown>> = [];
  const app = await createApp({ publicKey: keys.publicKey, logLevel, slowRequestMs, logStream: { write: (l) => void lines.push(JSON.parse(l)) } });
  app.get('/api/fast', async () => ({ success: true, data: 'ok' }));
  app.get('/api/slow', async () => {
    await sleep(300);
    return { success: true, data: 'late' };
  });
  app.get('/api/crash', async () => {
    throw new Error('disk on fire');
  });
  app.get('/api/unavailable', async (_request, reply) => reply.status(503).send({ success: false, code: 'UNAVAILABLE', message: 'Later.' }));
  await app.ready();
  lines.length = 0;
  return { app, lines };
}

describe('request logging at info (the default level)', () => {
  let app: App;
  let lines: Array<Record<string, unknown>>;
  beforeAll(async () => ({ app, lines } = await build('info')));
  afterAll(() => app.close());
  beforeEach(() => void (lines.length = 0));

  it('writes no line for a fast, successful request (nor for a 404)', async () => {
    expect((await app.inject('/api/fast')).statusCode).toBe(200);
    expect((await app.inject('/api/nowhere')).statusCode).toBe(404);
    expect(lines).toEqual([]);
  });

  it('writes one warning for a request slower than the threshold, with method, url, status and time', async () => {
    expect((await app.inject('/api/slow?page=2&token=abc123')).statusCode).toBe(200);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 40, msg: 'slow request', method: 'GET', url: '/api/slow?page=2&token=%5Bredacted%5D', statusCode: 200 });
    expect(lines[0].responseTimeMs).toBeGreaterThanOrEqual(200);
    expect(JSON.stringify(lines)).not.toContain('abc123');
  });

  it('writes one error line for a crash: its cause with the request', async () => {
    expect((await app.inject('/api/crash?q=x')).statusCode).toBe(500);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 50, msg: 'request failed', method: 'GET', url: '/api/crash?q=x', statusCode: 500 });
    expect((lines[0].err as { message: string }).message).toBe('disk on fire');
  });

  it('writes one error line for a 5xx a route answered itself', async () => {
    expect((await app.inject('/api/unavailable')).statusCode).toBe(503);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 50, method: 'GET', url: '/api/unavailable', statusCode: 503 });
    expect(typeof lines[0].responseTimeMs).toBe('number');
  });
});

describe('request logging at debug', () => {
  it('writes a line for every request again', async () => {
    const { app, lines } = await build('debug');
    await app.inject('/api/fast?email=a@b.co');
    await app.close();
    const done = lines.filter((l) => l.msg === 'request completed');
    expect(done).toHaveLength(1);
    expect(done[0]).toMatchObject({ level: 20, method: 'GET', url: '/api/fast?email=%5Bredacted%5D', statusCode: 200 });
  });
});

describe('SLOW_REQUEST_MS', () => {
  it('defaults to 500 ms and accepts a whole number of milliseconds', () => {
    expect(loadConfig({}).slowRequestMs).toBe(500);
    expect(loadConfig({ SLOW_REQUEST_MS: '1500' }).slowRequestMs).toBe(1500);
  });
  it('refuses a value that is not a positive whole number, naming the variable', () => {
    for (const value of ['0', 'fast', '2.5']) {
      expect(() => loadConfig({ SLOW_REQUEST_MS: value })).toThrow(ConfigError);
      expect(() => loadConfig({ SLOW_REQUEST_MS: value })).toThrow(/SLOW_REQUEST_MS/);
    }
  });
});

describe('loggableUrl', () => {
  it('keeps the path and ordinary parameters, and hides secret-looking values', () => {
    expect(loggableUrl('/api/a')).toBe('/api/a');
    expect(loggableUrl('/api/a?')).toBe('/api/a');
    expect(loggableUrl('/reset?resetToken=s3cret&page=1')).toBe('/reset?resetToken=%5Bredacted%5D&page=1');
  });
});
