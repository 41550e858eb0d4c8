// Preloaded into the gateway by `pnpm bench:orders` (node --require), never by the shop itself: counts the HTTP
// requests the server receives (and those carrying the internal token, i.e. one service calling another) and the
// embedded store's appends (each is one fs.writeSync, shared/db append-file.ts), and answers the bench's 'probe'
// message with them and the process's CPU time, so the bench can divide by purchases.
'use strict';

const fs = require('node:fs');
const http = require('node:http');

const counts = { requests: 0, internal: 0, appends: 0 };
const writeSync = fs.writeSync;
fs.writeSync = function countAppends(...args) {
  counts.appends++;
  return writeSync.apply(this, args);
};
const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function countRequests(event, request, ...rest) {
  if (event === 'request') {
    counts.requests++;
    if (request.headers['x-internal-token']) counts.internal++;
  }
  return emit.call(this, event, request, ...rest);
};

process.on('message', (message) => {
  if (message === 'probe' && process.send) process.send({ ...counts, cpu: process.cpuUsage(), rss: process.memoryUsage().rss });
});
