import { transformSync } from '@swc/core';
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the loader is a CommonJS file without types, typed here
const loader = require('../record-react-loader') as (this: LoaderContext, source: string, map?: unknown) => void;

interface LoaderContext {
  getOptions(): { name: string };
  callback(error: Error | null, source: string, map?: unknown): void;
}

type Win = { __PHARMACY_E2E__?: boolean; __PHARMACY_REACT__?: Record<string, unknown> };

/** Runs an exposed module the way a remote's build does: through the loader, then compiled and evaluated. */
function runExposed(name: string, source: string, win: Win, react: object) {
  let output = '';
  loader.call({ getOptions: () => ({ name }), callback: (_error, code) => (output = code) }, source);
  const { code } = transformSync(output, {
    jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' },
    module: { type: 'commonjs' },
  });
  const module = { exports: {} as Record<string, unknown> };
  const requireStub = (request: string) => {
    if (request === 'react') return react;
    throw new Error(`unexpected import ${request}`);
  };
  new Function('window', 'require', 'module', 'exports', code)(win, requireStub, module, module.exports);
  return { output, exports: module.exports };
}

const exposedPage = `import { useState } from 'react';\nexport default function Page() { return useState; }\n`;

describe('one-React proof: what every exposed module records', () => {
  it('records the React the exposed module imports under the remote’s name, beside what others recorded', () => {
    const hostReact = { useState: () => null };
    const remoteReact = { useState: () => null };
    const win: Win = { __PHARMACY_E2E__: true, __PHARMACY_REACT__: { host: hostReact } };
    const { exports } = runExposed('cartCheckout', exposedPage, win, remoteReact);
    expect(win.__PHARMACY_REACT__).toEqual({ host: hostReact, cartCheckout: remoteReact });
    expect(win.__PHARMACY_REACT__?.cartCheckout).toBe(remoteReact);
    // the page itself is untouched: it runs on the same React it recorded
    expect((exports.default as () => unknown)()).toBe(remoteReact.useState);
  });

  it('leaves no global behind in normal use', () => {
    const win: Win = {};
    runExposed('admin', exposedPage, win, {});
    expect(win.__PHARMACY_REACT__).toBeUndefined();
  });

  it('keeps the exposed module’s line numbers (everything it adds is on the first line)', () => {
    const { output } = runExposed('catalog', exposedPage, {}, {});
    expect(output.split('\n').length).toBe(exposedPage.split('\n').length);
    expect(output.split('\n').slice(1)).toEqual(exposedPage.split('\n').slice(1));
  });
});
