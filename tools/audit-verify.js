#!/usr/bin/env node
// pnpm audit:verify: checks the audit trail's hash chain (docs/operations.md#audit-trail). Read-only and without the
// store's lock, so it runs while the shop runs: MongoDB when MONGODB_URL is set, else the embedded store's file under
// DATA_DIR (default ./data). Runs the account service's TypeScript source through ts-node like data:check. Exit codes:
// 0 the chain is whole, 1 an entry was altered, removed, reordered or cannot be read (named), 2 it could not run.
const path = require('node:path');
const { envSchema, ROOT } = require('./preflight');

let dataDir;
let mongoUrl;
let verify;
try {
  // Read through the services' configuration schema, as the server reads them.
  ({ DATA_DIR: dataDir, MONGODB_URL: mongoUrl } = envSchema().readEnv(process.env, ['DATA_DIR', 'MONGODB_URL']));
  verify = require(path.join(ROOT, 'services/account/src/audit/verify'));
} catch (e) {
  console.error(`audit:verify cannot run: ${e.message}`);
  process.exit(2);
}

async function main() {
  const report = mongoUrl ? await verify.verifyMongoTrail(mongoUrl) : await verify.verifyEmbeddedTrail(dataDir);
  (report.problem ? console.error : console.log)(verify.formatTrailReport(report));
  return report.problem ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(`audit:verify failed: ${e && e.message ? e.message : e}`);
    process.exit(2);
  },
);
