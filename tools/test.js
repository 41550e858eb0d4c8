#!/usr/bin/env node
// The test command: one type-check of the whole tree, one lint of it (ESLint, no warning allowed), then every jest
// project (unit, component, service and the browser journeys). It ends with the one line CI reads: "N passed, N
// failed"; a type-check or lint that fails stops the run there with "typecheck: 0 passed, 1 failed" or "lint: …".
// `--unit` (pnpm test:unit): every jest project except the browser journeys (e2e/), which need a build and
// Chromium; no type-check, no lint. Other arguments go to jest (a path, -t "name", --listTests…).
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { need, runMain, ROOT } = require('./preflight');

/** The jest projects that are not unit tests: the browser journeys. */
const NOT_UNIT = ['e2e'];

runMain(() => {
  const args = process.argv.slice(2);
  const unit = args.includes('--unit');
  const jestArgs = args.filter((a) => a !== '--unit');
  const jest = need('jest/bin/jest', { purpose: 'the test runner' });
  const run = (argv) => spawnSync(process.execPath, argv, { cwd: ROOT, stdio: 'inherit' }).status;

  if (!unit) {
    const tsc = need('typescript/bin/tsc', { purpose: 'the type-check' });
    console.log('▶ type-checking the whole tree');
    if (run([tsc, '-p', 'tsconfig.json']) !== 0) {
      console.log('\ntypecheck: 0 passed, 1 failed');
      return 1;
    }
    console.log('▶ linting the whole tree (pnpm lint)');
    if (run([path.join(__dirname, 'lint.js')]) !== 0) {
      console.log('\nlint: 0 passed, 1 failed');
      return 1;
    }
  }
  if (jestArgs.includes('--listTests')) return run([jest, ...(unit ? ['--ignoreProjects', ...NOT_UNIT] : []), ...jestArgs]);

  const results = path.join(os.tmpdir(), `pharmacy-jest-${process.pid}.json`);
  const status = run([jest, '--json', `--outputFile=${results}`, ...(unit ? ['--ignoreProjects', ...NOT_UNIT] : []), ...jestArgs]);
  let passed = 0;
  let failed = 1; // a run that wrote no results failed
  try {
    const r = JSON.parse(fs.readFileSync(results, 'utf8'));
    passed = r.numPassedTests;
    failed = r.numFailedTests + r.numRuntimeErrorTestSuites;
    fs.rmSync(results, { force: true });
  } catch {
    /* keep the failure counted above */
  }
  console.log(`\n${passed} passed, ${failed} failed`);
  return status === 0 && failed === 0 ? 0 : 1;
});
