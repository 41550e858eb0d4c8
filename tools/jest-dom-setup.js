// react-router 7 needs these under jsdom (docs/architecture.md#toolchain-traps).
const util = require('node:util');
Object.assign(globalThis, { TextEncoder: util.TextEncoder, TextDecoder: util.TextDecoder });
