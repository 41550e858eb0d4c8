// What the browser bundles of the contracts: every constant, rule and helper, and the schemas' types only.
// The schemas themselves (and TypeBox, ~10 KB gzip) serve the services' validation; the web apps never run
// them, and as a federation singleton this package would ship them whole on every first page load.
// Webpack picks this entry through the "browser" export condition; tsc and the tests use index.ts, so code
// that needs a schema at run time in the browser type-checks but fails its webpack build (a missing export).
export * from './http';
export * from './remotes';
export * from './safety';
export * from './staff';
export * from './pharmacist.rules';
export type * from './pharmacist';
export * from './returnTo';
export * from './account.rules';
export * from './format';
export * from './text.rules';
export * from './catalog.rules';
export * from './checkout.rules';
export * from './prescriptions.rules';
export * from './recalls.rules';
export * from './market/codes';
// The pages take the market from the server (useMarket); the definitions are here for the browser-side tests and
// stay out of every bundle that does not import them (sideEffects: false).
export * from './market/markets';
export * from './market/address';
export * from './market/phone';
export * from './market/words';
// The pharmacy's clock: the footer says since when the responsible pharmacist is away.
export { timeOfDayIn } from './market/day';
export type * from './market/schema';
export type * from './envelope';
export type * from './account';
export type * from './catalog';
export type * from './checkout';
export type * from './prescriptions';
export type * from './recalls';
export type * from './remote-registry';
export type * from './audit';
export * from './routes';
