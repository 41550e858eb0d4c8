// Every package keeps its tests in test/: the jest preset only looks there, so a test file left under src/
// would never run. This finds any such file and names it.
const fs = require('node:fs');
const path = require('node:path');

const root = path.join(__dirname, '..', '..');
const packages = ['shared', 'services']
  .flatMap((d) => fs.readdirSync(path.join(root, d)).map((n) => path.join(d, n)))
  .concat(['host-shell', 'mfe-catalog', 'mfe-cart-checkout', 'mfe-account', 'mfe-admin'])
  .filter((d) => fs.existsSync(path.join(root, d, 'package.json')));

function testsUnder(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : testsUnder(full);
    return /\.test\.[jt]sx?$/.test(entry.name) ? [path.relative(root, full)] : [];
  });
}

describe('test layout', () => {
  it('finds the packages it checks', () => {
    expect(packages).toEqual(expect.arrayContaining(['host-shell', 'mfe-admin', 'shared/ui', 'services/catalog']));
  });

  it('keeps no test file under any package src/ (the preset runs test/ only)', () => {
    expect(packages.flatMap((p) => testsUnder(path.join(root, p, 'src')))).toEqual([]);
  });
});
