#!/usr/bin/env node
// pnpm remote list | deploy <remote> <manifestUrl> | rollback <remote> | canary <remote> <manifestUrl> --percent N |
// promote <remote> | abort <remote> [--note text]: a team's pipeline moves its remote in the
// gateway's registry (docs/operations.md#deploying-a-remote). Plain Node, no build: it calls the registry's API with
// the remote's deploy token and prints the answer; the gateway checks everything. Exit codes: 0 done, 1 refused or
// unreachable, 2 wrong usage.
'use strict';

const USAGE = `Usage: pnpm remote list
       pnpm remote deploy <remote> <manifestUrl>
       pnpm remote rollback <remote>
       pnpm remote canary <remote> <manifestUrl> --percent <1-99>
       pnpm remote promote <remote>
       pnpm remote abort <remote> [--note <why>]
Options: --gateway <url> (or GATEWAY_URL, default http://localhost:5000)
         --token <remote>:<secret> (or REMOTE_DEPLOY_TOKEN; a comma list picks the remote's own token)`;

const DEFAULT_GATEWAY = 'http://localhost:5000';
const TIMEOUT_MS = 30_000;

class UsageError extends Error {}

/** Splits argv into the command words and the --gateway/--token/--percent/--note options (`--x value` or `--x=value`). */
function parseArgs(argv) {
  const words = [];
  const options = {};
  for (let i = 0; i < argv.length; i++) {
    const m = /^--(gateway|token|percent|note)(?:=(.*))?$/.exec(argv[i]);
    if (m) {
      const value = m[2] ?? argv[++i];
      if (value === undefined || value === '') throw new UsageError(`--${m[1]} needs a value`);
      options[m[1]] = value;
    } else if (argv[i].startsWith('--')) throw new UsageError(`unknown option ${argv[i]}`);
    else words.push(argv[i]);
  }
  return { words, options };
}

/** The token to send: the one given, or from a comma list (a shared secret store) the one naming `remote`. */
function tokenFor(value, remote) {
  if (!value) return undefined;
  const tokens = value.split(',').map((t) => t.trim()).filter(Boolean);
  return (remote && tokens.find((t) => t.startsWith(`${remote}:`))) || tokens[0];
}

/** One call to the registry: the parsed envelope and the status, or a thrown Error saying why there is none. */
async function call(gateway, method, path, token, body) {
  const headers = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (body) headers['content-type'] = 'application/json';
  let response;
  try {
    response = await fetch(new URL(path, gateway), {
      method,
      headers,
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (err) {
    throw new Error(`could not reach the gateway at ${gateway}: ${err.cause?.code ?? err.cause?.message ?? err.message}`);
  }
  const text = await response.text();
  try {
    return { status: response.status, envelope: JSON.parse(text) };
  } catch {
    throw new Error(`the gateway at ${gateway} answered ${response.status} without the API's JSON (is that the shop's address?)`);
  }
}

/** Rows as aligned columns under a header. */
function table(header, rows) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) => cells.map((c, i) => String(c).padEnd(widths[i])).join('  ').trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/** A build's errors in its page views over the rollout watch's window ("3/120"), '-' when the gateway could not say. */
const healthOf = (h) => (h ? `${h.errors}/${h.views}` : '-');

function formatList(envelope) {
  const minutes = envelope.data.find((d) => d.health)?.health.windowMinutes ?? 5;
  const live = table(
    ['remote', 'version', 'manifest', 'deployed at', 'by', `errors/views ${minutes} min`, 'canary', `canary errors/views`],
    envelope.data.map((d) => [
      d.name,
      d.version ?? '-',
      d.manifestUrl,
      d.deployedAt,
      d.deployedBy,
      healthOf(d.health?.live),
      d.canary ? `${d.canary.version ?? '-'} at ${d.canary.percent} % from ${d.canary.manifestUrl}` : '-',
      d.canary ? healthOf(d.health?.canary) : '-',
    ]),
  );
  const history = table(
    ['at', 'remote', 'action', 'by', 'from', 'to', 'note'],
    envelope.history.slice(0, 20).map((h) => [h.at, h.name, h.action, h.by, h.from ?? '-', h.to, h.note ?? '']),
  );
  return `${live}\n\nHistory (newest first):\n${history}`;
}

/** The percent of a canary: a whole number from 1 to 99 (the gateway checks it too). */
function percentOf(value) {
  if (value === undefined) throw new UsageError('canary needs --percent <1-99>');
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 99) throw new UsageError(`--percent must be a whole number from 1 to 99, got ${value}`);
  return Number(value);
}

/** The method, path and body of one command's call to the registry. */
function requestOf(command, remote, manifestUrl, options) {
  const at = `/api/admin/remotes/${encodeURIComponent(remote ?? '')}`;
  switch (command) {
    case 'list':
      return ['GET', '/api/admin/remotes'];
    case 'deploy':
      return ['PUT', at, { manifestUrl }];
    case 'canary':
      return ['POST', `${at}/canary`, { manifestUrl, percent: percentOf(options.percent) }];
    case 'abort':
      return ['POST', `${at}/abort`, options.note ? { note: options.note } : {}];
    default:
      return ['POST', `${at}/${command}`];
  }
}

/** Runs one command with the validated GATEWAY_URL and REMOTE_DEPLOY_TOKEN (`settings`); `out`/`err` print lines. Returns the exit code. */
async function run(argv, settings, out = console.log, err = console.error) {
  let words;
  let options;
  try {
    ({ words, options } = parseArgs(argv));
    const [command, remote, manifestUrl] = words;
    const wanted = { list: 1, deploy: 3, rollback: 2, canary: 3, promote: 2, abort: 2 }[command];
    if (!wanted || words.length !== wanted) throw new UsageError(command && wanted ? `${command} takes ${wanted - 1} argument(s)` : 'which command?');
    const gateway = options.gateway ?? settings.GATEWAY_URL ?? DEFAULT_GATEWAY;
    if (!/^https?:\/\//.test(gateway)) throw new UsageError(`the gateway must be an http(s) URL, got ${gateway}`);
    const token = tokenFor(options.token ?? settings.REMOTE_DEPLOY_TOKEN, remote);
    if (options.percent !== undefined && command !== 'canary') throw new UsageError('--percent is for canary only');
    if (options.note !== undefined && command !== 'abort') throw new UsageError('--note is for abort only');
    const request = requestOf(command, remote, manifestUrl, options);
    if (!token) err('No deploy token (--token or REMOTE_DEPLOY_TOKEN): the gateway will refuse.');
    const { status, envelope } = await call(gateway, request[0], request[1], token, request[2]);
    if (!envelope.success) {
      err(`Refused (${status}${envelope.code ? ` ${envelope.code}` : ''}): ${envelope.message}`);
      return 1;
    }
    if (command === 'list') out(formatList(envelope));
    else {
      const { deployment, change } = envelope.data;
      out(envelope.message ?? `${deployment.name} is live from ${deployment.manifestUrl}.`);
      out(
        table(
          ['remote', 'action', 'version', 'from', 'to', 'by', 'at', 'note'],
          [[change.name, change.action, deployment.version ?? '-', change.from ?? '-', change.to, change.by, change.at, change.note ?? '']],
        ),
      );
    }
    return 0;
  } catch (e) {
    if (e instanceof UsageError) {
      err(`${e.message}\n${USAGE}`);
      return 2;
    }
    err(e.message);
    return 1;
  }
}

module.exports = { run, parseArgs, tokenFor };

if (require.main === module) {
  // The environment is read through the shop's one configuration schema (a malformed value is named at once).
  const { envSchema } = require('./preflight');
  let settings;
  try {
    settings = envSchema().readEnv(process.env, ['GATEWAY_URL', 'REMOTE_DEPLOY_TOKEN']);
  } catch (e) {
    console.error(e.message);
    process.exit(2);
  }
  run(process.argv.slice(2), settings).then((code) => process.exit(code));
}
