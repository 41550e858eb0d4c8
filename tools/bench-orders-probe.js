// Preloaded into the gateway by `pnpm bench:orders` (node --require), never by the shop itself: counts the HTTP
// requests the server receives (and those carrying the internal token, i.e. one service calling another), the
// embedded store's appends (lines added to a datafile, shared/db append-file.ts; per datafile too), the write calls
// that put them in the file (a durable store writes the lines of one turn together) and the flushes, and answers
// the bench's 'probe' message with them, the process's CPU time and its main thread's, so the bench can divide by
// purchases.
'use strict';

const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');

const counts = { requests: 0, internal: 0, appends: 0, writes: 0, flushes: 0, appendsByFile: {} };
const writeSync = fs.writeSync;
fs.writeSync = function countWrites(...args) {
  counts.writes++;
  return writeSync.apply(this, args);
};
// The store's group commit flushes with fs.fdatasync (shared/db append-file.ts): one per written datafile per flush.
const fdatasync = fs.fdatasync;
fs.fdatasync = function countFlushes(...args) {
  counts.flushes++;
  return fdatasync.apply(this, args);
};
// The store's appender, the same module the gateway loads (one copy: required by its real path), loaded after
// fs is patched: it keeps fs.fdatasync as it finds it.
const { DataFileAppender } = require(path.join(__dirname, '../shared/db/dist/append-file.js'));
const append = DataFileAppender.prototype.append;
DataFileAppender.prototype.append = function countAppends(text) {
  counts.appends++;
  const file = String(this.filename).split('/').slice(-2).join('/');
  counts.appendsByFile[file] = (counts.appendsByFile[file] ?? 0) + 1;
  return append.call(this, text);
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
