// The MongoDB contract run needs a server: its file is only part of the run when MONGODB_URL is set
// (never a skipped test that looks like a pass).
const mongo = Boolean(process.env.MONGODB_URL);
module.exports = require('../../jest.preset').preset(__dirname, 'node', {
  testPathIgnorePatterns: ['/node_modules/', ...(mongo ? [] : ['<rootDir>/test/mongo\\.test\\.ts$'])],
});
