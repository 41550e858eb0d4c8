#!/usr/bin/env node
// The test command: one type-check of the whole tree, then every jest project (unit, component, service and the
// browser journeys). It ends with the one line CI reads: "N passed, N failed".
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const root = path.join(__dirname, '..');
const run = (args) => spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' }).status;

console.log('▶ type-checking the whole tree');
if (run([require.resolve('typescript/bin/tsc'), '-p', 'tsconfig.json']) !== 0) {
  console.log('\ntypecheck: 0 passed, 1 failed');
  process.exit(1);
}

const results = path.join(os.tmpdir(), `pharmacy-jest-${process.pid}.json`);
const status = run([require.resolve('jest/bin/jest'), '--json', `--outputFile=${results}`, ...process.argv.slice(2)]);
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
process.exit(status === 0 && failed === 0 ? 0 : 1);
