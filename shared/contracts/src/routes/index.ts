export * from './route';
export * from './account';
export * from './catalog';
export * from './checkout';
export * from './remotes';
