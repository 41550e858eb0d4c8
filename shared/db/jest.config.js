// The MongoDB contract run needs a server: its file is only part of the run when MONGODB_URL is set
// (never a skipped test that looks like a pass).
const mongo = Boolean(process.env.MONGODB_URL);
if (!mongo) {
  process.stderr.write('shared/db: MONGODB_URL is not set, so test/mongo.test.ts (the contracts against MongoDB) is not run.\n');
}
module.exports = require('../../jest.preset').preset(__dirname, 'node', {
  testPathIgnorePatterns: ['/node_modules/', ...(mongo ? [] : ['<rootDir>/test/mongo\\.test\\.ts$'])],
});
