// audit:verify against MongoDB needs a server: its file is only part of the run when MONGODB_URL is set
// (never a skipped test that looks like a pass).
const mongo = Boolean(process.env.MONGODB_URL);
if (!mongo) {
  process.stderr.write('services/account: MONGODB_URL is not set, so test/audit-verify-mongo.test.ts is not run.\n');
}
module.exports = require('../../jest.preset').preset(__dirname, 'node', {
  testPathIgnorePatterns: ['/node_modules/', ...(mongo ? [] : ['<rootDir>/test/audit-verify-mongo\\.test\\.ts$'])],
});
