#!/usr/bin/env node
// pnpm data:check / pnpm data:repair: reads (check) or repairs every embedded datafile under DATA_DIR
// (default ./data); a line whose checksum fails counts as unreadable (docs/operations.md#data-on-disk). Runs the
// @pharmacy/db TypeScript source through ts-node (swc, transpile only) like `pnpm dev`, so it works from a fresh
// clone without a build. Exit codes: 0 all readable / repaired, 1 unreadable lines found (check) or repair
// refused, 2 no such data folder or an unexpected error.
const path = require('node:path');
const { existsSync } = require('node:fs');
const { envSchema, ROOT } = require('./preflight');

const [command] = process.argv.slice(2);
let dataDir;
let maintenance;
try {
  // DATA_DIR is read through the services' configuration schema (it registers ts-node for the TypeScript source).
  dataDir = envSchema().readEnv(process.env, ['DATA_DIR']).DATA_DIR;
  maintenance = require(path.join(ROOT, 'shared/db/src/maintenance'));
} catch (e) {
  console.error(`data:${command ?? 'check'} cannot run: ${e.message}`);
  process.exit(2);
}
const { checkDataDir, formatCheck, formatRepair, repairDataDir } = maintenance;

async function main() {
  if (command !== 'check' && command !== 'repair') {
    console.error('Usage: node tools/data.js check|repair   (reads DATA_DIR, default ./data)');
    return 2;
  }
  if (!existsSync(dataDir)) {
    console.error(`No data folder at ${dataDir}: set DATA_DIR to the folder the server uses.`);
    return 2;
  }
  if (command === 'check') {
    const check = await checkDataDir(dataDir);
    (check.problems.length === 0 ? console.log : console.error)(formatCheck(dataDir, check));
    return check.problems.length === 0 ? 0 : 1;
  }
  try {
    console.log(formatRepair(dataDir, await repairDataDir(dataDir)));
    return 0;
  } catch (e) {
    if (e && e.code === 'DATA_FOLDER_IN_USE') {
      console.error(`data:repair refused, nothing was changed: ${e.message}`);
      return 1;
    }
    throw e;
  }
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(`data:${command} failed: ${e && e.message ? e.message : e}`);
    process.exit(2);
  },
);
