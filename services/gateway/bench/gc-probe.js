// Preloaded into the gateway by pnpm bench:gateway (node --expose-gc -r gc-probe.js dist/server.js): records every
// garbage-collection pause (perf_hooks 'gc' entries: the time the main thread stood still) and the resident memory,
// and answers the benchmark over the IPC channel fork() opened. Nothing here changes how the gateway runs.
const { constants } = require('node:perf_hooks');

const KINDS = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'scavenge',
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'mark-compact',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental marking',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak callbacks',
};

const REST_MS = 10_000;

let stats;
const reset = () => (stats = { pauses: 0, totalMs: 0, maxMs: 0, maxKind: '', peakRss: process.memoryUsage.rss() });
reset();

new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    stats.pauses++;
    stats.totalMs += entry.duration;
    if (entry.duration > stats.maxMs) {
      stats.maxMs = entry.duration;
      stats.maxKind = KINDS[entry.detail?.kind] ?? String(entry.detail?.kind);
    }
  }
}).observe({ entryTypes: ['gc'] });

setInterval(() => (stats.peakRss = Math.max(stats.peakRss, process.memoryUsage.rss())), 100).unref();

const memory = () => {
  const m = process.memoryUsage();
  const spaces = Object.fromEntries(require('node:v8').getHeapSpaceStatistics().map((s) => [s.space_name, Math.round(s.space_used_size / 1048576)]));
  return { rss: m.rss, heapUsed: m.heapUsed, heapTotal: m.heapTotal, external: m.external + m.arrayBuffers, spaces };
};

process.on('message', (message) => {
  if (message === 'rest') {
    // At rest: idle for REST_MS (V8's memory reducer gives back the heap the load needed only while loading, as
    // it does in a gateway nobody is using yet), then what stays after a full collection (twice: the first may
    // leave work for finalizers).
    global.gc();
    setTimeout(() => {
      global.gc();
      global.gc();
      setTimeout(() => process.send({ rest: memory() }), 300);
    }, REST_MS);
  } else if (message === 'reset') {
    // Delivered after the forced collections above, so they are not counted as pauses of the load.
    setTimeout(() => {
      reset();
      process.send({ reset: true });
    }, 200);
  } else if (message === 'stats') {
    // Entries are delivered asynchronously: give the last ones a moment to arrive.
    setTimeout(() => process.send({ stats: { ...stats, ...memory() } }), 200);
  }
});
