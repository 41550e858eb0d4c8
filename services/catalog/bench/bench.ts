/**
 * pnpm bench:catalog — listing and search throughput against a bare Fastify route, in one run.
 *
 * A child process loads 10,000 generated products into an embedded (nedb, in-memory) store, starts the
 * real catalog service (createApp + buildCatalogService) on a free port, and beside it a bare Fastify app
 * whose one route returns a JSON body the size of a listing page. This process drives them one after the
 * other with autocannon (50 connections), so the load generator and the server do not share a core.
 */
import { fork } from 'node:child_process';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { MemoryBlobStore, openStore } from '@pharmacy/db';
import { createApp, generateTestKeys, readEnv, type EnvValues } from '@pharmacy/service-kit';
import { buildCatalogService } from '../src';
import { PRODUCTS, type ProductDoc } from '../src/products/model';
import { generate, LISTING_PATHS } from './generate';

const { BENCH_PRODUCTS: PRODUCT_COUNT, BENCH_DURATION: DURATION } = readEnv(process.env, ['BENCH_PRODUCTS', 'BENCH_DURATION']) as Required<
  Pick<EnvValues, 'BENCH_PRODUCTS' | 'BENCH_DURATION'>
>;
const CONNECTIONS = 50;

const SEARCH_PATHS = ['ibuprofen', 'ibuprofn', 'paracetamol tablets', 'vitamin', 'cetirizin', 'soothing cream', 'omeprazole 20', 'zinc']
  .map((k) => `/api/shop/search/${encodeURIComponent(k)}?limit=24`);

/* ------------------------------------------------------------------ server side (child process) */

async function serve() {
  const started = Date.now();
  const store = await openStore({ name: 'catalog-bench', inMemory: true });
  await store.collection<ProductDoc>(PRODUCTS).insertMany(generate(PRODUCT_COUNT));
  const keys = generateTestKeys();
  const app = await createApp({ publicKey: keys.publicKey, logLevel: 'silent' });
  await app.register(
    buildCatalogService({
      store,
      blobs: new MemoryBlobStore(),
      internalToken: keys.internalToken,
      purchases: { purchaseOf: async () => ({ purchased: false, delivered: false }) },
    }),
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const catalogPort = (app.server.address() as { port: number }).port;

  // The bare route returns the same JSON body as the first listing page (parsed: Fastify serialises it).
  const sample = await (await fetch(`http://127.0.0.1:${catalogPort}${LISTING_PATHS[0]}`)).text();
  const sampleObject = JSON.parse(sample) as object;
  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => sampleObject);
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const barePort = (bare.server.address() as { port: number }).port;
  process.send!({ catalogPort, barePort, bodyBytes: Buffer.byteLength(sample), loadMs: Date.now() - started });
  process.on('disconnect', () => process.exit(0));
}

/* ------------------------------------------------------------------ load side (this process) */

interface Figures {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function measure(name: string, port: number, paths: string[]): Promise<Figures> {
  const opts = {
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    requests: paths.map((path) => ({ method: 'GET' as const, path })),
  };
  await autocannon({ ...opts, duration: 2 }); // warm-up (JIT, caches)
  const result = await autocannon({ ...opts, duration: DURATION });
  return { name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors, non2xx: result.non2xx };
}

async function main() {
  const child = fork(__filename, ['serve'], { execArgv: process.execArgv, stdio: 'inherit' });
  const ready = await new Promise<{ catalogPort: number; barePort: number; bodyBytes: number; loadMs: number }>((resolve, reject) => {
    child.once('message', (m) => resolve(m as never));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  console.log(`${PRODUCT_COUNT} products loaded and service started in ${ready.loadMs} ms; listing page body ${ready.bodyBytes} bytes`);
  console.log(`autocannon: ${CONNECTIONS} connections, ${DURATION} s per target (after a 2 s warm-up)\n`);

  const bare = await measure('bare Fastify route (same-size JSON)', ready.barePort, ['/bare']);
  const listing = await measure(`listing (filtered + sorted, ${LISTING_PATHS.length} URLs)`, ready.catalogPort, LISTING_PATHS);
  const search = await measure(`search (${SEARCH_PATHS.length} keywords incl. typos)`, ready.catalogPort, SEARCH_PATHS);
  child.disconnect();
  child.kill();

  const rows = [bare, listing, search];
  const pad = (s: string | number, n: number) => String(s).padStart(n);
  console.log(`${'target'.padEnd(44)}${pad('req/s', 10)}${pad('p50 ms', 9)}${pad('p99 ms', 9)}${pad('vs bare', 10)}${pad('errors', 8)}`);
  for (const r of rows) {
    const ratio = `${Math.round((r.rps / bare.rps) * 100)}%`;
    console.log(`${r.name.padEnd(44)}${pad(Math.round(r.rps), 10)}${pad(r.p50, 9)}${pad(r.p99, 9)}${pad(ratio, 10)}${pad(r.errors + r.non2xx, 8)}`);
  }
  const ok = [listing, search].every((r) => r.p99 <= 20 && r.rps >= bare.rps / 2 && r.errors + r.non2xx === 0);
  console.log(`\ntargets (p99 <= 20 ms, >= 50% of bare throughput, no errors): ${ok ? 'met' : 'NOT met'}`);
  process.exitCode = ok ? 0 : 1;
}

if (process.argv[2] === 'serve') void serve();
else void main();
