import fs from 'node:fs';
import path from 'node:path';

/**
 * The version of each shared package the host provides, as its build recorded them (host-shell/dist/mf-manifest.json).
 * Read again whenever that file changes, so a host deployed without a restart is what new remotes are checked
 * against. Without a built host (a development server), the versions installed for host-shell stand in.
 */
export function hostSharedVersions(root: string): () => ReadonlyMap<string, string> {
  const manifestFile = path.join(root, 'host-shell', 'dist', 'mf-manifest.json');
  let cached: { mtimeMs: number; versions: Map<string, string> } | undefined;
  return () => {
    let mtimeMs = -1;
    try {
      mtimeMs = fs.statSync(manifestFile).mtimeMs;
    } catch {
      /* not built */
    }
    if (cached?.mtimeMs === mtimeMs) return cached.versions;
    const versions = mtimeMs < 0 ? installedVersions(path.join(root, 'host-shell')) : builtVersions(manifestFile);
    cached = { mtimeMs, versions };
    return versions;
  };
}

function builtVersions(file: string): Map<string, string> {
  try {
    const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as { shared?: Array<{ name?: unknown; version?: unknown }> };
    return new Map(
      (manifest.shared ?? []).flatMap((s) => (typeof s.name === 'string' && typeof s.version === 'string' ? [[s.name, s.version] as [string, string]] : [])),
    );
  } catch {
    return new Map();
  }
}

function installedVersions(hostDir: string): Map<string, string> {
  const versions = new Map<string, string>();
  let deps: Record<string, string> = {};
  try {
    deps = (JSON.parse(fs.readFileSync(path.join(hostDir, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> }).dependencies ?? {};
  } catch {
    return versions;
  }
  for (const name of Object.keys(deps)) {
    try {
      const pkg = require.resolve(`${name}/package.json`, { paths: [hostDir] });
      versions.set(name, (JSON.parse(fs.readFileSync(pkg, 'utf8')) as { version: string }).version);
    } catch {
      /* a package without an exported package.json is not a shared singleton candidate */
    }
  }
  return versions;
}
