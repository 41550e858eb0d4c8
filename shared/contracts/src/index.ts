export * from './envelope';
export * from './http';
export * from './remotes';
export * from './account';
export * from './catalog';
export * from './checkout';
export * from './safety';
