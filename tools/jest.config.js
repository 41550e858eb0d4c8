// The repository scripts' own tests (tools/*.js): plain Node, no build.
module.exports = require('../jest.preset').preset(__dirname, 'node', {
  testMatch: ['<rootDir>/test/**/*.test.js'],
});
