// react-router 7 needs these under jsdom (docs/architecture.md#toolchain-traps).
const { TextEncoder, TextDecoder } = require('node:util');
Object.assign(globalThis, { TextEncoder, TextDecoder });
