import React from 'react';
import { recordHostReact } from '../src/oneReact';

afterEach(() => {
  delete window.__PHARMACY_E2E__;
  delete window.__PHARMACY_REACT__;
});

describe('one-React proof', () => {
  it('records the React the host imported when the browser test asks for it, keeping remotes already recorded', () => {
    const remoteReact = {};
    window.__PHARMACY_E2E__ = true;
    window.__PHARMACY_REACT__ = { catalog: remoteReact };
    recordHostReact();
    expect(window.__PHARMACY_REACT__?.host).toBe(React);
    expect(window.__PHARMACY_REACT__?.catalog).toBe(remoteReact);
  });

  it('leaves no global behind in normal use', () => {
    recordHostReact();
    expect(window.__PHARMACY_REACT__).toBeUndefined();
  });
});
