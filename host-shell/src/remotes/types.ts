import type { RemoteExposes, RemoteModuleId, RemoteName } from '@pharmacy/contracts';

/** The contract type of a remote module id, e.g. ModuleOf<'catalog/SearchBox'> is CatalogExposes['./SearchBox']. */
export type ModuleOf<Id extends RemoteModuleId> = Id extends `${infer R extends RemoteName}/${infer M}`
  ? `./${M}` extends keyof RemoteExposes[R]
    ? RemoteExposes[R][`./${M}`]
    : never
  : never;

/** The props the contract gives the module's default export. */
export type PropsOf<Id extends RemoteModuleId> = ModuleOf<Id> extends { default: (props: infer P) => unknown } ? P : never;

export const remoteNameOf = (id: RemoteModuleId): RemoteName => id.slice(0, id.indexOf('/')) as RemoteName;
