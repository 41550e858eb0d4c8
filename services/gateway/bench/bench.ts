/**
 * pnpm bench:gateway [--quick] — the product listing through the real gateway, as shoppers reach it, against a bare
 * Fastify route serving the same body with the same compression, in one run.
 *
 * For 10,000 and then 100,000 generated products (services/catalog/bench/generate.ts) it seeds a temporary DATA_DIR,
 * starts the built gateway as `pnpm start` does (services/gateway/dist/server.js: embedded mode, the default log
 * level, compression on; preloaded with gc-probe.js to read its GC pauses and memory) and drives it with autocannon:
 * 50 connections, `accept-encoding: br, gzip`, six filtered and sorted listing URLs. The baseline, measured in the same
 * run, is a bare Fastify app with the gateway's own @fastify/compress options returning the first URL's body.
 * The load generator runs in this process and each server in its own, so they do not share a core.
 *
 * Targets (issue 13): at 10,000 products at least half the baseline's req/s with p99 <= 20 ms; at 100,000 a p99 at
 * most twice that at 10,000, memory at rest (RSS after loading, 10 s idle and a full GC) <= 500 MB, and no GC pause
 * over 50 ms while under load (from the warm-up on). Exit code 1 if any is missed.
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import fastifyCompress from '@fastify/compress';
import { openStore } from '@pharmacy/db';
import { generate, LISTING_PATHS } from '../../catalog/bench/generate';
import { PRODUCTS } from '../../catalog/src/products/model';
import { COMPRESS_OPTIONS } from '../src/compression';

const QUICK = process.argv.includes('--quick');
const DURATION = QUICK ? 4 : 10;
const WARMUP = QUICK ? 2 : 3;
const CONNECTIONS = 50;
const HEADERS = { 'accept-encoding': 'br, gzip' };
const SIZES = [10_000, 100_000];
const SERVER = path.resolve(__dirname, '../dist/server.js');
const PROBE = path.resolve(__dirname, 'gc-probe.js');
const MB = 1024 * 1024;
const UNSET = new Set(['LOG_LEVEL', 'NODE_ENV', 'GATEWAY_MODE', 'MONGODB_URL', 'CATALOG_SEED']);

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  failures: number;
}

interface Probe {
  rest?: { rss: number; heapUsed: number; external: number };
  reset?: boolean;
  stats?: { pauses: number; totalMs: number; maxMs: number; maxKind: string; peakRss: number; rss: number; heapUsed: number };
}

/* ------------------------------------------------------------------ the baseline (child process) */

async function serveBare() {
  const body = await new Promise<string>((resolve) => process.once('message', (m) => resolve(m as string)));
  const bare = Fastify({ logger: false });
  await bare.register(fastifyCompress, COMPRESS_OPTIONS);
  bare.get('/bare', (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  process.send!({ port: (bare.server.address() as net.AddressInfo).port });
  process.on('disconnect', () => process.exit(0));
}

/* ------------------------------------------------------------------ the load side (this process) */

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });

/** GET with the given headers, the raw (still encoded) body. */
function rawGet(port: number, urlPath: string, headers: Record<string, string>) {
  return new Promise<{ status: number; encoding?: string; body: Buffer }>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: urlPath, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

async function measure(port: number, paths: string[]): Promise<Figures> {
  const opts = { url: `http://127.0.0.1:${port}`, connections: CONNECTIONS, headers: HEADERS, requests: paths.map((p) => ({ method: 'GET' as const, path: p })) };
  await autocannon({ ...opts, duration: WARMUP }); // JIT, page cache and compressed bodies
  const r = await autocannon({ ...opts, duration: DURATION });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, failures: r.errors + r.timeouts + r.non2xx };
}

async function seed(dataDir: string, count: number): Promise<number> {
  const started = Date.now();
  const store = await openStore({ name: 'catalog', dataDir });
  await store.collection(PRODUCTS).insertMany(generate(count));
  await store.close();
  return Date.now() - started;
}

class Gateway {
  private constructor(
    readonly child: ChildProcess,
    readonly port: number,
    private readonly lines: { count: number },
  ) {}

  /** The built gateway on `dataDir`, as `pnpm start` runs it: only DATA_DIR, PORT and HOST set. */
  static async start(dataDir: string): Promise<{ gateway: Gateway; startMs: number }> {
    const port = await freePort();
    // This shell's settings for these would make it something other than what `pnpm start` runs by default.
    const inherited = Object.entries(process.env).filter(([name]) => !UNSET.has(name));
    const env: NodeJS.ProcessEnv = { ...Object.fromEntries(inherited), DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' };
    const started = Date.now();
    const child = fork(SERVER, [], { env, execArgv: ['--expose-gc', '-r', PROBE], stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
    const lines = { count: 0 };
    child.stdout!.on('data', (chunk: Buffer) => (lines.count += chunk.toString().split('\n').length - 1));
    const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`the gateway exited (${code}) before answering`))));
    const healthy = (async () => {
      for (;;) {
        try {
          if ((await rawGet(port, '/api/health', {})).status === 200) return;
        } catch {
          /* not listening yet */
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    await Promise.race([healthy, exited]);
    return { gateway: new Gateway(child, port, lines), startMs: Date.now() - started };
  }

  get logLines(): number {
    return this.lines.count;
  }

  ask<K extends keyof Probe>(message: string, key: K): Promise<NonNullable<Probe[K]>> {
    return new Promise((resolve) => {
      const onMessage = (m: Probe) => {
        if (m[key] === undefined) return;
        this.child.off('message', onMessage);
        resolve(m[key] as NonNullable<Probe[K]>);
      };
      this.child.on('message', onMessage);
      this.child.send(message);
    });
  }

  stop(): Promise<void> {
    return new Promise((resolve) => {
      this.child.once('exit', () => resolve());
      this.child.kill('SIGTERM');
    });
  }
}

interface SizeResult {
  products: number;
  figures: Figures;
  restRss: number;
  restHeap: number;
  peakRss: number;
  maxPauseMs: number;
  maxPauseKind: string;
  pauses: number;
  logLines: number;
  seedMs: number;
  startMs: number;
}

async function runSize(products: number, onFirstBody: (body: string, encodedBytes: number) => Promise<void>): Promise<SizeResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `bench-gateway-${products}-`));
  try {
    const seedMs = await seed(dataDir, products);
    const { gateway, startMs } = await Gateway.start(dataDir);
    try {
      const rest = await gateway.ask('rest', 'rest');
      await gateway.ask('reset', 'reset');
      const plain = await rawGet(gateway.port, LISTING_PATHS[0], {});
      const encoded = await rawGet(gateway.port, LISTING_PATHS[0], HEADERS);
      if (plain.status !== 200 || encoded.encoding !== 'br') throw new Error(`the listing answered ${plain.status}, encoded ${encoded.encoding ?? 'not at all'}`);
      await onFirstBody(plain.body.toString(), encoded.body.length);
      const linesBefore = gateway.logLines;
      const figures = await measure(gateway.port, LISTING_PATHS);
      const logLines = gateway.logLines - linesBefore;
      const stats = await gateway.ask('stats', 'stats');
      return {
        products,
        figures,
        restRss: rest.rss,
        restHeap: rest.heapUsed,
        peakRss: stats.peakRss,
        maxPauseMs: stats.maxMs,
        maxPauseKind: stats.maxKind,
        pauses: stats.pauses,
        logLines,
        seedMs,
        startMs,
      };
    } finally {
      await gateway.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function startBare(body: string): Promise<{ child: ChildProcess; port: number }> {
  const child = fork(__filename, ['bare'], { execArgv: process.execArgv, stdio: 'inherit' });
  const ready = new Promise<{ port: number }>((resolve, reject) => {
    child.once('message', (m) => resolve(m as { port: number }));
    child.once('exit', (code) => reject(new Error(`the bare server exited with ${code}`)));
  });
  child.send(body);
  return { child, port: (await ready).port };
}

async function main() {
  if (!fs.existsSync(SERVER)) throw new Error(`${path.relative(process.cwd(), SERVER)} is missing: run pnpm build first`);
  console.log(`pnpm bench:gateway${QUICK ? ' --quick' : ''}: ${CONNECTIONS} connections, accept-encoding "${HEADERS['accept-encoding']}", ` +
    `${LISTING_PATHS.length} filtered+sorted listing URLs, ${DURATION} s per target after a ${WARMUP} s warm-up`);
  console.log(`load before the run: ${os.loadavg().map((l) => l.toFixed(2)).join(', ')} (${os.cpus().length} cores)\n`);

  let bare: Figures | undefined;
  let bareInfo = '';
  const results: SizeResult[] = [];
  for (const products of SIZES) {
    const result = await runSize(products, async (body, encodedBytes) => {
      if (bare) return;
      // The baseline, once, between the 10,000-product gateway's start and its load: the same body, compressed the same way.
      const server = await startBare(body);
      try {
        const sample = await rawGet(server.port, '/bare', HEADERS);
        bareInfo = `listing page ${Buffer.byteLength(body)} bytes (gateway sends ${encodedBytes} br from its cache, bare route ${sample.body.length} ${sample.encoding} made per request)`;
        bare = await measure(server.port, ['/bare']);
      } finally {
        server.child.kill();
      }
    });
    results.push(result);
    console.log(`${products.toLocaleString('en')} products: seeded in ${(result.seedMs / 1000).toFixed(1)} s, gateway answering ${(result.startMs / 1000).toFixed(1)} s after start`);
  }
  if (!bare) throw new Error('no baseline measured');
  console.log(`${bareInfo}\n`);

  const pad = (s: string | number, n: number) => String(s).padStart(n);
  const mb = (b: number) => `${Math.round(b / MB)} MB`;
  console.log(`${'target'.padEnd(34)}${pad('req/s', 8)}${pad('p50', 6)}${pad('p99', 6)}${pad('vs bare', 9)}${pad('at rest (heap)', 16)}${pad('peak', 9)}${pad('max GC pause', 24)}${pad('log lines', 11)}${pad('failed', 8)}`);
  console.log(`${'bare Fastify route (same body)'.padEnd(34)}${pad(Math.round(bare.rps), 8)}${pad(bare.p50, 6)}${pad(bare.p99, 6)}${pad('100%', 9)}${pad('', 16)}${pad('', 9)}${pad('', 24)}${pad('', 11)}${pad(bare.failures, 8)}`);
  for (const r of results) {
    const { figures: f } = r;
    console.log(
      `${`gateway listing, ${r.products.toLocaleString('en')} products`.padEnd(34)}${pad(Math.round(f.rps), 8)}${pad(f.p50, 6)}${pad(f.p99, 6)}` +
        `${pad(`${Math.round((f.rps / bare.rps) * 100)}%`, 9)}${pad(`${mb(r.restRss)} (${Math.round(r.restHeap / MB)})`, 16)}${pad(mb(r.peakRss), 9)}` +
        `${pad(`${r.maxPauseMs.toFixed(1)} ms (${r.maxPauseKind})`, 24)}${pad(r.logLines, 11)}${pad(f.failures, 8)}`,
    );
  }
  console.log('(latencies in ms; at rest = RSS after loading, 10 s idle and a full GC (heap used in brackets); peak = RSS under load; GC pauses from the warm-up on)\n');

  const [small, large] = results;
  const checks: Array<[string, boolean]> = [
    [`10,000: >= 50% of the bare route's req/s (${Math.round((small.figures.rps / bare.rps) * 100)}%)`, small.figures.rps >= bare.rps / 2],
    [`10,000: p99 <= 20 ms (${small.figures.p99} ms)`, small.figures.p99 <= 20],
    [`100,000: p99 <= 2x the 10,000 p99 (${large.figures.p99} ms vs ${small.figures.p99} ms: ${(large.figures.p99 / Math.max(small.figures.p99, 1)).toFixed(2)}x)`, large.figures.p99 <= 2 * small.figures.p99],
    [`100,000: memory at rest <= 500 MB (${mb(large.restRss)})`, large.restRss <= 500 * MB],
    [`no GC pause over 50 ms under load (${Math.max(small.maxPauseMs, large.maxPauseMs).toFixed(1)} ms)`, Math.max(small.maxPauseMs, large.maxPauseMs) <= 50],
    ['no failed requests', [bare, ...results.map((r) => r.figures)].every((f) => f.failures === 0)],
  ];
  for (const [label, ok] of checks) console.log(`${ok ? 'PASS' : 'FAIL'}  ${label}`);
  console.log(`load after the run: ${os.loadavg().map((l) => l.toFixed(2)).join(', ')}`);
  process.exitCode = checks.every(([, ok]) => ok) ? 0 : 1;
}

if (process.argv[2] === 'bare') void serveBare();
else
  main().catch((e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exitCode = 1;
  });
