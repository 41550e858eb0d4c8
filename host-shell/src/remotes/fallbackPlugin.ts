import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { FAILED_REMOTE } from '@pharmacy/contracts';
import { FailedRemote } from './RemoteUnavailable';
export interface FailedRemoteModule {
  default: typeof FailedRemote;
  [FAILED_REMOTE]: true;
}
export const failedRemoteModule: FailedRemoteModule = { default: FailedRemote, [FAILED_REMOTE]: true };

export const isFailedRemoteModule = (mod: unknown): mod is FailedRemoteModule =>
  typeof mod === 'object' && mod !== null && FAILED_REMOTE in mod;

/**
 * Runtime plugin: a remote that cannot be loaded (manifest, entry or chunk unreachable, or not registered at all)
 * becomes a module whose component shows the slot's fallback, instead of a rejected import that would take the
 * page down.
 */
export function remoteFallbackPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'pharmacy-remote-fallback',
    errorLoadRemote({ id, error, lifecycle }) {
      // Only the final 'onLoad' stage expects a module back; earlier stages (beforeRequest, afterResolve) would
      // take the return value as request arguments or as the manifest itself. Their errors reach 'onLoad' anyway.
      if (lifecycle !== 'onLoad') return undefined;
      console.warn(`[remotes] ${id} is unavailable`, error);
      return failedRemoteModule;
    },
  };
}
