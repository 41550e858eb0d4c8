// Test-only proof that a remote runs on the host's React (docs/architecture.md#toolchain-traps): prepends to each
// exposed module a line that imports React exactly as that module does (same folder, so the same share-scope
// lookup) and, when the browser test has set window.__PHARMACY_E2E__, records it under the remote's name; the
// test compares every recorded React with the host's by ===. Generated here rather than kept as a file in each
// remote, and never a shared package: a shared module would import the host's React and prove nothing.
// Kept on the first line so line numbers do not move.
'use strict';

/** The line prepended to an exposed module of the remote `name`. */
function recordReactLine(name) {
  const key = JSON.stringify(name);
  return (
    'import __pharmacyRecordedReact from "react";' +
    'if (typeof window !== "undefined" && window.__PHARMACY_E2E__) ' +
    `window.__PHARMACY_REACT__ = Object.assign({}, window.__PHARMACY_REACT__, { [${key}]: __pharmacyRecordedReact });`
  );
}

function recordReactLoader(source, map) {
  const { name } = this.getOptions();
  this.callback(null, recordReactLine(name) + source, map);
}

module.exports = recordReactLoader;
module.exports.recordReactLine = recordReactLine;
