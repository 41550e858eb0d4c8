// react-router 7 needs these under jsdom (ARCHITECTURE §8).
const { TextEncoder, TextDecoder } = require('node:util');
Object.assign(globalThis, { TextEncoder, TextDecoder });
