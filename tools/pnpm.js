#!/usr/bin/env node
// Runs the project's pnpm (the installed devDependency, else one on PATH) with the given arguments, for scripts
// that hand work to a package: `node tools/pnpm.js --filter @pharmacy/catalog-service bench`.
const { spawnSync } = require('node:child_process');
const { pnpmCommand, runMain, ROOT } = require('./preflight');

runMain(() => {
  const pnpm = pnpmCommand();
  return spawnSync(pnpm[0], [...pnpm.slice(1), ...process.argv.slice(2)], { cwd: ROOT, stdio: 'inherit' }).status ?? 1;
});
