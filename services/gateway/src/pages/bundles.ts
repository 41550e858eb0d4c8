import fs from 'node:fs';
import Module, { isBuiltin } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import { REMOTES, type RemoteName } from '@pharmacy/contracts';
import { localFile } from '../remotes/manifest';
import type { RegistryEntry } from '../remotes/registry';
import type { HostRenderer, RemoteServerModules } from './types';

/** An app's server build sits beside its browser build (shared/webpack-config serverConfig). */
export const SERVER_BUILD = path.join('server', 'ssr.js');

interface Loaded<T> {
  mtimeMs: number;
  value: T | Error;
}

/**
 * Evaluates a CommonJS server build with `require` answering from `shared` first: a remote's server build takes
 * React, the router, styled-components and the shop's singletons from the host's, so that one of each renders the
 * page (in the browser Module Federation does the same). Anything else it asks for is a Node built-in or an error.
 */
function evaluate(file: string, shared?: Readonly<Record<string, unknown>>): unknown {
  const source = fs.readFileSync(file, 'utf8');
  const mod = { exports: {} as unknown };
  const fallback = Module.createRequire(file);
  const localRequire = (id: string): unknown => {
    if (shared && Object.prototype.hasOwnProperty.call(shared, id)) return shared[id];
    if (shared && !isBuiltin(id)) throw new Error(`${file} needs "${id}", which the host's server build does not share`);
    return fallback(id);
  };
  const wrapper = vm.runInThisContext(Module.wrap(source), { filename: file }) as (
    exports: unknown,
    require: (id: string) => unknown,
    module: { exports: unknown },
    filename: string,
    dirname: string,
  ) => void;
  wrapper(mod.exports, localRequire, mod, file, path.dirname(file));
  return mod.exports;
}

/** Loads a file once per version on disk (a build replaced in place is loaded again); a failure is kept as an Error. */
function loadVersioned<T>(cache: Map<string, Loaded<T>>, file: string, load: () => T): T | Error {
  let mtimeMs: number;
  try {
    mtimeMs = fs.statSync(file).mtimeMs;
  } catch (error) {
    cache.delete(file);
    return error instanceof Error ? error : new Error(String(error));
  }
  const cached = cache.get(file);
  if (cached && cached.mtimeMs === mtimeMs) return cached.value;
  let value: T | Error;
  try {
    value = load();
  } catch (error) {
    value = error instanceof Error ? error : new Error(String(error));
  }
  cache.set(file, { mtimeMs, value });
  return value;
}

function isHostRenderer(value: unknown): value is HostRenderer {
  const v = value as Partial<HostRenderer> | null;
  return !!v && typeof v.renderPage === 'function' && typeof v.configureServerApi === 'function' && typeof v.sharedModules === 'object';
}

const manifestUrlOf = (name: RemoteName, live: RegistryEntry | undefined) => live?.manifestUrl ?? `/mfe/${REMOTES[name].folder}/mf-manifest.json`;

/**
 * The server builds of the host and of the live remotes, as the page renderer needs them. A remote's server build
 * is the one beside its live browser build (the registry's manifest), so a deployment or a rollback changes both.
 */
export class ServerBuilds {
  private readonly hosts = new Map<string, Loaded<HostRenderer>>();
  private readonly remotes = new Map<string, Loaded<RemoteServerModules>>();
  private configured: HostRenderer | undefined;

  constructor(
    private readonly root: string,
    private readonly configure: (host: HostRenderer) => void,
  ) {}

  /** The host's renderer, or why there is none (not built, or it failed to load). */
  host(): HostRenderer | Error {
    const file = path.join(this.root, 'host-shell', 'dist', SERVER_BUILD);
    const host = loadVersioned(this.hosts, file, () => {
      const value = evaluate(file);
      if (!isHostRenderer(value)) throw new Error(`${file} is not the host's server build`);
      return value;
    });
    if (!(host instanceof Error) && host !== this.configured) {
      this.configure(host);
      this.configured = host;
    }
    return host;
  }

  /**
   * The exposed modules of `name`'s live build, or why they cannot be rendered here: a build on another origin has
   * no server build this gateway can load, and its slots are rendered in the browser.
   */
  remote(name: RemoteName, live: RegistryEntry | undefined, host: HostRenderer): RemoteServerModules | Error {
    const file = this.serverFileOf(name, live);
    if (!file) return new Error(`${name} is served from ${manifestUrlOf(name, live)}: rendered in the browser`);
    return loadVersioned(this.remotes, file, () => evaluate(file, host.sharedModules) as RemoteServerModules);
  }

  /** Where the server build of `name`'s live build is; none for a build on another origin. */
  serverFileOf(name: RemoteName, live: RegistryEntry | undefined): string | undefined {
    const manifest = localFile(this.root, manifestUrlOf(name, live));
    return manifest ? path.join(path.dirname(manifest), SERVER_BUILD) : undefined;
  }

  /**
   * Which remote's server code `error` was thrown from, by its stack (a server build is evaluated under its own file
   * name): a slot whose remote threw on the server fell back to the browser. Undefined for the host's own errors.
   */
  remoteThatThrew(error: unknown, served: ReadonlyMap<RemoteName, RegistryEntry>): RemoteName | undefined {
    // read by shape: the build's code may run in another realm than this module's (jest's sandbox), where instanceof fails
    const stack = (error as { stack?: unknown } | null)?.stack;
    if (typeof stack !== 'string') return undefined;
    for (const [name, live] of served) {
      const file = this.serverFileOf(name, live);
      if (file && stack.includes(file)) return name;
    }
    return undefined;
  }
}
