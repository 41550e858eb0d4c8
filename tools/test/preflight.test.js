// Every script says plainly what is missing (pnpm, an installed dependency, a build, Chromium) and what to run,
// and `pnpm test:unit` runs every jest project but the browser journeys.
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { MissingTool, need, needChromium, needFile, pnpmCommand, ROOT } = require('../preflight');

const INSTALL = '`npx -y pnpm@10.34.9 install`';
let tmp;
beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'preflight-'));
});
afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('pnpm', () => {
  test('the installed devDependency runs through this Node, whatever PATH holds', () => {
    const bin = path.join(tmp, 'node_modules/pnpm/bin');
    fs.mkdirSync(bin, { recursive: true });
    fs.writeFileSync(path.join(bin, 'pnpm.cjs'), '');
    expect(pnpmCommand({ root: tmp, env: { PATH: '' } })).toEqual([process.execPath, path.join(bin, 'pnpm.cjs')]);
  });

  test('not installed and not on PATH: the message says what to run', () => {
    expect(() => pnpmCommand({ root: tmp, env: { PATH: tmp } })).toThrow(MissingTool);
    expect(() => pnpmCommand({ root: tmp, env: { PATH: tmp } })).toThrow(`pnpm is not installed here and not on PATH: run ${INSTALL} first.`);
  });

  test('not installed but on PATH: that pnpm', () => {
    const fake = path.join(tmp, 'pnpm');
    fs.writeFileSync(fake, '#!/bin/sh\necho 10.34.9\n', { mode: 0o755 });
    expect(pnpmCommand({ root: tmp, env: { PATH: tmp } })).toEqual(['pnpm']);
  });

  test('this repository uses its own pnpm', () => {
    expect(pnpmCommand()).toEqual([process.execPath, path.join(ROOT, 'node_modules/pnpm/bin/pnpm.cjs')]);
  });
});

test('a dependency that is not installed is named with the install command', () => {
  expect(() => need('jest/bin/jest', { root: tmp, purpose: 'the test runner' })).toThrow(`jest is not installed (the test runner): run ${INSTALL} first.`);
  expect(() => need('@swc/core', { root: tmp })).toThrow(`@swc/core is not installed: run ${INSTALL} first.`);
  expect(need('jest/bin/jest')).toBe(require.resolve('jest/bin/jest', { paths: [ROOT] }));
});

test('a missing build output says which step makes it', () => {
  expect(() => needFile(path.join(ROOT, 'services/gateway/dist/missing.js'), 'build first with `pnpm build`')).toThrow(
    'services/gateway/dist/missing.js is missing: build first with `pnpm build`.',
  );
});

test('Chromium that is not there, or not a program, is said before anything starts', () => {
  const missing = path.join(tmp, 'chromium');
  expect(() => needChromium(missing)).toThrow(`Chromium is not at ${missing}: install it (on Debian \`apt-get install chromium\`) or set CHROMIUM_PATH`);
  fs.writeFileSync(missing, '', { mode: 0o644 });
  expect(() => needChromium(missing)).toThrow(MissingTool);
  expect(needChromium(process.execPath)).toBe(process.execPath);
});

test('every root script goes through a tool that checks what it needs', () => {
  const { scripts } = require('../../package.json');
  for (const [name, command] of Object.entries(scripts)) {
    for (const step of command.split('&&').map((s) => s.trim())) {
      expect([name, step]).toEqual([name, expect.stringMatching(/^node tools\/[a-z-]+\.js( |$)/)]);
      const tool = path.join(ROOT, step.split(' ')[1]);
      expect([name, fs.readFileSync(tool, 'utf8')]).toEqual([name, expect.stringContaining("require('./preflight')")]);
    }
  }
});

test('pnpm test:unit runs every jest project except the browser journeys', () => {
  expect(require('../../package.json').scripts['test:unit']).toBe('node tools/test.js --unit');
  const res = spawnSync(process.execPath, [path.join(ROOT, 'tools/test.js'), '--unit', '--listTests'], { cwd: ROOT, encoding: 'utf8' });
  expect(res.status).toBe(0);
  const files = res.stdout.split('\n').filter((l) => l.startsWith('/'));
  expect(files.filter((f) => f.includes(`${path.sep}e2e${path.sep}`))).toEqual([]);
  for (const pkg of ['shared/service-kit', 'services/checkout', 'mfe-catalog', 'host-shell', 'tools']) {
    expect([pkg, files.some((f) => f.startsWith(path.join(ROOT, pkg) + path.sep))]).toEqual([pkg, true]);
  }
});

test('the tools read the configuration schema from source, the provider and market names from contracts, with nothing built', () => {
  // A fresh process, as a tool starts: contracts must come from its TypeScript source, never from a dist a build left.
  const script = `
    const { envSchema } = require(${JSON.stringify(path.join(ROOT, 'tools/preflight'))});
    const values = envSchema().readEnv({ PAYMENT_PROVIDER: 'paypal', MARKET: 'IE' }, ['PAYMENT_PROVIDER', 'MARKET']);
    const contracts = Object.keys(require.cache).filter((f) => f.includes('/shared/contracts/') && !f.endsWith('package.json'));
    process.stdout.write(JSON.stringify({ values, fromSource: contracts.length > 0 && contracts.every((f) => f.includes('/shared/contracts/src/')) }));
  `;
  const run = spawnSync(process.execPath, ['-e', script], { cwd: ROOT, encoding: 'utf8' });
  expect(run.stderr).toBe('');
  expect(JSON.parse(run.stdout)).toEqual({ values: { PAYMENT_PROVIDER: 'paypal', MARKET: 'IE' }, fromSource: true });
});
