// Preloaded into the gateway by `pnpm bench:orders` (node --require), never by the shop itself: counts the HTTP
// requests the server receives (and those carrying the internal token, i.e. one service calling another) and the
// embedded store's appends (each is one fs.writeSync, shared/db append-file.ts; per datafile too) and flushes, and answers the bench's 'probe'
// message with them, the process's CPU time and its main thread's, so the bench can divide by purchases.
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

// With a profile file named in the probe message, the CPU profile covers only the timed part: it starts at the first
// probe and is written at the second (start-up, sign-ups and warm-up would otherwise hide what a purchase costs).
let session = null;
let probes = 0;
function profile(profileFile) {
  if (!profileFile) return Promise.resolve();
  const inspector = require('node:inspector');
  const post = (method) => new Promise((resolve, reject) => session.post(method, (err, result) => (err ? reject(err) : resolve(result))));
  if (++probes === 1) {
    session = new inspector.Session();
    session.connect();
    return post('Profiler.enable').then(() => post('Profiler.start'));
  }
  if (probes === 2) return post('Profiler.stop').then(({ profile: p }) => fs.writeFileSync(profileFile, JSON.stringify(p)));
  return Promise.resolve();
}

// The event loop's own thread (the one that must keep up: JavaScript runs there), apart from GC helpers and the
// thread pool that process.cpuUsage also counts: Linux's per-thread times, in clock ticks (100 per second).
function mainThreadCpuMs() {
  try {
    const stat = fs.readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN; // not Linux: the bench prints no figure
  }
}

process.on('message', (message) => {
  if (!message || message.probe !== true || !process.send) return;
  // Counted before the profiler starts and after it stops, so its own cost stays out of the figures.
  const snapshot = { ...counts, appendsByFile: { ...counts.appendsByFile }, cpu: process.cpuUsage(), mainThreadCpuMs: mainThreadCpuMs(), rss: process.memoryUsage().rss };
  profile(message.profileFile).then(() => process.send(snapshot));
});
