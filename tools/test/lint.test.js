// pnpm lint: ESLint covers every package's sources and tests, the tools and the browser journeys (never a build
// output), refuses the hook mistakes React cannot survive, fails on any finding, and the test command stops on it.
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { ROOT } = require('../preflight');

const LINT = path.join(ROOT, 'tools/lint.js');

/**
 * Which of `files` (relative to the root) ESLint would skip: ignored, or matched by no configuration. Asked in a
 * child Node because the config is an ES module, which jest's CommonJS runtime cannot import.
 */
const skipped = (files) => {
  const script = `const { ESLint } = require('eslint');
const eslint = new ESLint({ cwd: process.cwd() });
(async () => {
  const out = [];
  for (const f of JSON.parse(require('fs').readFileSync(0, 'utf8'))) {
    if ((await eslint.isPathIgnored(f)) || !(await eslint.calculateConfigForFile(f))) out.push(f);
  }
  console.log(JSON.stringify(out));
})();`;
  const res = spawnSync(process.execPath, ['-e', script], { cwd: ROOT, input: JSON.stringify(files), encoding: 'utf8' });
  if (res.status !== 0) throw new Error(res.stderr);
  return JSON.parse(res.stdout);
};

/** Lints `code` as if it were the file at `file` (relative to the root), through `pnpm lint`'s own script. */
const lintAs = (file, code) =>
  spawnSync(process.execPath, [LINT, '--stdin', '--stdin-filename', file], { cwd: ROOT, input: code, encoding: 'utf8' });

test('pnpm lint runs the linter through a tool that checks it is installed', () => {
  expect(require('../../package.json').scripts.lint).toBe('node tools/lint.js');
  expect(fs.readFileSync(LINT, 'utf8')).toContain("'--max-warnings', '0'");
});

test("every package's sources and tests, the tools and the journeys are linted; build outputs are not", async () => {
  // The workspace packages (pnpm-workspace.yaml): host-shell, mfe-*, services/*, shared/*, e2e.
  const children = (dir) => fs.readdirSync(path.join(ROOT, dir)).map((n) => `${dir}/${n}`);
  const workspaces = ['host-shell', 'e2e', ...fs.readdirSync(ROOT).filter((n) => n.startsWith('mfe-')), ...children('services'), ...children('shared')]
    .filter((d) => fs.existsSync(path.join(ROOT, d, 'package.json')));
  expect(workspaces.length).toBeGreaterThanOrEqual(15);
  const files = [];
  for (const pkg of workspaces) {
    for (const dir of ['src', 'test', 'bench', 'setup']) {
      const abs = path.join(ROOT, pkg, dir);
      if (fs.existsSync(abs)) files.push(...fs.readdirSync(abs, { recursive: true }).filter((f) => /\.(ts|tsx|js)$/.test(f)).slice(0, 3).map((f) => path.join(pkg, dir, f)));
    }
  }
  files.push('tools/test.js', 'tools/test/lint.test.js', 'tools/preflight.d.ts', 'jest.preset.js', 'host-shell/webpack.config.js', 'shared/webpack-config/react-router-dom.mjs');
  expect(files.filter((f) => f.startsWith('services/catalog/bench/')).length).toBeGreaterThan(0);
  expect(files.filter((f) => f.startsWith('e2e/test/')).length).toBeGreaterThan(0);
  expect(skipped(files)).toEqual([]);
  const outputs = ['services/gateway/dist/server.js', 'mfe-catalog/dist/main.js', 'shared/ui/node_modules/x/index.js', 'shared/db/coverage/lcov-report/prettify.js'];
  expect(skipped(outputs)).toEqual(outputs);
});

const CONDITIONAL_HOOK = `import { useState } from 'react';
export function Badge({ show }: { show: boolean }) {
  if (!show) return null;
  const [n] = useState(0);
  return <span>{n}</span>;
}
`;
const MISSING_DEPENDENCY = `import { useEffect } from 'react';
export function Title({ text }: { text: string }) {
  useEffect(() => {
    document.title = text;
  }, []);
  return null;
}
`;

test('a hook called conditionally fails pnpm lint', () => {
  const res = lintAs('mfe-catalog/src/Probe.tsx', CONDITIONAL_HOOK);
  expect(res.status).toBe(1);
  expect(res.stdout).toContain('React Hook "useState" is called conditionally');
  expect(res.stdout).toContain('react-hooks/rules-of-hooks');
});

test('an effect missing a dependency fails pnpm lint; naming it passes', () => {
  const res = lintAs('host-shell/src/Probe.tsx', MISSING_DEPENDENCY);
  expect(res.status).toBe(1);
  expect(res.stdout).toContain("React Hook useEffect has a missing dependency: 'text'");
  const fixed = lintAs('host-shell/src/Probe.tsx', MISSING_DEPENDENCY.replace('}, []);', '}, [text]);'));
  expect([fixed.status, fixed.stdout]).toEqual([0, '']);
});

test("a service's leftovers fail pnpm lint: an unused name, a console.log, a type imported as a value", () => {
  const code = `import { FastifyInstance } from 'fastify';
export function total(app: FastifyInstance, lines: number[], currency: string) {
  const unused = 1;
  console.log(lines);
  return lines.length;
}
`;
  const res = lintAs('services/checkout/src/probe.ts', code);
  expect(res.status).toBe(1);
  expect(res.stdout).toContain("'unused' is assigned a value but never used");
  expect(res.stdout).toContain("'currency' is defined but never used");
  expect(res.stdout).toContain('no-console');
  expect(res.stdout).toContain('@typescript-eslint/consistent-type-imports');
});

test('an inline disable without a reason fails pnpm lint', () => {
  const res = lintAs('shared/db/src/probe.ts', '// eslint-disable-next-line @typescript-eslint/no-explicit-any\nexport const raw: any = 1;\n');
  expect(res.status).toBe(1);
  expect(res.stdout).toContain('eslint-comments/require-description');
});

describe('the test command', () => {
  let tmp;
  beforeEach(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lint-step-'));
  });
  afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

  /** Runs tools/test.js with the type-check, the lint and jest replaced by stand-ins answering `statuses`. */
  const testCommand = (statuses) => {
    const stub = path.join(tmp, 'stub.js');
    fs.writeFileSync(
      stub,
      `const cp = require('node:child_process');
const statuses = ${JSON.stringify(statuses)};
cp.spawnSync = (cmd, argv) => {
  const step = argv[0].includes('tsc') ? 'typecheck' : argv[0].endsWith('lint.js') ? 'lint' : 'jest';
  console.log('step ' + step);
  return { status: statuses[step] };
};
`,
    );
    return spawnSync(process.execPath, ['--require', stub, path.join(ROOT, 'tools/test.js')], { cwd: ROOT, encoding: 'utf8' });
  };

  test('lints after the type-check; a lint failure stops it with "lint: 0 passed, 1 failed" and exit 1', () => {
    const res = testCommand({ typecheck: 0, lint: 1, jest: 0 });
    expect(res.status).toBe(1);
    expect(res.stdout.match(/^step \w+$/gm)).toEqual(['step typecheck', 'step lint']);
    expect(res.stdout.trim().split('\n').pop()).toBe('lint: 0 passed, 1 failed');
  });

  test('a type-check failure stops it before the lint', () => {
    const res = testCommand({ typecheck: 2, lint: 0, jest: 0 });
    expect(res.status).toBe(1);
    expect(res.stdout.match(/^step \w+$/gm)).toEqual(['step typecheck']);
    expect(res.stdout.trim().split('\n').pop()).toBe('typecheck: 0 passed, 1 failed');
  });

  test('a clean lint goes on to jest', () => {
    const res = testCommand({ typecheck: 0, lint: 0, jest: 0 });
    expect(res.stdout.match(/^step \w+$/gm)).toEqual(['step typecheck', 'step lint', 'step jest']);
  });
});

// docs/architecture.md#how-the-code-is-cut: what crosses a vertical goes through contracts, an /internal route or a
// remote's exposed module, never an import.
describe('the boundaries between packages', () => {
  test('a service importing another service fails pnpm lint', () => {
    const res = lintAs('services/checkout/src/orders/probe.ts', "import { openCatalogService } from '@pharmacy/catalog-service';\nexport const open = openCatalogService;\n");
    expect(res.status).toBe(1);
    expect(res.stdout).toContain("'@pharmacy/catalog-service' import is restricted");
    expect(res.stdout).toContain('no-restricted-imports');
  });

  test('a remote importing another remote, and a service importing a remote, fail pnpm lint', () => {
    const remote = lintAs('mfe-catalog/src/Probe.tsx', "import Cart from '@pharmacy/mfe-cart-checkout';\nexport const C = Cart;\n");
    expect([remote.status, remote.stdout]).toEqual([1, expect.stringContaining("'@pharmacy/mfe-cart-checkout' import is restricted")]);
    const service = lintAs('services/account/src/probe.ts', "import { App } from '@pharmacy/mfe-account';\nexport const A = App;\n");
    expect([service.status, service.stdout]).toEqual([1, expect.stringContaining('A service never imports browser code')]);
  });

  test('a deep import into another package fails pnpm lint, in tests too; its public name passes', () => {
    const deep = lintAs('services/gateway/test/probe.test.ts', "import { quote } from '@pharmacy/catalog-service/src/stock/quote';\nexport const q = quote;\n");
    expect([deep.status, deep.stdout]).toEqual([1, expect.stringContaining("'@pharmacy/catalog-service/src/stock/quote' import is restricted")]);
    const named = lintAs('services/checkout/src/probe.ts', "import { ok } from '@pharmacy/service-kit';\nexport const o = ok;\n");
    expect([named.status, named.stdout]).toEqual([0, '']);
  });

  test('the gateway loads a service by import() only, so distributed mode runs without it', () => {
    const fixed = lintAs('services/gateway/src/probe.ts', "import { openCatalogService } from '@pharmacy/catalog-service';\nexport const open = openCatalogService;\n");
    expect([fixed.status, fixed.stdout]).toEqual([1, expect.stringContaining('import()')]);
    const lazy = lintAs('services/gateway/src/probe.ts', "export const open = () => import('@pharmacy/catalog-service');\n");
    expect([lazy.status, lazy.stdout]).toEqual([0, '']);
  });
});

test("a collection opened outside its feature's store fails pnpm lint; inside the store it passes", () => {
  const code = "import type { DocumentStore } from '@pharmacy/db';\nexport const wipe = (store: DocumentStore, userId: string) => store.collection('tickets').deleteMany({ userId });\n";
  const outside = lintAs('services/account/src/erasure/probe.ts', code);
  expect([outside.status, outside.stdout]).toEqual([1, expect.stringContaining("Open a collection in its feature's store")]);
  const inside = lintAs('services/account/src/tickets/store.ts', code);
  expect([inside.status, inside.stdout]).toEqual([0, '']);
});
