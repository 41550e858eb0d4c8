#!/usr/bin/env node
// node tools/serve-remote.js <dist-folder> <port> --allow-origin <shop origin> [--host <address>]
// Serves one built remote (its dist/ folder) from its own origin the way the shop needs it: CORS for the shop's
// origin on every file (the manifest is fetched, the entry and chunks are loaded as scripts), hashed files cached
// for a year, the manifest, remoteEntry.js and anything unhashed revalidated every time. The README's deploy
// section and the browser journey use it; a team's own server or CDN should send the same headers.
'use strict';

const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');

// the same rule as the gateway's: webpack names hashed files "<name>.<hash>.<ext>"
const HASHED = /[.-][0-9a-f]{8,}\.(js|css|png|jpe?g|webp|svg|woff2?)$/;
const TYPES = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** The headers a remote's file is served with from its own origin. */
function headersFor(file, allowOrigin) {
  return {
    'access-control-allow-origin': allowOrigin,
    vary: 'Origin',
    'cache-control': HASHED.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache',
    'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
    'x-content-type-options': 'nosniff',
  };
}

/**
 * Starts serving `dir` on `port` (0: any free port) for pages of `allowOrigin`. Resolves with the server and its
 * origin once it listens.
 */
function serveRemote({ dir, port, allowOrigin, host = '127.0.0.1' }) {
  const root = path.resolve(dir);
  const server = http.createServer((req, res) => {
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { 'access-control-allow-origin': allowOrigin, 'access-control-allow-methods': 'GET, HEAD', vary: 'Origin' });
      return res.end();
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' });
      return res.end();
    }
    let file;
    try {
      file = path.resolve(root, `.${decodeURIComponent(new URL(req.url, 'http://x').pathname)}`);
    } catch {
      file = '';
    }
    const inside = file.startsWith(root + path.sep);
    fs.stat(inside ? file : root, (err, stat) => {
      if (!inside || err || !stat.isFile()) {
        // the 404 carries CORS too, so the page's loader sees the status instead of a CORS error
        res.writeHead(404, { 'access-control-allow-origin': allowOrigin, 'cache-control': 'no-store', 'content-type': 'text/plain' });
        return res.end('Not found');
      }
      res.writeHead(200, { ...headersFor(file, allowOrigin), 'content-length': stat.size });
      if (req.method === 'HEAD') return res.end();
      fs.createReadStream(file).pipe(res);
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const { port: actual } = server.address();
      resolve({ server, origin: `http://${host.includes(':') ? `[${host}]` : host}:${actual}` });
    });
  });
}

module.exports = { serveRemote, headersFor };

if (require.main === module) {
  const args = process.argv.slice(2);
  const option = (name) => {
    const i = args.indexOf(`--${name}`);
    return i < 0 ? undefined : args.splice(i, 2)[1];
  };
  const allowOrigin = option('allow-origin');
  const host = option('host') ?? '127.0.0.1';
  const [dir, port] = args;
  if (!dir || !port || !allowOrigin || !/^\d+$/.test(port) || !fs.existsSync(path.join(dir, 'mf-manifest.json'))) {
    console.error('Usage: node tools/serve-remote.js <dist-folder with mf-manifest.json> <port> --allow-origin <shop origin> [--host <address>]');
    process.exit(2);
  }
  serveRemote({ dir, port: Number(port), allowOrigin, host }).then(
    ({ origin }) => console.log(`Serving ${path.resolve(dir)} at ${origin} for ${allowOrigin}: deploy ${origin}/mf-manifest.json`),
    (err) => {
      console.error(`Could not serve ${dir} on port ${port}: ${err.message}`);
      process.exit(1);
    },
  );
}
