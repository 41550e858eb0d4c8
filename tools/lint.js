#!/usr/bin/env node
// pnpm lint: ESLint over the whole tree (eslint.config.mjs), failing on any warning. Arguments go to eslint
// (`--fix`, a path…); without a path ESLint lints everything the config covers.
const { spawnSync } = require('node:child_process');
const { need, runMain, ROOT } = require('./preflight');

runMain(() => {
  const eslint = need('eslint/bin/eslint.js', { purpose: 'the linter' });
  return spawnSync(process.execPath, [eslint, '--max-warnings', '0', ...process.argv.slice(2)], { cwd: ROOT, stdio: 'inherit' }).status ?? 1;
});
