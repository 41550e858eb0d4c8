// findBy*/waitFor give up after 1 s by default. While the browser journeys (or a build) load the machine's 2
// cores, a healthy saga-driven screen can take longer to settle, and such runs failed correct tests. A screen that
// never shows what a test waits for still fails, after 5 s.
require('@testing-library/dom').configure({ asyncUtilTimeout: 5000 });
