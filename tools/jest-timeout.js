// Form tests type field by field through user-event; while the browser journeys share the machine's 2 cores
// one can take several seconds, and jest's 5 s default failed healthy tests. A hung test still fails, later.
// (Set here because jest ignores `testTimeout` in a project's config.)
jest.setTimeout(30_000);
