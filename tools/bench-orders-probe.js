// Preloaded into the gateway by `pnpm bench:orders` (node --require), never by the shop itself: counts the HTTP
// requests the server receives (and those carrying the internal token, i.e. one service calling another) and the
// embedded store's appends (each is one fs.writeSync, shared/db append-file.ts; per datafile too) and flushes, and answers the bench's 'probe'
// message with them and the process's CPU time, so the bench can divide by purchases.
'use strict';

const fs = require('node:fs');
const http = require('node:http');

const counts = { requests: 0, internal: 0, appends: 0, flushes: 0, appendsByFile: {} };
// Which datafile each descriptor is (the store opens them with openSync), so appends are counted per collection.
const files = new Map();
const openSync = fs.openSync;
fs.openSync = function namePaths(file, ...rest) {
  const fd = openSync.call(this, file, ...rest);
  files.set(fd, String(file).split('/').slice(-2).join('/'));
  return fd;
};
const writeSync = fs.writeSync;
fs.writeSync = function countAppends(fd, ...args) {
  counts.appends++;
  const file = files.get(fd) ?? '?';
  counts.appendsByFile[file] = (counts.appendsByFile[file] ?? 0) + 1;
  return writeSync.call(this, fd, ...args);
};
// The store's group commit flushes with fs.fdatasync (shared/db append-file.ts): one per written datafile per flush.
const fdatasync = fs.fdatasync;
fs.fdatasync = function countFlushes(...args) {
  counts.flushes++;
  return fdatasync.apply(this, args);
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
