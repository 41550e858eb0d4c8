#!/usr/bin/env node
// pnpm serve (and the second half of pnpm start): runs the built gateway, after saying plainly when there is none.
const path = require('node:path');
const { needFile, runMain, ROOT } = require('./preflight');

let server;
try {
  server = needFile(path.join(ROOT, 'services/gateway/dist/server.js'), 'build first with `pnpm build` (or start with `pnpm start`, which builds)');
} catch (err) {
  runMain(() => Promise.reject(err));
}
if (server) require(server);
