#!/usr/bin/env node
// pnpm typecheck: one strict type-check of the whole tree (tsc from the installed typescript).
const { spawnSync } = require('node:child_process');
const { need, runMain, ROOT } = require('./preflight');

runMain(() => {
  const tsc = need('typescript/bin/tsc', { purpose: 'the type-check' });
  return spawnSync(process.execPath, [tsc, '-p', 'tsconfig.json', ...process.argv.slice(2)], { cwd: ROOT, stdio: 'inherit' }).status ?? 1;
});
