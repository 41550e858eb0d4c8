// Browser journeys: build once, start the real gateway (compiled, embedded store, demo data) on a free port,
// drive Debian's Chromium with playwright-core.
const path = require('node:path');
module.exports = require('../jest.preset').preset(__dirname, 'node', {
  testMatch: ['<rootDir>/test/**/*.e2e.ts'],
  globalSetup: path.join(__dirname, 'setup/global-setup.ts'),
  globalTeardown: path.join(__dirname, 'setup/global-teardown.ts'),
  setupFilesAfterEnv: [path.join(__dirname, 'setup/timeout.ts')],
});
