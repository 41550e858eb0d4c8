#!/usr/bin/env node
// pnpm audit:verify [--anchor <seq>:<hash>]…: checks the audit trail's hash chain (docs/operations.md#audit-trail).
// Read-only and without the store's lock, so it runs while the shop runs: MongoDB when MONGODB_URL is set, else the
// embedded store's file under DATA_DIR (default ./data). Runs the account service's TypeScript source through ts-node
// like data:check. A run that passes prints the head it checked; an anchor is such a head kept outside the trail,
// which shows its last entries removed or rewritten. Exit codes: 0 the chain is whole and holds every anchor, 1 an
// entry was altered, removed, reordered, cannot be read or differs from an anchor (named), 2 it could not run.
const path = require('node:path');
const { envSchema, ROOT } = require('./preflight');

const USAGE = 'usage: pnpm audit:verify [--anchor <seq>:<hash>]…';

/** The `--anchor` values, each as written (the flag may be given several times, as `--anchor x` or `--anchor=x`). */
function anchorArgs(argv) {
  const found = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg.startsWith('--anchor=')) found.push(arg.slice('--anchor='.length));
    else if (arg === '--anchor' && i + 1 < argv.length) found.push(argv[++i]);
    else throw new Error(`unexpected argument "${arg}"; ${USAGE}`);
  }
  return found;
}

let dataDir;
let mongoUrl;
let verify;
let anchors;
try {
  // Read through the services' configuration schema, as the server reads them.
  ({ DATA_DIR: dataDir, MONGODB_URL: mongoUrl } = envSchema().readEnv(process.env, ['DATA_DIR', 'MONGODB_URL']));
  verify = require(path.join(ROOT, 'services/account/src/audit/verify'));
  const { parseAnchor } = require(path.join(ROOT, 'services/account/src/audit/chain'));
  anchors = anchorArgs(process.argv.slice(2)).map((text) => parseAnchor(text, `--anchor ${text.slice(0, 20)}…`));
} catch (e) {
  console.error(`audit:verify cannot run: ${e.message}`);
  process.exit(2);
}

async function main() {
  const report = mongoUrl ? await verify.verifyMongoTrail(mongoUrl, anchors) : await verify.verifyEmbeddedTrail(dataDir, anchors);
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
