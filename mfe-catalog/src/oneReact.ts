// Test-only proof that this remote runs on the host's React (docs/architecture.md#toolchain-traps): webpack-config evaluates this
// module before every exposed module; the browser test compares window.__PHARMACY_REACT__ entries with ===.
import React from 'react';

declare global {
  interface Window {
    __PHARMACY_E2E__?: boolean;
    __PHARMACY_REACT__?: Record<string, unknown>;
  }
}

if (typeof window !== 'undefined' && window.__PHARMACY_E2E__) {
  window.__PHARMACY_REACT__ = { ...window.__PHARMACY_REACT__, catalog: React };
}

export {};
