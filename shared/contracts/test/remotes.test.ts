// REMOTE_EXPOSES is what the gateway requires of a remote build before it may go live; tsc keeps it equal to the
// *Exposes interfaces, and this keeps it equal to what each remote's webpack config actually exposes, so a local
// build can always be deployed and a missing module is caught here rather than at a deployment.
import fs from 'node:fs';
import path from 'node:path';
import { REMOTE_EXPOSES, REMOTES, type RemoteName } from '../src';

const ROOT = path.resolve(__dirname, '../../..');

/** The keys of the `exposes: { './X': … }` block of a remote's webpack config. */
function exposedBy(name: RemoteName): string[] {
  const config = fs.readFileSync(path.join(ROOT, `mfe-${REMOTES[name].folder}`, 'webpack.config.js'), 'utf8');
  const block = /exposes:\s*\{([^}]*)\}/.exec(config)?.[1] ?? '';
  return [...block.matchAll(/'(\.\/[A-Za-z]+)'\s*:/g)].map((m) => m[1]);
}

describe('REMOTE_EXPOSES', () => {
  it.each(Object.keys(REMOTES) as RemoteName[])('%s: exactly what its webpack config exposes', (name) => {
    expect(exposedBy(name).sort()).toEqual([...REMOTE_EXPOSES[name]].sort());
  });
});
