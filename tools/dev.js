#!/usr/bin/env node
// Development: services from TypeScript with ts-node in watch mode (embedded gateway on :5000) and a webpack
// dev server with live reload per app (host :3000 proxies /api, /remotes.json and /mfe to :5000).
// Remotes in dev are served by their own dev servers: set REMOTE_URLS so /remotes.json points at them.
const { spawn } = require('node:child_process');
const { pnpmCommand, ROOT } = require('./preflight');

const remoteUrls = JSON.stringify({
  catalog: 'http://localhost:3001/mf-manifest.json',
  cartCheckout: 'http://localhost:3002/mf-manifest.json',
  account: 'http://localhost:3003/mf-manifest.json',
  admin: 'http://localhost:3004/mf-manifest.json',
});
const procs = [
  ['gateway', ['--filter', '@pharmacy/gateway-service', 'dev'], { REMOTE_URLS: remoteUrls, PUBLIC_ORIGIN: 'http://localhost:3000' }],
  ['host', ['--filter', '@pharmacy/host-shell', 'dev']],
  ['catalog', ['--filter', '@pharmacy/mfe-catalog', 'dev']],
  ['cart', ['--filter', '@pharmacy/mfe-cart-checkout', 'dev']],
  ['account', ['--filter', '@pharmacy/mfe-account', 'dev']],
  ['admin', ['--filter', '@pharmacy/mfe-admin', 'dev']],
];
let pnpm;
try {
  pnpm = pnpmCommand();
} catch (err) {
  console.error(`✖ ${err.message}`);
  process.exit(2);
}
const children = procs.map(([name, args, env]) => {
  const child = spawn(pnpm[0], [...pnpm.slice(1), ...args], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const tag = `[${name}]`.padEnd(10);
  for (const stream of [child.stdout, child.stderr]) {
    stream.on('data', (d) => process.stdout.write(String(d).split('\n').filter(Boolean).map((l) => `${tag} ${l}\n`).join('')));
  }
  return child;
});
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
console.log('Starting dev servers: open http://localhost:3000 once webpack reports "compiled".');
