/**
 * What a built file served from its brotli sibling saves against the same file compressed on every request.
 *
 * Usage (after `node tools/build.js`, or with no build: a generated 200 KB script stands in):
 *   node --conditions=source -r ts-node/register services/gateway/bench/static-precompressed.ts
 *
 * The gateway's static serving (registerStatic, with @fastify/compress registered as gateway.ts does) serves the
 * host's largest script twice in one run: once with the .br/.gz siblings the build wrote, once as a copy with no
 * sibling, which @fastify/compress brotli-compresses per request; and the plain file to a client accepting no
 * encoding, the floor. Requests go through inject() in this process, so process CPU time is the server's work; the
 * figures are ratios between these in the same run.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import Fastify from 'fastify';
import type { App } from '@pharmacy/service-kit';
import { hostDist, registerStatic } from '../src/static-files';

const REPO = path.resolve(__dirname, '../../..');
// --requests N (default 300)
const requestsArg = process.argv.indexOf('--requests');
const REQUESTS = requestsArg > 0 ? Number(process.argv[requestsArg + 1]) : 300;

function biggestBuiltScript(): Buffer {
  const dist = hostDist(REPO);
  const scripts = fs.existsSync(dist) ? fs.readdirSync(dist).filter((f) => f.endsWith('.js')) : [];
  const biggest = scripts.map((f) => path.join(dist, f)).sort((a, b) => fs.statSync(b).size - fs.statSync(a).size)[0];
  if (biggest) return fs.readFileSync(biggest);
  return Buffer.from(Array.from({ length: 4000 }, (_, i) => `export const v${i} = ${JSON.stringify({ i, s: `item ${i}` })};`).join('\n'));
}

async function main() {
  const body = biggestBuiltScript();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-static-bench-'));
  const host = hostDist(root);
  fs.mkdirSync(host, { recursive: true });
  // The build's siblings: brotli 11, gzip 9 (shared/webpack-config).
  fs.writeFileSync(path.join(host, 'sibling.0123abcd.js'), body);
  fs.writeFileSync(path.join(host, 'sibling.0123abcd.js.br'), zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
  fs.writeFileSync(path.join(host, 'sibling.0123abcd.js.gz'), zlib.gzipSync(body, { level: 9 }));
  fs.writeFileSync(path.join(host, 'onthefly.0123abcd.js'), body);

  const app = Fastify({ logger: false });
  await app.register(fastifyCompress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 });
  await registerStatic(app as unknown as App, { root }, { live: () => new Map(), forVisitor: () => new Map(), refusedEntry: () => null, generation: 0 });
  await app.ready();

  async function run(url: string, encoding = 'br') {
    let bytes = 0;
    const headers = { 'accept-encoding': encoding };
    for (let i = 0; i < 20; i++) await app.inject({ url, headers }); // warm-up
    const cpu = process.cpuUsage();
    const started = process.hrtime.bigint();
    for (let i = 0; i < REQUESTS; i++) {
      const res = await app.inject({ url, headers });
      const sent = res.headers['content-encoding'] ?? 'identity';
      if (res.statusCode !== 200 || sent !== encoding) throw new Error(`${url}: ${res.statusCode} ${sent}`);
      bytes = res.rawPayload.length;
    }
    const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
    const used = process.cpuUsage(cpu);
    return { cpuMs: (used.user + used.system) / 1000 / REQUESTS, reqPerS: (REQUESTS * 1000) / wallMs, bytes };
  }

  // the floor: the same file sent as it is, to a client that accepts no encoding
  const plain = await run('/sibling.0123abcd.js', 'identity');
  const fly = await run('/onthefly.0123abcd.js');
  const sib = await run('/sibling.0123abcd.js');
  await app.close();
  fs.rmSync(root, { recursive: true, force: true });

  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  console.log(`script: ${kb(body.length)} raw, ${REQUESTS} requests each (accept-encoding: br unless said)`);
  console.log(`  plain (no encoding):    ${plain.cpuMs.toFixed(2)} ms CPU/request, ${plain.reqPerS.toFixed(0)} req/s, ${kb(plain.bytes)} sent`);
  console.log(`  compressed per request: ${fly.cpuMs.toFixed(2)} ms CPU/request, ${fly.reqPerS.toFixed(0)} req/s, ${kb(fly.bytes)} sent`);
  console.log(`  from the .br sibling:   ${sib.cpuMs.toFixed(2)} ms CPU/request, ${sib.reqPerS.toFixed(0)} req/s, ${kb(sib.bytes)} sent`);
  console.log(`  sibling vs on the fly: ${(sib.cpuMs / fly.cpuMs * 100).toFixed(1)}% of the CPU per request, ${(sib.reqPerS / fly.reqPerS).toFixed(1)}x the requests/s, ${(sib.bytes / fly.bytes * 100).toFixed(0)}% of the bytes`);
  console.log(`  sibling vs plain file:  ${(sib.cpuMs / plain.cpuMs * 100).toFixed(0)}% of the CPU per request (100% = no compression work)`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
