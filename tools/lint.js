#!/usr/bin/env node
// pnpm lint: ESLint over the whole tree (eslint.config.mjs), failing on any warning. Arguments go to eslint
// (`--fix`, a path…); without a path ESLint lints everything the config covers.
const { spawnSync } = require('node:child_process');
const path = require('node:path');
const { need, runMain, ROOT } = require('./preflight');

runMain(() => {
  const eslint = need('eslint/bin/eslint.js', { purpose: 'the linter' });
  // The cache keeps each file's result by its content, so a second run lints only what changed.
  const cache = ['--cache', '--cache-strategy', 'content', '--cache-location', path.join(ROOT, 'node_modules/.cache/eslint/')];
  return spawnSync(process.execPath, [eslint, '--max-warnings', '0', ...cache, ...process.argv.slice(2)], { cwd: ROOT, stdio: 'inherit' }).status ?? 1;
});
