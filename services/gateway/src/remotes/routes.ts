import {
  RemoteAbortBody,
  RemoteCanaryBody,
  RemoteChangeResponse,
  RemoteDeployBody,
  RemoteListResponse,
  RemoteNameParams,
  ROLLOUT_POLICY,
  StrictObject,
  type RemoteDeployment,
  type RemoteHistoryEntry,
  type RemoteName,
} from '@pharmacy/contracts';
import type { FastifyRequest } from 'fastify';
import { auditPlugin, badRequest, ok, okList, responses, unprocessable, type AuditSink, type FastifyPluginAsyncTypebox } from '@pharmacy/service-kit';
import { deployAccess, deployerOf, pipelineActorOf } from './deploy-auth';
import { sri } from './integrity';
import { buildInfoOf, entryUrlOf, fetchEntryBytes, fetchManifestText, ManifestProblem, mismatches, parseManifest } from './manifest';
import type { OriginRule } from './origins';
import { versionTag, type RegistryEntry, type RemoteRegistry } from './registry';
import type { RatesSource } from './rollout/watch';

const NoQuery = StrictObject({});

/**
 * The manifest URL as browsers will be given it (in /remotes.json and a Link header): parsed and re-serialised, so
 * spaces and angle brackets are escaped; refused with a reason when it carries credentials, which would be public.
 */
function normalised(manifestUrl: string): string {
  let url: URL;
  try {
    url = new URL(manifestUrl, 'http://shop.invalid');
  } catch {
    throw badRequest('manifestUrl is not a valid URL.');
  }
  if (url.username || url.password) throw badRequest('manifestUrl must not contain a user name or password: every shopper\'s browser is given it.');
  return manifestUrl.startsWith('/') ? `${url.pathname}${url.search}` : url.href;
}

/**
 * A change to the registry, logged and recorded in the audit trail as the staff member or the team's pipeline (its
 * deploy token) that made it, with the build before and after.
 */
async function recordChange(
  request: FastifyRequest,
  name: RemoteName,
  action: string,
  change: { before: Record<string, unknown>; after: Record<string, unknown> },
  logged: Record<string, unknown>,
  message: string,
): Promise<void> {
  request.log.info(logged, message);
  await request.audit({ action, entity: { type: 'remote', id: name, name }, ...change, actor: pipelineActorOf(request) });
}

export interface RemoteRoutesOptions {
  registry: RemoteRegistry;
  /** Where the built apps are: a same-origin manifest is read from there. */
  root: string;
  /** The versions of the shared packages the host provides now. */
  hostShared: () => ReadonlyMap<string, string>;
  /** REMOTE_DEPLOY_TOKEN: remote → secret. */
  deployTokens: Readonly<Record<string, string>>;
  /** The origins a manifest may be fetched from (remotes/origins.ts). */
  originAllowed: OriginRule;
  /** Where deploys and rollbacks are recorded (docs/architecture.md#audit-trail). */
  audit: AuditSink;
  /** Per-version views and errors (the rollout watch's source): the list shows them beside each build. */
  rates?: RatesSource;
}

/**
 * The remote registry (docs/api.md#remote-registry): what is live, deploy a build after checking it fits the host,
 * roll back. Staff with an admin session, or a team's pipeline with its remote's deploy token.
 */
export const remoteRoutes: FastifyPluginAsyncTypebox<RemoteRoutesOptions> = async (app, { registry, root, hostShared, deployTokens, originAllowed, audit, rates }) => {
  await app.register(auditPlugin, { sink: audit, service: 'gateway' });
  app.addHook('preHandler', deployAccess(deployTokens));

  app.get('/api/admin/remotes', { schema: { tags: ['remotes'], querystring: NoQuery, response: responses(RemoteListResponse) } }, async (request) => {
    const { data, history } = await registry.list();
    return okList(await Promise.all(data.map((d) => withHealth(d, request))), { history });
  });

  /**
   * The deployment with what pages reported of its live build and canary over the watch's window, read by the same
   * version tags the watch compares (docs/operations.md#canary-releases). Counts that cannot be read are left out.
   */
  async function withHealth(deployment: RemoteDeployment, request: FastifyRequest): Promise<RemoteDeployment> {
    const doc = registry.stateOf(deployment.name);
    if (!rates || !doc) return deployment;
    let all;
    try {
      all = await rates(deployment.name, Date.now() - ROLLOUT_POLICY.windowMs);
    } catch (err) {
      request.log.warn({ remote: deployment.name, err: (err as Error).message }, 'the remote\'s error counts could not be read');
      return deployment;
    }
    const of = (entry: RegistryEntry) => {
      const version = versionTag(entry);
      return all.find((r) => r.version === version) ?? { version, views: 0, errors: 0 };
    };
    const health = { windowMinutes: ROLLOUT_POLICY.windowMs / 60_000, live: of(doc.entry), ...(doc.canary ? { canary: of(doc.canary) } : {}) };
    return { ...deployment, health };
  }

  /**
   * The build at `manifestUrl` as the registry records it, once it fits the host: manifest, exposes and shared
   * singletons checked, and the hash of its entry recorded (the gateway and the browser refuse it once it differs).
   * 422 with every mismatch at once.
   */
  async function checkedBuild(name: RemoteName, given: string, request: FastifyRequest): Promise<RegistryEntry> {
    const manifestUrl = normalised(given);
    const source = { root, originAllowed, log: request.log };
    let problems: string[];
    let manifest;
    let integrity: string | undefined;
    try {
      manifest = parseManifest(await fetchManifestText(manifestUrl, source));
      problems = mismatches(name, manifest, hostShared());
      if (!problems.length) integrity = sri(await fetchEntryBytes(entryUrlOf(manifestUrl, buildInfoOf(manifest)), source));
    } catch (err) {
      if (!(err instanceof ManifestProblem)) throw err;
      problems = [err.message];
    }
    if (problems.length || !manifest) throw unprocessable(`The ${name} build at ${manifestUrl} cannot go live: ${problems.join('; ')}.`);
    return { manifestUrl, buildInfo: buildInfoOf(manifest), integrity, deployedAt: new Date().toISOString(), deployedBy: deployerOf(request) };
  }

  app.put(
    '/api/admin/remotes/:name',
    { schema: { tags: ['remotes'], params: RemoteNameParams, querystring: NoQuery, body: RemoteDeployBody, response: responses(RemoteChangeResponse) } },
    async (request) => {
      const name = request.params.name as RemoteName;
      const build = await checkedBuild(name, request.body.manifestUrl, request);
      const result = await registry.deploy(name, build);
      const { manifestUrl, deployedBy: by } = build;
      await recordChange(
        request,
        name,
        'remote.deploy',
        { before: { manifestUrl: result.change.from }, after: { manifestUrl, buildInfo: result.deployment.buildInfo, integrity: build.integrity } },
        { remote: name, from: result.change.from, to: manifestUrl, by },
        'remote deployed',
      );
      return ok(result, `${name} is live from ${manifestUrl}.`);
    },
  );

  app.post(
    '/api/admin/remotes/:name/canary',
    { schema: { tags: ['remotes'], params: RemoteNameParams, querystring: NoQuery, body: RemoteCanaryBody, response: responses(RemoteChangeResponse) } },
    async (request) => {
      const name = request.params.name as RemoteName;
      const { percent } = request.body;
      const build = await checkedBuild(name, request.body.manifestUrl, request);
      const result = await registry.canary(name, build, percent);
      await recordChange(
        request,
        name,
        'remote.canary',
        { before: { manifestUrl: result.change.from }, after: { manifestUrl: build.manifestUrl, buildInfo: build.buildInfo, integrity: build.integrity, percent } },
        { remote: name, live: result.change.from, canary: build.manifestUrl, percent, by: build.deployedBy },
        'remote canary started',
      );
      return ok(result, `${name} from ${build.manifestUrl} is in front of ${percent} % of visitors; everyone else stays on ${result.change.from}.`);
    },
  );

  app.post(
    '/api/admin/remotes/:name/abort',
    { schema: { tags: ['remotes'], params: RemoteNameParams, querystring: NoQuery, body: RemoteAbortBody, response: responses(RemoteChangeResponse) } },
    async (request) => {
      const name = request.params.name as RemoteName;
      const note = request.body?.note;
      const result = await registry.abort(name, deployerOf(request), { note });
      await recordChange(
        request,
        name,
        'remote.abort',
        { before: { canary: result.change.from }, after: { manifestUrl: result.change.to, ...(note ? { note } : {}) } },
        { remote: name, canary: result.change.from, by: result.change.by },
        'remote canary aborted',
      );
      return ok(result, `${name}'s canary ${result.change.from} is stopped; everyone is on ${result.change.to}.`);
    },
  );

  // Promote and roll back name nothing but the remote: the registry knows which build each one moves to.
  const moves = [
    { move: 'promote', said: 'remote canary promoted', answer: (name: string, c: RemoteHistoryEntry) => `${name} is live from ${c.to} for everyone; ${c.from} can be rolled back to.` },
    { move: 'rollback', said: 'remote rolled back', answer: (name: string, c: RemoteHistoryEntry) => `${name} is back on ${c.to}.` },
  ] as const;
  for (const { move, said, answer } of moves) {
    app.post(
      `/api/admin/remotes/:name/${move}`,
      { schema: { tags: ['remotes'], params: RemoteNameParams, querystring: NoQuery, response: responses(RemoteChangeResponse) } },
      async (request) => {
        const name = request.params.name as RemoteName;
        const result = await registry[move](name, deployerOf(request));
        const { from, to, by } = result.change;
        await recordChange(request, name, `remote.${move}`, { before: { manifestUrl: from }, after: { manifestUrl: to } }, { remote: name, from, to, by }, said);
        return ok(result, answer(name, result.change));
      },
    );
  }
};
