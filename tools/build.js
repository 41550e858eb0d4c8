#!/usr/bin/env node
// Builds what the start command serves: the services compiled by swc, then the host and the four remotes
// (webpack, two at a time on this 2-core budget; each remote also builds alone with its own `build` script).
const { spawnSync } = require('node:child_process');
const { pnpmCommand, runMain, ROOT } = require('./preflight');

function step(pnpm, label, args) {
  const started = Date.now();
  console.log(`\n▶ ${label}`);
  const res = spawnSync(pnpm[0], [...pnpm.slice(1), ...args], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (res.status !== 0) {
    console.error(`✖ ${label} failed`);
    process.exit(res.status ?? 1);
  }
  console.log(`✔ ${label} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

runMain(() => {
  const pnpm = pnpmCommand();
  step(pnpm, '[1/2] compiling shared packages and services', [
    '--filter', './shared/*', '--filter', './services/*', '--workspace-concurrency=2', 'run', 'build',
  ]);
  step(pnpm, '[2/2] building the host shell and the four remotes', [
    '--filter', './host-shell', '--filter', './mfe-*', '--workspace-concurrency=2', 'run', 'build',
  ]);
  console.log('\nBuild complete.');
});
