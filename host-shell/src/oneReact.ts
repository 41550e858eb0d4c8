// Test-only: the browser test sets window.__PHARMACY_E2E__ before load and compares the React the host imported
// with the one each remote imported (a duplicate React is silent until a hook breaks: docs/architecture.md#toolchain-traps).
import React from 'react';

declare global {
  interface Window {
    __PHARMACY_E2E__?: boolean;
    __PHARMACY_REACT__?: Record<string, unknown>;
  }
}

export function recordHostReact(): void {
  if (typeof window !== 'undefined' && window.__PHARMACY_E2E__) {
    window.__PHARMACY_REACT__ = { ...window.__PHARMACY_REACT__, host: React };
  }
}
